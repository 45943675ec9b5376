package org.orderapp.driver.audit;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.orderapp.driver.workload.AcknowledgedOrder;

/**
 * Checks after a run that nothing was lost or invented: every order the server acknowledged exists with all
 * its lines and the acknowledged total, which is the sum of its lines; and at every distribution center, net
 * stock (on hand − backordered) moved by exactly what was ordered and what was replenished between the two
 * snapshots: initial − ordered + replenished = current. The same balance per product at each center is the
 * lost-update check: a stock row whose update was lost (overwritten by a transaction that had not seen it, as Jepsen
 * reports of MariaDB Galera) no longer balances, though its center's sum may. And what the replenish outbox still
 * holds unpublished.
 */
public final class Audit {

    private static final int CHUNK = 500;

    private Audit() {
    }

    public static AuditResult check(Connection c, StockSnapshot before, StockSnapshot after,
                                    List<AcknowledgedOrder> acknowledged, boolean drained) throws SQLException {
        var findings = new ArrayList<String>();
        long found = 0;
        long notSum = 0;
        long wrongLines = 0;
        long wrongTotal = 0;
        long quantityAcknowledged = 0;
        long replenishRequested = 0;
        long replenishApplied = 0;
        long answeredWithAnother = 0;
        for (int from = 0; from < acknowledged.size(); from += CHUNK) {
            List<AcknowledgedOrder> chunk = acknowledged.subList(from, Math.min(acknowledged.size(), from + CHUNK));
            Map<String, Object[]> rows = readOrders(c, chunk);
            long[] replenish = readReplenishment(c, chunk);
            replenishRequested += replenish[0];
            replenishApplied += replenish[1];
            for (String finding : keyMismatches(c, chunk)) {
                answeredWithAnother++;
                if (findings.size() < 20) {
                    findings.add(finding);
                }
            }
            for (AcknowledgedOrder order : chunk) {
                quantityAcknowledged += order.quantity();
                Object[] row = rows.get(hex(order.id()));
                if (row == null) {
                    if (findings.size() < 20) {
                        findings.add("acknowledged order " + order.id() + " of customer " + order.customerId() + " is missing");
                    }
                    continue;
                }
                found++;
                if ((long) row[1] != order.lines() || (long) row[3] != order.quantity()) {
                    wrongLines++;
                    if (findings.size() < 20) {
                        findings.add("order " + order.id() + " has " + row[1] + " lines and quantity " + row[3]
                                + ", acknowledged " + order.lines() + " lines and quantity " + order.quantity());
                    }
                }
                if (((BigDecimal) row[0]).compareTo((BigDecimal) row[2]) != 0) {
                    notSum++;
                    if (findings.size() < 20) {
                        findings.add("order " + order.id() + " has total " + row[0] + " but its lines add up to " + row[2]);
                    }
                }
                if (((BigDecimal) row[0]).compareTo(order.total()) != 0) {
                    wrongTotal++;
                    if (findings.size() < 20) {
                        findings.add("order " + order.id() + " has total " + row[0] + ", acknowledged " + order.total());
                    }
                }
            }
        }
        long missing = acknowledged.size() - found;
        long placed = after.orders() - before.orders();
        var centers = new ArrayList<AuditResult.CenterBalance>();
        var ids = new TreeSet<Integer>(before.netStock().keySet());
        ids.addAll(after.netStock().keySet());
        boolean balanced = true;
        for (int center : ids) {
            long initial = before.netStock().getOrDefault(center, 0L);
            long ordered = after.ordered().getOrDefault(center, 0L) - before.ordered().getOrDefault(center, 0L);
            long replenished = after.replenished().getOrDefault(center, 0L) - before.replenished().getOrDefault(center, 0L);
            long current = after.netStock().getOrDefault(center, 0L);
            var balance = new AuditResult.CenterBalance(center, initial, ordered, replenished, initial - ordered + replenished, current);
            if (!balance.balanced()) {
                balanced = false;
                findings.add("distribution center " + center + ": initial " + initial + " − ordered " + ordered + " + replenished "
                        + replenished + " = " + balance.expected() + ", but the current net stock is " + current);
            }
            if (ordered > 0 || replenished > 0 || !balance.balanced()) {
                centers.add(balance);
            }
        }
        long lostUpdates = lostUpdates(before, after, findings);
        long notAcknowledged = Math.max(0, placed - found);
        if (!drained) {
            findings.add("the replenish queue had not drained when the audit ran; stock may still move");
        }
        long quantityOrdered = centers.stream().mapToLong(AuditResult.CenterBalance::ordered).sum();
        if (quantityOrdered < quantityAcknowledged) {
            findings.add("the database holds less ordered quantity (" + quantityOrdered + ") than was acknowledged ("
                    + quantityAcknowledged + ")");
        }
        if (drained && replenishApplied < replenishRequested) {
            findings.add((replenishRequested - replenishApplied) + " of the " + replenishRequested + " replenish requests of acknowledged "
                    + "orders never took effect (no replenishment row with their id)");
        }
        long orphaned = orphanedReplenishments(c);
        if (orphaned > 0) {
            findings.add(orphaned + " replenishments name an order that does not hold their request (a request of a rolled-back "
                    + "order took effect)");
        }
        long keysStored = before.keys() < 0 || after.keys() < 0 ? -1 : after.keys() - before.keys();
        boolean keyed = acknowledged.stream().anyMatch(o -> o.key() != null);
        long withoutKey = keyed && keysStored >= 0 ? Math.max(0, placed - keysStored) : 0;
        if (withoutKey > 0) {
            findings.add(placed + " orders were placed but only " + keysStored + " idempotency keys stored: " + withoutKey
                    + " orders beyond one per key");
        }
        long duplicates = withoutKey + answeredWithAnother;
        OutboxBacklog outbox = OutboxBacklog.read(c, Instant.now());
        if (outbox.any()) {
            findings.add(String.format(Locale.ROOT, "%d replenish requests were written to the outbox and not yet published "
                    + "(the oldest %.1f s before the audit)", outbox.unpublished(), outbox.oldestAgeSeconds()));
        }
        long afterRetry = acknowledged.stream().filter(o -> o.attempts() > 1).count();
        boolean pass = duplicates == 0 && missing == 0 && wrongLines == 0 && wrongTotal == 0 && notSum == 0 && balanced
                && lostUpdates == 0
                && quantityOrdered >= quantityAcknowledged && (!drained || replenishApplied == replenishRequested) && orphaned == 0
                // The drain waits for the outbox too, so a request still unpublished after it has waited its drain timeout
                // for a relay that did not send it: not applied, whether or not the queue had emptied.
                && !outbox.any();
        return new AuditResult(pass, acknowledged.size(), found, missing, wrongLines, wrongTotal, notSum, placed, notAcknowledged,
                quantityAcknowledged, quantityOrdered, centers, lostUpdates, replenishRequested, replenishApplied, orphaned, keysStored, duplicates,
                afterRetry, drained, outbox, findings);
    }

    /**
     * The stock rows (a product at a center) whose net stock did not move by exactly what was ordered and replenished of
     * them: each an update lost, or applied twice; the first few named in the findings.
     */
    static long lostUpdates(StockSnapshot before, StockSnapshot after, List<String> findings) {
        var rows = new TreeSet<StockSnapshot.Row>(before.rows().keySet());
        rows.addAll(after.rows().keySet());
        long lost = 0;
        for (StockSnapshot.Row row : rows) {
            var initial = before.rows().getOrDefault(row, StockSnapshot.Figures.NONE);
            var current = after.rows().getOrDefault(row, StockSnapshot.Figures.NONE);
            long expected = initial.net() - (current.ordered() - initial.ordered()) + (current.replenished() - initial.replenished());
            if (expected != current.net()) {
                lost++;
                if (lost <= 10) {
                    findings.add("product " + row.product() + " at center " + row.center() + ": initial " + initial.net() + " − ordered "
                            + (current.ordered() - initial.ordered()) + " + replenished " + (current.replenished() - initial.replenished())
                            + " = " + expected + ", but its net stock is " + current.net() + " (a lost update: off by "
                            + (current.net() - expected) + ")");
                }
            }
        }
        return lost;
    }

    /** hex(id) → {total, line count, sum of extended prices, sum of quantities}. */
    private static Map<String, Object[]> readOrders(Connection c, List<AcknowledgedOrder> chunk) throws SQLException {
        var sql = new StringBuilder("SELECT HEX(o.id), o.total_amount, COUNT(l.line_number), COALESCE(SUM(l.extended_price), 0), "
                + "COALESCE(SUM(l.quantity), 0) FROM orders o LEFT JOIN order_line l ON l.order_id = o.id WHERE o.id IN (");
        for (int i = 0; i < chunk.size(); i++) {
            sql.append(i == 0 ? "UNHEX(?)" : ",UNHEX(?)");
        }
        sql.append(") GROUP BY o.id, o.total_amount");
        Map<String, Object[]> rows = new HashMap<>();
        try (var ps = c.prepareStatement(sql.toString())) {
            for (int i = 0; i < chunk.size(); i++) {
                ps.setString(i + 1, hex(chunk.get(i).id()));
            }
            try (var r = ps.executeQuery()) {
                while (r.next()) {
                    rows.put(r.getString(1).toUpperCase(), new Object[] {r.getBigDecimal(2), r.getLong(3), r.getBigDecimal(4), r.getLong(5)});
                }
            }
        }
        return rows;
    }

    /**
     * The chunk's acknowledged orders whose Idempotency-Key names another order (a retry placed a second one), or whose
     * key was not stored with them; keys of a schema without the table are not checked.
     */
    private static List<String> keyMismatches(Connection c, List<AcknowledgedOrder> chunk) throws SQLException {
        List<AcknowledgedOrder> keyed = chunk.stream().filter(o -> o.key() != null).toList();
        if (keyed.isEmpty()) {
            return List.of();
        }
        var sql = new StringBuilder("SELECT idempotency_key, HEX(order_id) FROM idempotency_key WHERE idempotency_key IN (");
        for (int i = 0; i < keyed.size(); i++) {
            sql.append(i == 0 ? "?" : ",?");
        }
        sql.append(')');
        Map<String, String> orderOfKey = new HashMap<>();
        try (var ps = c.prepareStatement(sql.toString())) {
            for (int i = 0; i < keyed.size(); i++) {
                ps.setString(i + 1, keyed.get(i).key());
            }
            try (var r = ps.executeQuery()) {
                while (r.next()) {
                    orderOfKey.put(r.getString(1), r.getString(2).toUpperCase());
                }
            }
        } catch (SQLException noSuchTable) {
            return List.of();
        }
        var found = new ArrayList<String>();
        for (AcknowledgedOrder order : keyed) {
            String stored = orderOfKey.get(order.key());
            if (!hex(order.id()).equals(stored)) {
                found.add("acknowledged order " + order.id() + " (key " + order.key() + ", " + order.attempts() + " attempts): "
                        + (stored == null ? "its key is not stored" : "its key names another order, " + stored));
            }
        }
        return found;
    }

    /** {replenish requests the chunk's orders' lines record, how many of them have their replenishment row}. */
    private static long[] readReplenishment(Connection c, List<AcknowledgedOrder> chunk) throws SQLException {
        var sql = new StringBuilder("SELECT COUNT(l.replenish_request_id), COUNT(r.request_id) FROM order_line l "
                + "LEFT JOIN replenishment r ON r.request_id = l.replenish_request_id WHERE l.order_id IN (");
        for (int i = 0; i < chunk.size(); i++) {
            sql.append(i == 0 ? "UNHEX(?)" : ",UNHEX(?)");
        }
        sql.append(')');
        try (var ps = c.prepareStatement(sql.toString())) {
            for (int i = 0; i < chunk.size(); i++) {
                ps.setString(i + 1, hex(chunk.get(i).id()));
            }
            try (var r = ps.executeQuery()) {
                r.next();
                return new long[] {r.getLong(1), r.getLong(2)};
            }
        }
    }

    /**
     * Replenishments applied for an order that does not record their request: the order rolled back (or never
     * existed) while its message was delivered. Over every replenishment that names its order (the order's lines
     * are found by their key's first column).
     */
    private static long orphanedReplenishments(Connection c) throws SQLException {
        try (var s = c.createStatement(); var r = s.executeQuery("SELECT COUNT(*) FROM replenishment r WHERE r.order_id IS NOT NULL "
                + "AND NOT EXISTS (SELECT 1 FROM order_line l WHERE l.order_id = r.order_id AND l.replenish_request_id = r.request_id)")) {
            r.next();
            return r.getLong(1);
        }
    }

    /** A UUID's 32 hex digits, upper case, as HEX() returns them. */
    static String hex(String uuid) {
        return uuid.replace("-", "").toUpperCase();
    }
}

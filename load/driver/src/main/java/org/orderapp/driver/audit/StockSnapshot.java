package org.orderapp.driver.audit;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.TreeMap;

/**
 * The stock and what moved it, read in one consistent snapshot, per distribution center: net stock (on hand minus
 * backordered), the quantity ever replenished, and the quantity ever ordered. What happened between two snapshots
 * is their difference, whatever keys the orders have and whatever else the database holds. With the number of orders
 * and of stored idempotency keys (-1: the schema has no such table), each order of the load storing exactly one.
 * The same three figures per product at each center ({@code rows}): what an update of one stock row lost shows in.
 */
public record StockSnapshot(Map<Integer, Long> netStock, Map<Integer, Long> replenished, Map<Integer, Long> ordered,
                            long orders, long keys, Map<Row, Figures> rows) {

    /** A stock row: a product at a distribution center. */
    public record Row(int center, long product) implements Comparable<Row> {
        @Override
        public int compareTo(Row o) {
            return center != o.center ? Integer.compare(center, o.center) : Long.compare(product, o.product);
        }
    }

    /** A stock row's net stock, and the quantities ever ordered and replenished of it. */
    public record Figures(long net, long ordered, long replenished) {
        static final Figures NONE = new Figures(0, 0, 0);
    }

    public static StockSnapshot take(Connection c) throws SQLException {
        boolean autoCommit = c.getAutoCommit();
        int isolation = c.getTransactionIsolation();
        c.setAutoCommit(false);
        c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
        try (var s = c.createStatement()) {
            s.execute("START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY");
            Map<Integer, Long> net = new TreeMap<>();
            try (var r = s.executeQuery("SELECT distribution_center_id, SUM(quantity_on_hand - backorder_quantity) "
                    + "FROM inventory GROUP BY distribution_center_id")) {
                while (r.next()) {
                    net.put(r.getInt(1), r.getLong(2));
                }
            }
            Map<Integer, Long> replenished = new TreeMap<>();
            try (var r = s.executeQuery("SELECT distribution_center_id, SUM(quantity) FROM replenishment GROUP BY distribution_center_id")) {
                while (r.next()) {
                    replenished.put(r.getInt(1), r.getLong(2));
                }
            }
            Map<Integer, Long> ordered = new TreeMap<>();
            try (var r = s.executeQuery("SELECT o.distribution_center_id, SUM(l.quantity) FROM order_line l "
                    + "JOIN orders o ON o.id = l.order_id GROUP BY o.distribution_center_id")) {
                while (r.next()) {
                    ordered.put(r.getInt(1), r.getLong(2));
                }
            }
            long count;
            try (var r = s.executeQuery("SELECT COUNT(*) FROM orders")) {
                r.next();
                count = r.getLong(1);
            }
            long keys;
            try (var r = s.executeQuery("SELECT COUNT(*) FROM idempotency_key")) {
                r.next();
                keys = r.getLong(1);
            } catch (SQLException noSuchTable) { // an older checkout's schema (experiments run other builds)
                keys = -1;
            }
            Map<Row, Figures> rows = rows(s);
            c.commit();
            return new StockSnapshot(net, replenished, ordered, count, keys, rows);
        } finally {
            c.setAutoCommit(autoCommit);
            c.setTransactionIsolation(isolation);
        }
    }

    /** Per product and center, in the snapshot's transaction. */
    private static Map<Row, Figures> rows(java.sql.Statement s) throws SQLException {
        Map<Row, long[]> figures = new TreeMap<>();
        try (var r = s.executeQuery("SELECT distribution_center_id, product_id, quantity_on_hand - backorder_quantity FROM inventory")) {
            while (r.next()) {
                figures.computeIfAbsent(new Row(r.getInt(1), r.getLong(2)), k -> new long[3])[0] = r.getLong(3);
            }
        }
        try (var r = s.executeQuery("SELECT o.distribution_center_id, l.product_id, SUM(l.quantity) FROM order_line l "
                + "JOIN orders o ON o.id = l.order_id GROUP BY o.distribution_center_id, l.product_id")) {
            while (r.next()) {
                figures.computeIfAbsent(new Row(r.getInt(1), r.getLong(2)), k -> new long[3])[1] = r.getLong(3);
            }
        }
        try (var r = s.executeQuery("SELECT distribution_center_id, product_id, SUM(quantity) FROM replenishment "
                + "GROUP BY distribution_center_id, product_id")) {
            while (r.next()) {
                figures.computeIfAbsent(new Row(r.getInt(1), r.getLong(2)), k -> new long[3])[2] = r.getLong(3);
            }
        }
        Map<Row, Figures> rows = new TreeMap<>();
        figures.forEach((row, f) -> rows.put(row, new Figures(f[0], f[1], f[2])));
        return rows;
    }
}

package org.orderapp.driver.audit;

import java.util.List;

/**
 * The audit's findings, each with its numbers. PASS when every acknowledged order is in the database with all its
 * lines and its total, its total is the sum of its lines, stock is conserved at every center, and replenishment
 * took effect exactly once: every replenish request an acknowledged order's line records was applied (once: the
 * request id is the replenishment's key), and no replenishment names an order that does not hold its request.
 * Orders placed but never acknowledged (answered after the client gave up) are counted, not failed: nothing was
 * lost. Exactly once under retries: every order the load placed stored one Idempotency-Key (orders placed without one,
 * which a retry creating a second order would be, are duplicates), and every acknowledged order is the one its key
 * names (a retry answered with another order is a duplicate too); keysStored is -1 when the schema has no keys.
 * lostUpdates: the stock rows (a product at a center) that do not balance, initial − ordered + replenished ≠ current,
 * each an update of its stock lost; 0 to pass.
 * outbox: the replenish requests written to the outbox and not yet published when the audit ran, with the oldest's age
 * (none to pass: the audit runs after the drain, which waits for the outbox too, so one still there was not sent in time).
 */
public record AuditResult(
        boolean pass,
        long acknowledged,
        long acknowledgedFound,
        long acknowledgedMissing,
        long acknowledgedWrongLines,
        long acknowledgedWrongTotal,
        long acknowledgedTotalNotSum,
        long ordersPlaced,
        long ordersNotAcknowledged,
        long quantityAcknowledged,
        long quantityOrdered,
        List<CenterBalance> centers,
        long lostUpdates,
        long replenishRequested,
        long replenishApplied,
        long replenishOrphaned,
        long keysStored,
        long duplicates,
        long acknowledgedAfterRetry,
        boolean drained,
        OutboxBacklog outbox,
        List<String> findings) {

    /**
     * This audit and the same audit run on another copy of the data (another node of a database cluster): PASS only when
     * both pass; the counts are this one's, except that what either found missing or wrong is the larger of the two;
     * the other's findings follow this one's, named by where it ran; the outbox's backlog is the larger one.
     */
    public AuditResult and(String where, AuditResult other) {
        var all = new java.util.ArrayList<>(findings);
        other.findings.forEach(f -> all.add(where + ": " + f));
        return new AuditResult(pass && other.pass, acknowledged, Math.min(acknowledgedFound, other.acknowledgedFound),
                Math.max(acknowledgedMissing, other.acknowledgedMissing), Math.max(acknowledgedWrongLines, other.acknowledgedWrongLines),
                Math.max(acknowledgedWrongTotal, other.acknowledgedWrongTotal),
                Math.max(acknowledgedTotalNotSum, other.acknowledgedTotalNotSum), ordersPlaced, ordersNotAcknowledged,
                quantityAcknowledged, quantityOrdered, centers, Math.max(lostUpdates, other.lostUpdates), replenishRequested, Math.min(replenishApplied, other.replenishApplied),
                Math.max(replenishOrphaned, other.replenishOrphaned), keysStored, Math.max(duplicates, other.duplicates),
                acknowledgedAfterRetry, drained && other.drained, outbox.and(other.outbox), List.copyOf(all));
    }

    /** initial − ordered + replenished = expected; PASS when it equals the current net stock. */
    public record CenterBalance(int center, long initial, long ordered, long replenished, long expected, long current) {
        public boolean balanced() {
            return expected == current;
        }
    }
}

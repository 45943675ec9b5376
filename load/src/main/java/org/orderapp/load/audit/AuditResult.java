package org.orderapp.load.audit;

import java.util.List;

/**
 * The audit's findings, each with its numbers. PASS when every acknowledged order is in the database with all its
 * lines and its total, its total is the sum of its lines, stock is conserved at every center, and replenishment
 * took effect exactly once: every replenish request an acknowledged order's line records was applied (once: the
 * request id is the replenishment's key), and no replenishment names an order that does not hold its request.
 * Orders placed but never acknowledged (answered after the client gave up) are counted, not failed: nothing was
 * lost.
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
        long replenishRequested,
        long replenishApplied,
        long replenishOrphaned,
        boolean drained,
        List<String> findings) {

    /** initial − ordered + replenished = expected; PASS when it equals the current net stock. */
    public record CenterBalance(int center, long initial, long ordered, long replenished, long expected, long current) {
        public boolean balanced() {
            return expected == current;
        }
    }
}

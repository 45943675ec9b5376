package org.orderapp.load.audit;

import java.util.List;

/**
 * The audit's findings, each with its numbers. PASS when every acknowledged order is in the database with all its
 * lines and its total, its total is the sum of its lines, and stock is conserved at every center. Orders placed
 * but never acknowledged (answered after the client gave up) are counted, not failed: nothing was lost.
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
        boolean drained,
        List<String> findings) {

    /** initial − ordered + replenished = expected; PASS when it equals the current net stock. */
    public record CenterBalance(int center, long initial, long ordered, long replenished, long expected, long current) {
        public boolean balanced() {
            return expected == current;
        }
    }
}

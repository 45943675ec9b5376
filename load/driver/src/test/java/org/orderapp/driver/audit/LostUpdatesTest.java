package org.orderapp.driver.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Stock conservation per product at each center: the audit's lost-update check. */
class LostUpdatesTest {

    private static final StockSnapshot.Row A = new StockSnapshot.Row(1, 10);
    private static final StockSnapshot.Row B = new StockSnapshot.Row(1, 11);

    private static StockSnapshot snapshot(Map<StockSnapshot.Row, StockSnapshot.Figures> rows) {
        return new StockSnapshot(Map.of(), Map.of(), Map.of(), 0, 0, rows);
    }

    @Test
    void rowsThatMovedByWhatWasOrderedAndReplenishedBalance() {
        var before = snapshot(Map.of(A, new StockSnapshot.Figures(100, 5, 0), B, new StockSnapshot.Figures(50, 0, 0)));
        var after = snapshot(Map.of(A, new StockSnapshot.Figures(100 - 7 + 20, 12, 20), B, new StockSnapshot.Figures(50, 0, 0)));
        var findings = new ArrayList<String>();
        assertEquals(0, Audit.lostUpdates(before, after, findings));
        assertTrue(findings.isEmpty(), findings.toString());
    }

    /**
     * Two orders took one unit each of A, and one order's decrement was overwritten by the other's (a lost update),
     * while B lost a unit it should not have: the center's sum balances, each row does not.
     */
    @Test
    void aLostUpdateIsSeenEvenWhenTheCentersSumBalances() {
        var before = snapshot(Map.of(A, new StockSnapshot.Figures(100, 0, 0), B, new StockSnapshot.Figures(50, 0, 0)));
        var after = snapshot(Map.of(A, new StockSnapshot.Figures(99, 2, 0), B, new StockSnapshot.Figures(49, 0, 0)));
        var findings = new ArrayList<String>();
        assertEquals(2, Audit.lostUpdates(before, after, findings));
        assertTrue(findings.get(0).startsWith("product 10 at center 1: initial 100 − ordered 2 + replenished 0 = 98, but its net "
                + "stock is 99 (a lost update: off by 1)"), findings.toString());
    }

    @Test
    void aRowNewSinceTheFirstSnapshotStartsFromNothing() {
        var after = snapshot(Map.of(A, new StockSnapshot.Figures(0, 3, 3)));
        assertEquals(0, Audit.lostUpdates(snapshot(Map.of()), after, new ArrayList<>()));
    }
}

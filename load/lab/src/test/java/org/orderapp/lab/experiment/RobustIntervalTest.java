package org.orderapp.lab.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RobustIntervalTest {

    @Test
    void theSignedRankCriticalValuesAreThoseOfTheTables() {
        // Two-sided 5 %: reject when T <= 0, 2, 3, 5, 8, 25, 52 for n = 6, 7, 8, 9, 10, 15, 20; k is one more.
        int[][] table = {{5, 0}, {6, 1}, {7, 3}, {8, 4}, {9, 6}, {10, 9}, {15, 26}, {20, 53}};
        for (int[] row : table) {
            assertEquals(row[1], Statistics.signedRankCritical(row[0]), "n = " + row[0]);
        }
    }

    @Test
    void theHodgesLehmannEstimateIsTheMedianOfTheWalshAverages() {
        Interval i = Statistics.hodgesLehmann(new double[] {1, 2, 3, 4, 5, 6});
        assertEquals(3.5, i.estimate(), 1e-12);
        assertEquals(1.0, i.low(), 1e-12, "with six values the interval runs from the smallest Walsh average");
        assertEquals(6.0, i.high(), 1e-12);
        assertFalse(Statistics.hodgesLehmann(new double[] {1, 2, 3, 4, 5}).hasInterval(), "five values give no 95 % interval");
    }

    @Test
    void oneStalledBlockAmongSixteenWidensTheRobustIntervalFarLessThanTheTInterval() {
        double[] control = new double[16];
        java.util.Arrays.fill(control, 100);
        double[] variant = {101, 99, 102, 100, 98, 101, 100, 99, 101, 100, 102, 98, 99, 101, 100, 10}; // the last block stalled
        Interval robust = Statistics.pairedRatioRobust(variant, control);
        Interval t = Statistics.pairedRatio(variant, control);
        double robustWidth = robust.high() / robust.low();
        double tWidth = t.high() / t.low();
        assertTrue(robustWidth < 1.05 && tWidth > 1.5, "robust " + robust + ", t " + t);
        assertEquals(1.0, robust.estimate(), 0.02);
    }
}

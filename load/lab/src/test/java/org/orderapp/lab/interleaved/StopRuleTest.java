package org.orderapp.lab.interleaved;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.orderapp.lab.experiment.Statistics;

class StopRuleTest {

    private static final StopRule RULE = new StopRule(0.03, Duration.ofMinutes(30), StopRule.DEFAULT_MIN_BLOCKS);

    /** The half-width an interval over n blocks would have, its blocks spreading as over the first ones. */
    private static double widthAfter(int n, int blocks, double widest) {
        return widest * Math.sqrt(blocks) / Statistics.tQuantile(blocks - 1) * Statistics.tQuantile(n - 1) / Math.sqrt(n);
    }

    @Test
    void forecastsTheFewestBlocksWhoseIntervalReachesThePrecision() {
        // Twice the precision after 10 blocks: about four times the blocks, a little fewer as t's quantile falls.
        Integer needed = RULE.blocksFor(10, 0.06);
        assertTrue(needed != null && needed > 30 && needed < 40, "about 4 x 10 blocks, less t's fall: " + needed);
        assertTrue(widthAfter(needed, 10, 0.06) <= 0.03, "reached at the forecast");
        assertTrue(widthAfter(needed - 1, 10, 0.06) > 0.03, "not a block earlier");
    }

    @Test
    void anIntervalAlreadyWithinNeedsNoMoreBlocksThanTheMinimum() {
        assertEquals(9, RULE.blocksFor(9, 0.02));
        assertEquals(StopRule.DEFAULT_MIN_BLOCKS, RULE.blocksFor(3, 0.001), "never fewer than the rule's minimum");
    }

    @Test
    void givesNoForecastWithoutTwoBlocksOrAWidthOrBeyondItsLongest() {
        assertNull(RULE.blocksFor(1, 0.06));
        assertNull(RULE.blocksFor(10, null));
        assertNull(RULE.blocksFor(10, 0.06 * 20), "400 times the blocks is out of reach");
        // At the boundary: a width that the longest forecast just reaches, and one it just misses.
        double reached = 0.03 * Statistics.tQuantile(9) / Math.sqrt(10) * Math.sqrt(StopRule.LONGEST_FORECAST)
                / Statistics.tQuantile(StopRule.LONGEST_FORECAST - 1);
        assertEquals(StopRule.LONGEST_FORECAST, RULE.blocksFor(10, reached * 0.9999));
        assertNull(RULE.blocksFor(10, reached * 1.0001));
    }
}

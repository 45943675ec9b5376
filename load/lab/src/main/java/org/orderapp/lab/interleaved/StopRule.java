package org.orderapp.lab.interleaved;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.orderapp.driver.settings.Durations;
import org.orderapp.lab.experiment.Statistics;

/**
 * When an interleaved experiment stops: once every headline interval (the ratio of throughput and of CPU ms per
 * transaction, each variant against the control at each step) has a relative half-width at or below the precision,
 * after at least the minimum of blocks; or when the time is up, whatever the intervals say.
 *
 * @param precision the largest relative half-width of a 95 % interval, e.g. 0.03 for 3 %
 * @param maxTime   the experiment's whole wall time, start and warm-up included
 * @param minBlocks blocks before the precision may stop it: six, the fewest for which the signed-rank interval of the
 *                  interleaved ratios reaches 95 %
 */
public record StopRule(double precision, Duration maxTime, int minBlocks) {

    public static final double DEFAULT_PRECISION = 0.03;
    /** The longest wall time of an experiment that names none, as the command line and a file write it. */
    public static final String DEFAULT_MAX_TIME_TEXT = "45m";
    public static final Duration DEFAULT_MAX_TIME = Durations.parse(DEFAULT_MAX_TIME_TEXT);
    public static final int DEFAULT_MIN_BLOCKS = 6;
    /** Narrower than this is beyond what a noisy two-core machine gives in hours. */
    public static final double FINEST_PRECISION = 0.002;

    public StopRule {
        if (!(precision >= FINEST_PRECISION && precision < 1)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "a precision between %.1f %% and 100 %% (exclusive), e.g. 3%%; got %s", 100 * FINEST_PRECISION,
                    formatPercent(precision)));
        }
        if (maxTime.isNegative() || maxTime.isZero()) {
            throw new IllegalArgumentException("the time limit must be positive");
        }
        if (minBlocks < 2) {
            throw new IllegalArgumentException("at least 2 blocks: an interval needs two paired values");
        }
    }

    /** What the rule says now. */
    public enum Decision {
        GO_ON, PRECISION_REACHED, TIME_UP
    }

    /**
     * @param blocks      the blocks measured so far
     * @param elapsed     since the experiment started
     * @param halfWidths  the headline intervals' relative half-widths; null for one that has none yet
     * @param nextBlock   about how long one more block takes: a block that would end past the limit is not begun
     */
    public Decision decide(int blocks, Duration elapsed, List<Double> halfWidths, Duration nextBlock) {
        boolean precise = !halfWidths.isEmpty() && halfWidths.stream().allMatch(h -> h != null && h <= precision);
        if (blocks >= minBlocks && precise) {
            return Decision.PRECISION_REACHED;
        }
        if (elapsed.plus(nextBlock).compareTo(maxTime) > 0) {
            return Decision.TIME_UP;
        }
        return Decision.GO_ON;
    }

    /** The most blocks {@link #blocksFor} forecasts; beyond it the precision is out of reach of this machine's day. */
    public static final int LONGEST_FORECAST = 1000;

    /**
     * About how many counted blocks would bring the widest interval to the precision if the blocks went on spreading as
     * the counted ones did: an interval over n blocks narrows as Student's t quantile (n − 1 degrees of freedom) over the
     * root of n, the signed-rank intervals of the ratios and the spins nearly so. Why: a run stopped at its time limit
     * says how far it was, and this says how much longer would have done (a {@code --max-time} to ask), or that no
     * sensible time would on this machine today.
     *
     * @param blocks the counted blocks the widest interval is over
     * @param widest the widest half-width in the precision's terms (a spin's as {@link #decide} reads it)
     * @return the blocks (at least {@code blocks} and the rule's minimum); null without two blocks or a width, or beyond
     *         {@link #LONGEST_FORECAST}
     */
    public Integer blocksFor(int blocks, Double widest) {
        if (blocks < 2 || widest == null || !(widest >= 0)) {
            return null;
        }
        double spread = widest * Math.sqrt(blocks) / Statistics.tQuantile(blocks - 1);
        for (int n = Math.max(blocks, minBlocks); n <= LONGEST_FORECAST; n++) {
            if (spread * Statistics.tQuantile(n - 1) / Math.sqrt(n) <= precision) {
                return n;
            }
        }
        return null;
    }

    /**
     * The relative half-width of a ratio's interval: how far its farther end lies from the estimate, as a share of the
     * estimate (a ratio of 1.02 with 0.99–1.05 has 2.9 %); null without an interval.
     */
    public static Double halfWidth(Double estimate, Double low, Double high) {
        if (estimate == null || low == null || high == null || !(estimate > 0)) {
            return null;
        }
        return Math.max(high / estimate - 1, 1 - low / estimate);
    }

    static String formatPercent(double share) {
        return String.format(Locale.ROOT, "%.3g %%", 100 * share);
    }
}

package org.orderapp.load.engine;

import java.time.Duration;
import java.util.List;

/**
 * When a warm-up may end: after at least {@code min} (and the step's own warm-up), once the last {@code windows}
 * windows of {@code window} each (throughput of successful requests) all lie within ±{@code tolerance} of their
 * mean; at the latest after {@code max}. A freshly started server needs this: its JIT compiler is still at work long
 * after a fixed 10-s warm-up. Measured here with the machine saturated (2 cores): a fresh server's throughput rose for
 * about two minutes, and 10-s windows of a warm server still moved by ±10–20 %, so the defaults ask for two minutes
 * and then 30 s within ±10 %.
 */
public record SteadyState(Duration min, Duration window, int windows, double tolerance, Duration max) {

    public SteadyState {
        if (min.isNegative() || window.toMillis() < 100 || windows < 2 || !(tolerance > 0 && tolerance < 1)
                || max.compareTo(min.plus(window)) < 0) {
            throw new IllegalArgumentException("a steady state needs a minimum of zero or more, a window of at least 100 ms, "
                    + "at least 2 windows, a tolerance between 0 and 1 (e.g. 10%) and a maximum of at least the minimum "
                    + "and one window");
        }
    }

    /**
     * The throughput of the last windows, oldest first, from the warm-up's intervals ({seconds, successes} each,
     * in order); fewer than {@code windows} values while the warm-up is shorter than that.
     */
    List<Double> lastWindows(List<double[]> intervals) {
        var rates = new java.util.ArrayList<Double>();
        double seconds = 0;
        double count = 0;
        for (int i = intervals.size() - 1; i >= 0 && rates.size() < windows; i--) {
            seconds += intervals.get(i)[0];
            count += intervals.get(i)[1];
            if (seconds >= window.toNanos() / 1e9 - 1e-3) {
                rates.add(0, count / seconds);
                seconds = 0;
                count = 0;
            }
        }
        return rates;
    }

    /** Whether these window throughputs are steady: enough of them, each within the tolerance of their mean. */
    boolean isSteady(List<Double> rates) {
        if (rates.size() < windows) {
            return false;
        }
        double mean = rates.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        return mean > 0 && rates.stream().allMatch(r -> Math.abs(r - mean) <= tolerance * mean);
    }
}

package org.orderapp.load.engine;

import java.time.Duration;
import java.util.List;

/**
 * When a warm-up may end: once the last {@code windows} windows of {@code window} each (throughput of successful
 * requests) all lie within ±{@code tolerance} of their mean, and the step's own warm-up has passed; at the latest
 * after {@code max}. A freshly started server needs this: its JIT compiler is still at work long after a fixed
 * 10-s warm-up (measured here: 304–322 tx/s at 100 users after 10 s, 488 tx/s when warm).
 */
public record SteadyState(Duration window, int windows, double tolerance, Duration max) {

    public static final Duration DEFAULT_WINDOW = Duration.ofSeconds(5);
    public static final int DEFAULT_WINDOWS = 3;
    public static final double DEFAULT_TOLERANCE = 0.05;
    public static final Duration DEFAULT_MAX = Duration.ofSeconds(180);

    public SteadyState {
        if (window.toMillis() < 100 || windows < 2 || !(tolerance > 0 && tolerance < 1) || max.compareTo(window) < 0) {
            throw new IllegalArgumentException("a steady state needs a window of at least 100 ms, at least 2 windows, "
                    + "a tolerance between 0 and 1 (e.g. 5%) and a maximum of at least one window");
        }
    }

    public static SteadyState defaults() {
        return new SteadyState(DEFAULT_WINDOW, DEFAULT_WINDOWS, DEFAULT_TOLERANCE, DEFAULT_MAX);
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

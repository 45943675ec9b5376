package org.orderapp.driver.engine;

import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;

/**
 * When a warm-up may end: after at least {@code min} (and the step's own warm-up), once the last {@code windows}
 * windows of {@code window} each (throughput of successful requests) all lie within ±{@code tolerance} of their
 * mean and the server's JIT compiler took at most {@code maxJitShare} of the server's CPU over those windows; at the
 * latest after {@code max}. A freshly started server needs this: its JIT compiler is still at work long after a fixed
 * 10-s warm-up. Measured here with the machine saturated (2 cores): a fresh server's throughput rose for about two
 * minutes, and 10-s windows of a warm server still moved by ±10–20 %, so the defaults ask for two minutes and then
 * 30 s within ±10 %. The throughput alone misses the end of the JIT's work: 20 users against a fresh server
 * ({@code ./order load --users 20 --steady-state --steady-max 900s}, the series in server.csv), its compiler threads took
 * 17-30 % of the server's CPU for five minutes while the throughput's windows already agreed after two, and the
 * server's CPU per transaction fell from 4.4 ms at 160 s to 1.4 ms at 400 s, when the compiler's share was 3 %. A
 * server whose compiler cannot be read (not a process of this machine) is judged by its throughput alone.
 */
public record SteadyState(Duration min, Duration window, int windows, double tolerance, Duration max, double maxJitShare) {

    public SteadyState {
        if (min.isNegative() || window.toMillis() < 100 || windows < 2 || !(tolerance > 0 && tolerance < 1)
                || max.compareTo(min.plus(window)) < 0 || !(maxJitShare > 0 && maxJitShare <= 1)) {
            throw new IllegalArgumentException("a steady state needs a minimum of zero or more, a window of at least 100 ms, "
                    + "at least 2 windows, a tolerance between 0 and 1 (e.g. 10%), a maximum of at least the minimum "
                    + "and one window, and a JIT share above 0 and at most 100%");
        }
    }

    /** How long the windows judged together last. */
    public Duration span() {
        return window.multipliedBy(windows);
    }

    /** Whether the JIT compiler's share of the server's CPU over the windows allows the warm-up to end; unknown: yes. */
    boolean jitSettled(OptionalDouble share) {
        return share.isEmpty() || share.getAsDouble() <= maxJitShare;
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

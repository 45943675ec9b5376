package org.orderapp.observation;

import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * A fresh server's first minutes under load, from the samples of the whole step: the share of the server's CPU its
 * JIT compiler took over the first 15 minutes, when that share came to stay at or below 5 %, and the server's CPU per
 * transaction over the first 5. They say what a restart costs before the server is warm, which a window measured once
 * the server is steady cannot. A figure is absent when the step's load lasted less than its span (the run's window
 * then ended too soon to show it).
 */
public final class FirstMinutes {

    /** The JIT compiler's share of the server's CPU over the load's first 15 minutes. */
    public static final String JIT_SHARE_15_MIN = "startup.jitShareFirst15Min";
    /** The server's CPU milliseconds per successful transaction over the load's first 5 minutes. */
    public static final String SERVER_CPU_MS_PER_TX_5_MIN = "startup.serverCpuMsPerTxFirst5Min";
    /**
     * Seconds from the load's start until the JIT compiler's share of the server's CPU stayed at or below
     * {@link #SETTLED_SHARE} in every {@link #SLICE} to the 15th minute; absent when the last slice was above it.
     */
    public static final String JIT_SETTLED_SECONDS = "startup.jitSettledSeconds";

    /** The steady state's default limit on the compiler's share (--steady-jit). */
    static final double SETTLED_SHARE = 0.05;
    /** Long enough for a share of a second's CPU to be counted, short against the minutes a compiler takes. */
    static final Duration SLICE = Duration.ofSeconds(30);

    static final Duration JIT_SPAN = Duration.ofMinutes(15);
    static final Duration CPU_SPAN = Duration.ofMinutes(5);

    /**
     * The client's count of successful transactions in one interval of the step, (end − seconds, end], in seconds
     * since the run started, as the server samples are.
     */
    public record Interval(double end, double seconds, double transactions) {
    }

    private FirstMinutes() {
    }

    /**
     * @param samples   the run's server samples, in any order
     * @param intervals the step's intervals from its start (warm-up and window), in order
     */
    public static Map<String, Double> of(List<ServerSample> samples, List<Interval> intervals) {
        Map<String, Double> f = new LinkedHashMap<>();
        if (intervals.isEmpty()) {
            return f;
        }
        double start = intervals.get(0).end() - intervals.get(0).seconds();
        double end = intervals.get(intervals.size() - 1).end();
        List<ServerSample> known = samples.stream()
                .filter(s -> s.get(CpuMeter.SERVER) != null && s.get(CpuMeter.SERVER_JIT) != null)
                .sorted(Comparator.comparingDouble(ServerSample::seconds)).toList();
        ServerSample first = atStart(known, start, Math.max(MIN_LAG, 2 * intervals.get(0).seconds()));
        if (first == null) {
            return f;
        }
        ServerSample jitEnd = afterSpan(known, first, JIT_SPAN, end);
        if (jitEnd != null) {
            double server = jitEnd.get(CpuMeter.SERVER) - first.get(CpuMeter.SERVER);
            if (server > 0) {
                f.put(JIT_SHARE_15_MIN, jitShare(first, jitEnd));
            }
            settled(known, first, end).ifPresent(seconds -> f.put(JIT_SETTLED_SECONDS, seconds));
        }
        ServerSample cpuEnd = afterSpan(known, first, CPU_SPAN, end);
        if (cpuEnd != null) {
            double transactions = transactionsBetween(intervals, first.seconds(), cpuEnd.seconds());
            if (transactions > 0) {
                f.put(SERVER_CPU_MS_PER_TX_5_MIN, (cpuEnd.get(CpuMeter.SERVER) - first.get(CpuMeter.SERVER)) / transactions);
            }
        }
        return f;
    }

    /**
     * The sample nearest the load's start, within {@code lag} of it; null if none is that near (sampling was paused
     * until the step, and the last sample before it is a previous step's: what the server did in between is not
     * the first minutes').
     */
    private static ServerSample atStart(List<ServerSample> known, double start, double lag) {
        ServerSample at = null;
        for (ServerSample s : known) {
            if (Math.abs(s.seconds() - start) <= lag && (at == null || Math.abs(s.seconds() - start) < Math.abs(at.seconds() - start))) {
                at = s;
            }
        }
        return at;
    }

    /** How far from the load's start its first sample may be, at least: samples come at most once a second. */
    static final double MIN_LAG = 2.0;
    /** The sample that closes the step's window comes just after its last interval, while the load still runs. */
    static final double END_SLACK = 1.0;

    /** The first sample at least {@code span} after {@code first} and still under load; null when the load ended sooner. */
    private static ServerSample afterSpan(List<ServerSample> known, ServerSample first, Duration span, double end) {
        double due = first.seconds() + span.toMillis() / 1000.0;
        for (ServerSample s : known) {
            if (s.seconds() >= due) {
                return s.seconds() <= end + END_SLACK ? s : null;
            }
        }
        return null;
    }

    /**
     * The start of the last run of slices, to the 15th minute, in which the compiler's share stayed at or below
     * {@link #SETTLED_SHARE}, in seconds from the first sample; empty when the last slice was above it.
     */
    private static OptionalDouble settled(List<ServerSample> known, ServerSample first, double end) {
        double settledAt = 0;
        ServerSample from = first;
        long slices = JIT_SPAN.toSeconds() / SLICE.toSeconds();
        for (long k = 1; k <= slices; k++) {
            ServerSample to = afterSpan(known, first, SLICE.multipliedBy(k), end);
            if (to == null) {
                return OptionalDouble.empty();
            }
            if (jitShare(from, to) > SETTLED_SHARE) {
                settledAt = to.seconds() - first.seconds();
                if (k == slices) {
                    return OptionalDouble.empty();
                }
            }
            from = to;
        }
        return OptionalDouble.of(settledAt);
    }

    private static double jitShare(ServerSample from, ServerSample to) {
        double server = to.get(CpuMeter.SERVER) - from.get(CpuMeter.SERVER);
        return server > 0 ? Math.max(0, to.get(CpuMeter.SERVER_JIT) - from.get(CpuMeter.SERVER_JIT)) / server : 0;
    }

    /** Transactions in (from, to], each interval's counted in proportion to its overlap. */
    static double transactionsBetween(List<Interval> intervals, double from, double to) {
        double sum = 0;
        for (Interval i : intervals) {
            double lo = Math.max(from, i.end() - i.seconds());
            double hi = Math.min(to, i.end());
            if (hi > lo && i.seconds() > 0) {
                sum += i.transactions() * (hi - lo) / i.seconds();
            }
        }
        return sum;
    }
}

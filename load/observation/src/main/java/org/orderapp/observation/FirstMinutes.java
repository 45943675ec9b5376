package org.orderapp.observation;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A fresh server's first minutes under load, from the samples of the whole step: the share of the server's CPU its
 * JIT compiler took over the first 15 minutes, and the server's CPU per transaction over the first 5. They say what a
 * restart costs before the server is warm, which a window measured once the server is steady cannot. A figure is
 * absent when the step's load lasted less than its span (the run's window then ended too soon to show it).
 */
public final class FirstMinutes {

    /** The JIT compiler's share of the server's CPU over the load's first 15 minutes. */
    public static final String JIT_SHARE_15_MIN = "startup.jitShareFirst15Min";
    /** The server's CPU milliseconds per successful transaction over the load's first 5 minutes. */
    public static final String SERVER_CPU_MS_PER_TX_5_MIN = "startup.serverCpuMsPerTxFirst5Min";

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
                .sorted(java.util.Comparator.comparingDouble(ServerSample::seconds)).toList();
        ServerSample first = atStart(known, start);
        if (first == null) {
            return f;
        }
        ServerSample jitEnd = afterSpan(known, first, JIT_SPAN, end);
        if (jitEnd != null) {
            double server = jitEnd.get(CpuMeter.SERVER) - first.get(CpuMeter.SERVER);
            if (server > 0) {
                f.put(JIT_SHARE_15_MIN, Math.max(0, jitEnd.get(CpuMeter.SERVER_JIT) - first.get(CpuMeter.SERVER_JIT)) / server);
            }
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

    /** The last sample taken at or before the load began (samples run from the session's start), else the first after. */
    private static ServerSample atStart(List<ServerSample> known, double start) {
        ServerSample at = null;
        for (ServerSample s : known) {
            if (s.seconds() <= start) {
                at = s;
            } else {
                return at != null ? at : s;
            }
        }
        return at;
    }

    /** The first sample at least {@code span} after {@code first} and still under load; null when the load ended sooner. */
    private static ServerSample afterSpan(List<ServerSample> known, ServerSample first, Duration span, double end) {
        double due = first.seconds() + span.toMillis() / 1000.0;
        for (ServerSample s : known) {
            if (s.seconds() >= due) {
                return s.seconds() <= end ? s : null;
            }
        }
        return null;
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

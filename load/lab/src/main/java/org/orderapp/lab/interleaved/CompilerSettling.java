package org.orderapp.lab.interleaved;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Whether the resident servers' JIT compilers have settled: each server's compiler took at most the warm-up's share
 * of the server's CPU, measured over the server's latest windows that together hold as much CPU as one core gives
 * in one window. Why over that much CPU rather than over the last window: a server with a quarter of the machine
 * spends about 9 s of CPU in a 30-s window, so one C2 compilation of a second is an 11 % share of that window,
 * while the same compilation on a server with a core of its own is 3 %. Measured over the same amount of CPU, the
 * rule asks the same of a server whatever it shares its core with (four servers on two cores: about four blocks;
 * one server to a core: one or two).
 */
final class CompilerSettling {

    /** Windows kept per server: far more than a core-window of CPU needs, so that an idle server cannot grow it. */
    private static final int KEPT = 32;

    private final double maxShare;
    private final double coreWindowMillis;
    /** Per server: its windows' CPU and compiler CPU, the latest first. */
    private final Map<String, Deque<double[]>> windows = new LinkedHashMap<>();

    /**
     * @param maxShare         the largest share of a server's CPU its compiler may take (the warm-up's criterion)
     * @param windowSeconds    the length of one measured window
     */
    CompilerSettling(double maxShare, double windowSeconds) {
        if (!(maxShare > 0) || !(windowSeconds > 0)) {
            throw new IllegalArgumentException("a share and a window above 0, not " + maxShare + " and " + windowSeconds);
        }
        this.maxShare = maxShare;
        this.coreWindowMillis = windowSeconds * 1000;
    }

    /** One window of a server: its CPU and its compiler's CPU in milliseconds (either unknown: not counted). */
    void add(String server, Double cpuMillis, Double compilerMillis) {
        if (cpuMillis == null || compilerMillis == null || cpuMillis <= 0) {
            return;
        }
        var latest = windows.computeIfAbsent(server, s -> new ArrayDeque<>());
        latest.addFirst(new double[] {cpuMillis, compilerMillis});
        if (latest.size() > KEPT) {
            latest.removeLast();
        }
    }

    /**
     * The compiler's share of the server's CPU over its latest windows holding a core-window of CPU (all its windows
     * while they hold less); null while none is known.
     */
    Double share(String server) {
        var latest = windows.get(server);
        if (latest == null || latest.isEmpty()) {
            return null;
        }
        double cpu = 0;
        double compiler = 0;
        for (Iterator<double[]> i = latest.iterator(); i.hasNext() && cpu < coreWindowMillis; ) {
            double[] w = i.next();
            cpu += w[0];
            compiler += w[1];
        }
        return compiler / cpu;
    }

    /** Whether every one of these servers has settled (a server whose compiler's CPU is unknown counts as settled). */
    boolean settled(Collection<String> servers) {
        return servers.stream().map(this::share).allMatch(s -> s == null || s <= maxShare);
    }

    /** "control-1 4 %, spin-50 12 %": each server's share, as {@link #settled} judged it. */
    String shares(Collection<String> servers) {
        List<String> parts = new ArrayList<>();
        for (String server : servers) {
            Double s = share(server);
            parts.add(server + " " + (s == null ? "?" : String.format(Locale.ROOT, "%.0f %%", 100 * s)));
        }
        return String.join(", ", parts);
    }
}

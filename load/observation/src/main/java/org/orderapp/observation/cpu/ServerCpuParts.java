package org.orderapp.observation.cpu;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A JVM's CPU by part ({@link ServerCpuPart}) as counters that only grow, as the process's own CPU does. Summing the
 * live threads is not enough: Undertow's worker threads and HotSpot's compiler threads come and go, and a thread that
 * ends would take all it ever used out of its part (a window's figure then falls by seconds). So each sample adds to
 * a part what each of its threads used since the last sample (a thread is known by its id and start time), by the
 * name the thread has now: a thread that ends keeps what it used, and one that takes a new name (a new thread bears
 * its creator's for a moment) counts from then on in its new part. What a thread used between the last sample and
 * its end is lost to its part and shows as "rest" (the threads that end here are those a pool ends once idle, whose
 * last use is long before). The same sum over every thread, named or not, is the process's CPU to the thread clocks'
 * precision ({@link #allThreadsMillis}), where the process's own figure is in 10-ms ticks.
 */
public final class ServerCpuParts {

    private final long pid;
    private final Map<ServerCpuPart, Double> counted = new EnumMap<>(ServerCpuPart.class);
    private Map<String, Double> lastSeen = new HashMap<>();
    private double allThreads;

    public ServerCpuParts(long pid) {
        this.pid = pid;
        ServerCpuPart.THREADS.forEach(p -> counted.put(p, 0.0));
    }

    /** Cumulative CPU milliseconds by part now; empty if the process is gone or this is not Linux. */
    public synchronized Optional<Map<ServerCpuPart, Double>> sample() {
        var threads = CpuClock.threads(pid);
        var system = CpuClock.systemMillis(pid);
        if (threads.isEmpty() || system.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Double> seen = new HashMap<>();
        for (CpuClock.ThreadTime t : threads.get()) {
            seen.put(t.id(), t.millis());
            double used = Math.max(0, t.millis() - lastSeen.getOrDefault(t.id(), 0.0));
            allThreads += used;
            ServerCpuPart part = ServerCpuPart.ofThread(t.name());
            if (part != null) {
                counted.merge(part, used, Double::sum);
            }
        }
        lastSeen = seen;
        Map<ServerCpuPart, Double> parts = new EnumMap<>(counted);
        parts.put(ServerCpuPart.SYSTEM, system.getAsDouble());
        return Optional.of(parts);
    }

    /**
     * The CPU milliseconds of every thread, counted as the parts are, as of the last {@link #sample} (0 before it): a
     * counter that only grows, whose differences between samples are the process's CPU in between, to the nanosecond
     * where the kernel keeps its threads' running time.
     */
    public synchronized double allThreadsMillis() {
        return allThreads;
    }
}

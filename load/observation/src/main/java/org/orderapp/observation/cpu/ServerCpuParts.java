package org.orderapp.observation.cpu;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A JVM's CPU by part ({@link ServerCpuPart}) as counters that only grow, as the process's own CPU does. Summing the
 * live threads is not enough: Undertow's worker threads and HotSpot's compiler threads come and go, and a thread that
 * ends would take all it ever used out of its part (a window's figure then falls by seconds). So each sample adds to
 * a part what each of its threads used since the last sample (a thread is known by its id and start time), by the
 * name the thread has now: a thread that ends keeps what it used, and one that takes a new name (a new thread bears
 * its creator's for a moment) counts from then on in its new part. What a thread used between the last sample and
 * its end is lost, to its part and to the sum below (the threads that end here are those a pool ends once idle, whose
 * last use is long before). The same sum over every thread, named or not, is the process's CPU to the thread clocks'
 * precision ({@link #allThreadsMillis}), where the process's own figure is in 10-ms ticks. A thread missing from one
 * listing of /proc (a listing may skip one while another thread ends) is remembered for a while, so that when it is
 * seen again only what it used since counts, not all it ever used.
 */
public final class ServerCpuParts {

    private final long pid;
    private final Map<ServerCpuPart, Double> counted = new EnumMap<>(ServerCpuPart.class);
    /** How many samples a thread not listed is remembered for: one that ended is forgotten after that. */
    private static final int REMEMBERED = 10;

    private final Map<String, Double> lastSeen = new HashMap<>();
    /** The samples in a row that did not list a thread seen before, by its id. */
    private final Map<String, Integer> unlisted = new HashMap<>();
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
        return Optional.of(count(threads.get(), system.getAsDouble()));
    }

    /** What {@link #sample} counts, given the threads listed and the process's kernel time. */
    synchronized Map<ServerCpuPart, Double> count(List<CpuClock.ThreadTime> threads, double systemMillis) {
        var listed = new HashSet<String>();
        for (CpuClock.ThreadTime t : threads) {
            listed.add(t.id());
            Double before = lastSeen.put(t.id(), t.millis());
            double used = Math.max(0, t.millis() - (before == null ? 0.0 : before));
            allThreads += used;
            ServerCpuPart part = ServerCpuPart.ofThread(t.name());
            if (part != null) {
                counted.merge(part, used, Double::sum);
            }
        }
        for (var it = lastSeen.keySet().iterator(); it.hasNext(); ) {
            String id = it.next();
            if (listed.contains(id)) {
                unlisted.remove(id);
            } else if (unlisted.merge(id, 1, Integer::sum) > REMEMBERED) {
                it.remove();
                unlisted.remove(id);
            }
        }
        Map<ServerCpuPart, Double> parts = new EnumMap<>(counted);
        parts.put(ServerCpuPart.SYSTEM, systemMillis);
        return parts;
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

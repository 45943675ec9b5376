package org.orderapp.observation.cpu;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A JVM's CPU by part ({@link ServerCpuPart}) as counters that only grow, as the process's own CPU does. Summing the
 * live threads is not enough: Undertow's worker threads and HotSpot's compiler threads come and go, and a thread that
 * ends would take all it ever used out of its part (a window's figure then falls by seconds). So each thread is
 * remembered by its id and start time with the part it was first seen in, and a thread that ended keeps, in its
 * part, what it had used when last seen (what it used after that is lost to its part and shows as "rest").
 */
public final class ServerCpuParts {

    private final long pid;
    private final Map<String, ServerCpuPart> partOf = new HashMap<>();
    private Map<String, Double> lastSeen = new HashMap<>();
    private final Map<ServerCpuPart, Double> ended = new EnumMap<>(ServerCpuPart.class);

    public ServerCpuParts(long pid) {
        this.pid = pid;
    }

    /** Cumulative CPU milliseconds by part now; empty if the process is gone or this is not Linux. */
    public synchronized Optional<Map<ServerCpuPart, Double>> sample() {
        var threads = CpuClock.threads(pid);
        var system = CpuClock.systemMillis(pid);
        if (threads.isEmpty() || system.isEmpty()) {
            return Optional.empty();
        }
        Map<ServerCpuPart, Double> parts = new EnumMap<>(ServerCpuPart.class);
        ServerCpuPart.THREADS.forEach(p -> parts.put(p, ended.getOrDefault(p, 0.0)));
        Map<String, Double> seen = new HashMap<>();
        for (CpuClock.ThreadTime t : threads.get()) {
            ServerCpuPart part = partOf.computeIfAbsent(t.id(), id -> ServerCpuPart.ofThread(t.name()));
            if (part != null) {
                seen.put(t.id(), t.millis());
                parts.merge(part, t.millis(), Double::sum);
            }
        }
        lastSeen.forEach((id, ms) -> {
            if (!seen.containsKey(id)) {
                ServerCpuPart part = partOf.remove(id);
                ended.merge(part, ms, Double::sum);
                parts.merge(part, ms, Double::sum);
            }
        });
        lastSeen = seen;
        parts.put(ServerCpuPart.SYSTEM, system.getAsDouble());
        return Optional.of(parts);
    }
}

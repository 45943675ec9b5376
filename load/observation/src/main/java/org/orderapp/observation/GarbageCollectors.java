package org.orderapp.observation;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The server JVM's collectors (GarbageCollectorMXBeans) as pause and concurrent figures. Most collectors' beans
 * count stop-the-world collections (Parallel's "PS Scavenge" and "PS MarkSweep", G1's "G1 Young Generation" and
 * "G1 Old Generation"); a concurrent collector has a bean for its cycles beside its pauses (ZGC's "ZGC Cycles" or,
 * generational, "ZGC Minor Cycles" and "ZGC Major Cycles"; Shenandoah's "Shenandoah Cycles"; G1's "G1 Concurrent
 * GC" from JDK 20), whose time runs beside the application and is no pause.
 */
public final class GarbageCollectors {

    private GarbageCollectors() {
    }

    /** Whether a collector bean (its name, spaces or underscores alike) times concurrent work rather than pauses. */
    static boolean isConcurrent(String name) {
        String n = name.replace('_', ' ').toLowerCase(Locale.ROOT);
        return n.endsWith(" cycles") || n.contains("concurrent");
    }

    /**
     * @param collectors by bean name: {collection count, collection time in ms}
     * @return jvm.gc.pauses and jvm.gc.pauseMs (the pause beans together), jvm.gc.concurrentMs (the cycles')
     */
    static Map<String, Double> figures(Map<String, double[]> collectors) {
        double pauses = 0;
        double pauseMs = 0;
        double concurrentMs = 0;
        boolean anyConcurrent = false;
        for (var c : collectors.entrySet()) {
            if (isConcurrent(c.getKey())) {
                concurrentMs += c.getValue()[1];
                anyConcurrent = true;
            } else {
                pauses += c.getValue()[0];
                pauseMs += c.getValue()[1];
            }
        }
        Map<String, Double> f = new LinkedHashMap<>();
        if (collectors.isEmpty()) {
            return f;
        }
        f.put(ServerMetrics.GC_PAUSES, pauses);
        f.put(ServerMetrics.GC_PAUSE_MS, pauseMs);
        if (anyConcurrent) {
            f.put(ServerMetrics.GC_CONCURRENT_MS, concurrentMs);
        }
        return f;
    }
}

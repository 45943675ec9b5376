package org.orderapp.observation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Pause beans and cycle beans apart, by the names JDK 17 and 25 give them (seen with each collector). */
class GarbageCollectorsTest {

    @Test
    void cyclesAndConcurrentBeansAreNoPauses() {
        for (String pause : new String[] {"PS Scavenge", "PS MarkSweep", "G1 Young Generation", "G1_Old_Generation", "ZGC Pauses",
                "ZGC Minor Pauses", "ZGC_Major_Pauses", "Shenandoah Pauses"}) {
            assertFalse(GarbageCollectors.isConcurrent(pause), pause);
        }
        for (String cycles : new String[] {"ZGC Cycles", "ZGC_Minor_Cycles", "ZGC Major Cycles", "Shenandoah Cycles", "G1 Concurrent GC"}) {
            assertTrue(GarbageCollectors.isConcurrent(cycles), cycles);
        }
    }

    @Test
    void pausesAreSummedAndCyclesKeptApart() {
        Map<String, double[]> zgc = new LinkedHashMap<>();
        zgc.put("ZGC Minor Cycles", new double[] {40, 9_000});
        zgc.put("ZGC Minor Pauses", new double[] {120, 6});
        zgc.put("ZGC Major Cycles", new double[] {2, 1_500});
        zgc.put("ZGC Major Pauses", new double[] {6, 1});
        var f = GarbageCollectors.figures(zgc);
        assertEquals(126.0, f.get(ServerMetrics.GC_PAUSES));
        assertEquals(7.0, f.get(ServerMetrics.GC_PAUSE_MS));
        assertEquals(10_500.0, f.get(ServerMetrics.GC_CONCURRENT_MS));
    }

    @Test
    void aStopTheWorldCollectorHasNoConcurrentFigure() {
        var f = GarbageCollectors.figures(Map.of("PS Scavenge", new double[] {30, 210}, "PS MarkSweep", new double[] {2, 90}));
        assertEquals(32.0, f.get(ServerMetrics.GC_PAUSES));
        assertEquals(300.0, f.get(ServerMetrics.GC_PAUSE_MS));
        assertNull(f.get(ServerMetrics.GC_CONCURRENT_MS));
        assertEquals(Map.of(), GarbageCollectors.figures(Map.of()));
    }
}

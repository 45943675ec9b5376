package org.orderapp.load.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A window's server figures: gauges as mean and maximum, counters as their change, and what follows from them. */
class ServerWindowTest {

    @Test
    void gaugesAreAveragedAndCountersDifferenced() {
        var w = ServerWindow.of(List.of(
                new ServerSample(0, Map.of(ServerMetrics.DS_IN_USE, 2.0, ServerMetrics.DS_WAIT_COUNT, 10.0)),
                new ServerSample(1, Map.of(ServerMetrics.DS_IN_USE, 6.0)),
                new ServerSample(2, Map.of(ServerMetrics.DS_IN_USE, 4.0, ServerMetrics.DS_WAIT_COUNT, 15.0))), 100);
        assertEquals(4.0, w.get(ServerMetrics.mean(ServerMetrics.DS_IN_USE)));
        assertEquals(6.0, w.get(ServerMetrics.max(ServerMetrics.DS_IN_USE)));
        assertEquals(5.0, w.get(ServerMetrics.delta(ServerMetrics.DS_WAIT_COUNT)));
        assertNull(w.get(ServerMetrics.mean(ServerMetrics.DS_WAIT_COUNT)), "a counter has no mean");
    }

    @Test
    void statementsAndCacheHitsArePerTransaction() {
        var first = Map.of("db.Com_select", 100.0, "db.Com_insert", 0.0, "db.Com_commit", 0.0, "cache.hits", 0.0, "cache.misses", 0.0);
        var last = Map.of("db.Com_select", 400.0, "db.Com_insert", 100.0, "db.Com_commit", 100.0, "cache.hits", 90.0, "cache.misses", 10.0);
        var w = ServerWindow.of(List.of(new ServerSample(0, first), new ServerSample(10, last)), 100);
        assertEquals(3.0, w.get(ServerMetrics.statementsPerTx("select")));
        assertEquals(1.0, w.get(ServerMetrics.statementsPerTx("insert")));
        assertEquals(4.0, w.get(ServerMetrics.STATEMENTS_PER_TX));
        assertEquals(4.0, w.get(ServerMetrics.STATEMENTS_PER_COMMIT));
        assertEquals(0.9, w.get(ServerMetrics.CACHE_HIT_RATIO), 1e-12);
    }

    @Test
    void cpuIsPerTransactionByRoleAndTheRestOfTheMachineIsOther() {
        var first = Map.of(CpuMeter.SERVER, 0.0, CpuMeter.DB, 0.0, CpuMeter.DRIVER, 0.0, CpuMeter.MACHINE, 0.0);
        var last = Map.of(CpuMeter.SERVER, 500.0, CpuMeter.DB, 200.0, CpuMeter.DRIVER, 100.0, CpuMeter.MACHINE, 1000.0);
        var cpu = ServerWindow.of(List.of(new ServerSample(0, first), new ServerSample(10, last)), 100).cpuPerTransaction();
        assertEquals(Map.of("server", 5.0, "db", 2.0, "driver", 1.0, "other", 2.0), cpu);
        assertEquals(List.of("server", "db", "driver", "other"), List.copyOf(cpu.keySet()), "in the roles' order");
    }

    @Test
    void noSamplesNoFigures() {
        assertEquals(Map.of(), ServerWindow.of(List.of(), 10).figures());
    }
}

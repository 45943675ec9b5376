package org.orderapp.observation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.orderapp.observation.cpu.ServerCpuPart;

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
    void theServersCpuIsCutByPartAndWhatNoThreadPartClaimsIsTheRest() {
        Map<String, Double> first = new HashMap<>(Map.of(CpuMeter.SERVER, 1000.0));
        Map<String, Double> last = new HashMap<>(Map.of(CpuMeter.SERVER, 1500.0));
        double[] partsInWindow = {300, 40, 60, 20}; // requests, io, gc, jit: 80 ms to the rest
        for (int i = 0; i < ServerCpuPart.THREADS.size(); i++) {
            first.put(ServerCpuPart.THREADS.get(i).counter(), 100.0);
            last.put(ServerCpuPart.THREADS.get(i).counter(), 100.0 + partsInWindow[i]);
        }
        first.put(ServerCpuPart.SYSTEM.counter(), 50.0);
        last.put(ServerCpuPart.SYSTEM.counter(), 150.0);
        var parts = ServerWindow.of(List.of(new ServerSample(0, first), new ServerSample(10, last)), 100).serverCpuPerTransaction();
        assertEquals(List.of("requests", "io", "gc", "jit", "rest", "system"), List.copyOf(parts.keySet()));
        assertEquals(List.of(3.0, 0.4, 0.6, 0.2, 0.8, 1.0), List.copyOf(parts.values()));

        first.remove(ServerCpuPart.GC.counter());
        last.remove(ServerCpuPart.GC.counter());
        var withoutGc = ServerWindow.of(List.of(new ServerSample(0, first), new ServerSample(10, last)), 100).serverCpuPerTransaction();
        assertNull(withoutGc.get("rest"), "with a thread part unknown, the rest is not known either: " + withoutGc);
        assertEquals(3.0, withoutGc.get("requests"));
    }

    @Test
    void aDriverSharedByLoadsAtOnceCountsEachItsShareAndTheRestAsOther() {
        var first = Map.of(CpuMeter.SERVER, 0.0, CpuMeter.DB, 0.0, CpuMeter.DRIVER, 0.0, CpuMeter.MACHINE, 0.0);
        var last = Map.of(CpuMeter.SERVER, 500.0, CpuMeter.DB, 200.0, CpuMeter.DRIVER, 100.0, CpuMeter.MACHINE, 1000.0);
        var window = ServerWindow.of(List.of(new ServerSample(0, first), new ServerSample(10, last)), 100);
        var cpu = window.sharingTheDriver(0.25).cpuPerTransaction();
        assertEquals(Map.of("server", 5.0, "db", 2.0, "driver", 0.25, "other", 2.75), cpu);
        assertEquals(window.cpuPerTransaction(), window.sharingTheDriver(1).cpuPerTransaction(), "alone: all of it");
        assertThrows(IllegalArgumentException.class, () -> window.sharingTheDriver(0));
    }

    @Test
    void theGuidesFiguresArePerTransactionPerBrowseOrPerSecond() {
        var first = Map.<String, Double>ofEntries(Map.entry("db.Questions", 1_000.0), Map.entry("db.Bytes_sent", 0.0),
                Map.entry("db.Com_stmt_fetch", 0.0), Map.entry(ServerMetrics.DS_WAIT_COUNT, 5.0),
                Map.entry(ServerMetrics.DS_BLOCKING_MS, 100.0), Map.entry(ServerMetrics.REPLENISHMENTS_APPLIED, 10.0),
                Map.entry(ServerMetrics.GC_PAUSES, 3.0), Map.entry(ServerMetrics.GC_PAUSE_MS, 30.0),
                Map.entry(ServerMetrics.ALLOCATED_MB, 1_000.0), Map.entry(ServerMetrics.HIBERNATE_PREPARES, 0.0),
                Map.entry(ServerMetrics.PS_CACHE_HITS, 0.0), Map.entry(ServerMetrics.PS_CACHE_MISSES, 0.0));
        var last = Map.<String, Double>ofEntries(Map.entry("db.Questions", 1_600.0), Map.entry("db.Bytes_sent", 2_000_000.0),
                Map.entry("db.Com_stmt_fetch", 500.0), Map.entry(ServerMetrics.DS_WAIT_COUNT, 25.0),
                Map.entry(ServerMetrics.DS_BLOCKING_MS, 400.0), Map.entry(ServerMetrics.REPLENISHMENTS_APPLIED, 110.0),
                Map.entry(ServerMetrics.GC_PAUSES, 13.0), Map.entry(ServerMetrics.GC_PAUSE_MS, 80.0),
                Map.entry(ServerMetrics.ALLOCATED_MB, 1_500.0), Map.entry(ServerMetrics.HIBERNATE_PREPARES, 500.0),
                Map.entry(ServerMetrics.PS_CACHE_HITS, 450.0), Map.entry(ServerMetrics.PS_CACHE_MISSES, 50.0));
        // 100 transactions, 20 of them browse searches, in a window of 10 s
        var w = ServerWindow.of(List.of(new ServerSample(5, first), new ServerSample(15, last)), 100, 20);
        assertEquals(6.0, w.get(ServerMetrics.QUESTIONS_PER_TX));
        assertEquals(20_000.0, w.get(ServerMetrics.BYTES_SENT_PER_TX));
        assertEquals(100_000.0, w.get(ServerMetrics.BYTES_SENT_PER_BROWSE));
        assertEquals(25.0, w.get(ServerMetrics.STMT_FETCH_PER_BROWSE));
        assertEquals(2.0, w.get(ServerMetrics.DS_WAITS_PER_SECOND));
        assertEquals(3.0, w.get(ServerMetrics.DS_BLOCKING_MS_PER_TX));
        assertEquals(10.0, w.get(ServerMetrics.REPLENISH_PER_SECOND));
        assertEquals(1.0, w.get(ServerMetrics.GC_PAUSES_PER_SECOND));
        assertEquals(5.0, w.get(ServerMetrics.GC_PAUSE_MS_PER_SECOND));
        assertEquals(5.0, w.get(ServerMetrics.GC_MEAN_PAUSE_MS));
        assertEquals(50.0, w.get(ServerMetrics.ALLOC_MB_PER_SECOND));
        assertEquals(5_120.0, w.get(ServerMetrics.ALLOC_KB_PER_TX));
        assertEquals(5.0, w.get(ServerMetrics.HIBERNATE_PREPARES_PER_TX));
        assertEquals(0.5, w.get(ServerMetrics.DRIVER_PREPARES_PER_TX), 1e-12, "the 50 prepares the pool's cache did not answer");
        assertEquals(0.9, w.get(ServerMetrics.PS_CACHE_HIT_RATIO), 1e-12);
    }

    @Test
    void withTheStatementCacheOffEveryPrepareReachesTheDriver() {
        var w = ServerWindow.of(List.of(new ServerSample(0, Map.of(ServerMetrics.HIBERNATE_PREPARES, 0.0)),
                new ServerSample(10, Map.of(ServerMetrics.HIBERNATE_PREPARES, 700.0))), 100, 0);
        assertEquals(7.0, w.get(ServerMetrics.DRIVER_PREPARES_PER_TX));
        assertNull(w.get(ServerMetrics.BYTES_SENT_PER_BROWSE), "no browse searches, no figure per browse");
    }

    @Test
    void withoutHibernatesCountTheCachesMissesAreTheDriversPrepares() {
        var w = ServerWindow.of(List.of(new ServerSample(0, Map.of(ServerMetrics.PS_CACHE_HITS, 0.0, ServerMetrics.PS_CACHE_MISSES, 0.0)),
                new ServerSample(10, Map.of(ServerMetrics.PS_CACHE_HITS, 480.0, ServerMetrics.PS_CACHE_MISSES, 20.0))), 100, 0);
        assertEquals(0.2, w.get(ServerMetrics.DRIVER_PREPARES_PER_TX), 1e-12);
        assertEquals(5.0, w.get(ServerMetrics.CACHE_PREPARES_PER_TX), 1e-12);
    }

    @Test
    void partialSamplesOfTheMdbCountAsGaugesAndLeaveCountersToTheFullOnes() {
        var w = ServerWindow.of(List.of(
                new ServerSample(0, Map.of(ServerMetrics.DS_WAIT_COUNT, 10.0, ServerMetrics.MDB_IN_FLIGHT, 4.0)),
                new ServerSample(0.2, Map.of(ServerMetrics.MDB_IN_FLIGHT, 10.0)),
                new ServerSample(0.4, Map.of(ServerMetrics.MDB_IN_FLIGHT, 10.0)),
                new ServerSample(1, Map.of(ServerMetrics.DS_WAIT_COUNT, 16.0, ServerMetrics.MDB_IN_FLIGHT, 8.0)),
                new ServerSample(1.0, Map.of(ServerMetrics.MDB_IN_FLIGHT, 0.0))), 10);
        assertEquals(6.0, w.get(ServerMetrics.delta(ServerMetrics.DS_WAIT_COUNT)), "from the full samples at the edges");
        assertEquals(6.4, w.get(ServerMetrics.mean(ServerMetrics.MDB_IN_FLIGHT)), 1e-12, "every sample of the gauge");
        assertEquals(10.0, w.get(ServerMetrics.max(ServerMetrics.MDB_IN_FLIGHT)));
    }

    @Test
    void noSamplesNoFigures() {
        assertEquals(Map.of(), ServerWindow.of(List.of(), 10).figures());
    }
}

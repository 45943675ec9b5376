package org.orderapp.observation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A fresh server's first minutes: the JIT compiler's share over 15 and the server's CPU per transaction over 5. */
class FirstMinutesTest {

    /**
     * A load that begins 10 s into the run with 100 tx/s in 10-s intervals; the server samples every 10 s from the
     * run's start: 3 ms of CPU per transaction in the first 5 minutes and 1 ms after, its compiler a third of it
     * in the first 5 minutes and nothing after.
     */
    private static List<ServerSample> samples(double minutes) {
        List<ServerSample> s = new ArrayList<>();
        double server = 0;
        double jit = 0;
        for (int t = 0; t <= 10 + minutes * 60; t += 10) {
            s.add(new ServerSample(t, Map.of(CpuMeter.SERVER, server, CpuMeter.SERVER_JIT, jit)));
            if (t >= 10) {
                boolean early = t < 10 + 300;
                server += 1000 * (early ? 3 : 1);
                jit += early ? 1000 : 0;
            }
        }
        return s;
    }

    private static List<FirstMinutes.Interval> load(double minutes) {
        List<FirstMinutes.Interval> i = new ArrayList<>();
        for (int t = 20; t <= 10 + minutes * 60; t += 10) {
            i.add(new FirstMinutes.Interval(t, 10, 1000));
        }
        return i;
    }

    @Test
    void figuresOverTheLoadsFirstMinutes() {
        var f = FirstMinutes.of(samples(16), load(16));
        assertEquals(3.0, f.get(FirstMinutes.SERVER_CPU_MS_PER_TX_5_MIN), 1e-9);
        // 15 minutes: 900 s of which 300 at 3 ms/tx (a third compiling) and 600 at 1 ms/tx: 300 of 1,500 s of CPU
        assertEquals(300.0 / 1500, f.get(FirstMinutes.JIT_SHARE_15_MIN), 1e-9);
        // the compiler took a third until 300 s into the load and nothing after: settled from the slice ending then
        assertEquals(300.0, f.get(FirstMinutes.JIT_SETTLED_SECONDS), 1e-9);
    }

    @Test
    void aCompilerStillAtWorkInTheLastSliceHasNotSettled() {
        List<ServerSample> s = new ArrayList<>();
        for (int t = 0; t <= 970; t += 10) { // a tenth of the server's CPU compiling throughout
            double busy = Math.max(0, t - 10) * 100.0;
            s.add(new ServerSample(t, Map.of(CpuMeter.SERVER, busy, CpuMeter.SERVER_JIT, busy / 10)));
        }
        var f = FirstMinutes.of(s, load(16));
        assertEquals(0.1, f.get(FirstMinutes.JIT_SHARE_15_MIN), 1e-9);
        assertFalse(f.containsKey(FirstMinutes.JIT_SETTLED_SECONDS));
    }

    @Test
    void aSpanLongerThanTheLoadHasNoFigure() {
        var f = FirstMinutes.of(samples(20), load(10)); // samples go on after the load stopped at 10 min
        assertTrue(f.containsKey(FirstMinutes.SERVER_CPU_MS_PER_TX_5_MIN));
        assertFalse(f.containsKey(FirstMinutes.JIT_SHARE_15_MIN), "the load lasted 10 minutes, not 15");
        assertTrue(FirstMinutes.of(samples(4), load(4)).isEmpty());
        assertTrue(FirstMinutes.of(samples(16), List.of()).isEmpty());
    }

    @Test
    void aSampleFarFromTheLoadsStartIsNoBaseline() {
        // sampling paused until the step: the last sample is 60 s before the load began, the next 30 s after it
        List<ServerSample> samples = new ArrayList<>(samples(16).stream().filter(s -> s.seconds() >= 40).toList());
        samples.add(0, new ServerSample(-50, Map.of(CpuMeter.SERVER, 0.0, CpuMeter.SERVER_JIT, 0.0)));
        assertTrue(FirstMinutes.of(samples, load(16)).isEmpty());
    }

    @Test
    void theSampleNearestTheStartIsTheBaseline() {
        // a sample 1 s after the start, none at it: the figures count from there, to the first sample 5 minutes on (320 s):
        // 30 intervals at 3 ms per transaction and one at 1 over 30,900 transactions (0.9 of the first interval's)
        List<ServerSample> samples = new ArrayList<>();
        for (ServerSample s : samples(16)) {
            samples.add(s.seconds() == 10 ? new ServerSample(11, s.values()) : s);
        }
        assertEquals(91_000.0 / 30_900, FirstMinutes.of(samples, load(16)).get(FirstMinutes.SERVER_CPU_MS_PER_TX_5_MIN), 1e-9);
    }

    @Test
    void transactionsAreCountedInProportionToTheOverlap() {
        var intervals = List.of(new FirstMinutes.Interval(10, 10, 100), new FirstMinutes.Interval(20, 10, 300));
        assertEquals(50 + 150, FirstMinutes.transactionsBetween(intervals, 5, 15), 1e-9);
        assertEquals(400, FirstMinutes.transactionsBetween(intervals, -5, 25), 1e-9);
    }
}

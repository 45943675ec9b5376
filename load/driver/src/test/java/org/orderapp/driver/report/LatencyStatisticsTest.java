package org.orderapp.driver.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.orderapp.driver.settings.LoadConfig;

class LatencyStatisticsTest {

    @Test
    void aLongTailShowsBeyondTheSigmaBounds() {
        var h = new Histogram(3_600_000_000L, 3);
        h.recordValueWithCount(10_000, 990); // 10 ms
        h.recordValueWithCount(1_000_000, 10); // 1 s
        var s = LatencyStatistics.of(h, 10.0);
        assertEquals(100.0, s.throughput(), 1e-9);
        assertEquals(19.9, s.mean(), 0.1);
        assertEquals(10.0, s.p50(), 0.05);
        assertEquals(1000.0, s.max(), 1.0);
        // mean + 4σ is about 414 ms: the ten 1 s samples lie beyond every bound.
        assertEquals(0.01, s.beyond2Sigma(), 1e-9);
        assertEquals(0.01, s.beyond3Sigma(), 1e-9);
        assertEquals(0.01, s.beyond4Sigma(), 1e-9);
    }

    @Test
    void anEmptyHistogramHasNoFigures() {
        assertEquals(0, LatencyStatistics.of(new Histogram(3), 1.0).count());
    }

    @Test
    void theGuidesSteppingIsOneThenMultiplesOfTwenty() {
        assertEquals(List.of(1.0, 20.0, 40.0, 60.0, 80.0, 100.0), LoadConfig.parseSteps("1..100/20"));
        assertEquals(List.of(5.0, 10.0, 15.0), LoadConfig.parseSteps("5,10,15"));
    }
}

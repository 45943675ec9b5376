package org.orderapp.lab.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** The comparison's arithmetic on numbers worked out by hand (Student t quantiles from the tables). */
class StatisticsTest {

    private static final double EPS = 1e-6;

    @Test
    void tQuantilesAreTheTablesTwoSided95PercentValues() {
        assertEquals(12.7062, Statistics.tQuantile(1), 1e-4);
        assertEquals(4.3027, Statistics.tQuantile(2), 1e-4);
        assertEquals(2.7764, Statistics.tQuantile(4), 1e-4);
        assertEquals(2.0423, Statistics.tQuantile(30), 1e-4);
    }

    @Test
    void meanOfThreeRoundsHasAStudentInterval() {
        // mean 12, s = 2, half width = 4.3027 * 2 / sqrt(3) = 4.9683
        Interval i = Statistics.mean(new double[] {10, 12, 14});
        assertEquals(12, i.estimate(), EPS);
        assertEquals(7.031725, i.low(), EPS);
        assertEquals(16.968275, i.high(), EPS);
        assertEquals(3, i.n());
    }

    @Test
    void aRatioAcrossInstancesTakesItsIntervalFromHowFarTheServersDiffer() {
        // rows (variant instances) 0.03 and 0.01, columns (control instances) 0.01 and 0.03, mean 0.02; squares 4 × 0.0001,
        // 2 degrees of freedom: se = sqrt(0.0004 / 2 × (1/2 + 1/2)) = 0.0141421, half width 4.3027 × se = 0.0608494
        Interval i = Statistics.acrossInstances(new double[][] {{0.02, 0.04}, {0.00, 0.02}});
        assertEquals(Math.exp(0.02), i.estimate(), EPS);
        assertEquals(Math.exp(0.02 - 0.0608494), i.low(), 1e-5);
        assertEquals(Math.exp(0.02 + 0.0608494), i.high(), 1e-5);
        assertEquals(4, i.n(), "four servers");
        // Three against one: rows 0.01, 0.02, 0.03 about 0.02, the one column at the mean: squares 0.0002, 2 degrees of freedom
        Interval uneven = Statistics.acrossInstances(new double[][] {{0.01}, {0.02}, {0.03}});
        assertEquals(Math.exp(0.02), uneven.estimate(), EPS);
        double half = Statistics.tQuantile(2) * Math.sqrt(0.0002 / 2 * (1.0 / 3 + 1));
        assertEquals(Math.exp(0.02 + half), uneven.high(), 1e-9);
        assertFalse(Statistics.acrossInstances(new double[][] {{0.05}}).hasInterval(), "one server a side: no degree of freedom");
    }

    @Test
    void oneRoundHasNoInterval() {
        Interval i = Statistics.mean(new double[] {42});
        assertEquals(42, i.estimate(), EPS);
        assertFalse(i.hasInterval());
        assertEquals(0, i.side(1.0));
    }

    @Test
    void pairedRatioIsTheGeometricMeanWithAnIntervalOnTheLogarithms() {
        // per-round ratios 1.10, 1.20, 1.15
        Interval r = Statistics.pairedRatio(new double[] {110, 240, 230}, new double[] {100, 200, 200});
        assertEquals(1.149275, r.estimate(), EPS);
        assertEquals(1.031536, r.low(), EPS);
        assertEquals(1.280453, r.high(), EPS);
        assertEquals(3, r.n());
    }

    @Test
    void identicalRatiosGiveAZeroWidthInterval() {
        Interval r = Statistics.pairedRatio(new double[] {110, 121, 99}, new double[] {100, 110, 90});
        assertEquals(1.1, r.estimate(), EPS);
        assertEquals(1.1, r.low(), EPS);
        assertEquals(1.1, r.high(), EPS);
    }

    @Test
    void aZeroValueCannotBeARatio() {
        assertNull(Statistics.pairedRatio(new double[] {0, 1}, new double[] {1, 1}));
    }

    @Test
    void verdictsSayFasterSlowerOrUndetectable() {
        assertEquals("faster by 15 % (95 % CI 3.2–28 %)",
                Metric.THROUGHPUT.verdict(Statistics.pairedRatio(new double[] {110, 240, 230}, new double[] {100, 200, 200})));
        // ratios 0.90, 0.85, 0.88: 0.876 (0.816-0.941)
        assertEquals("slower by 12 % (95 % CI 5.9–18 %)",
                Metric.THROUGHPUT.verdict(Statistics.pairedRatio(new double[] {90, 85, 88}, new double[] {100, 100, 100})));
        // ratios 1.02, 0.97, 1.01: 1.000 (0.936-1.068)
        assertEquals("no difference this run can detect (CI 0.94–1.07)",
                Metric.THROUGHPUT.verdict(Statistics.pairedRatio(new double[] {102, 97, 101}, new double[] {100, 100, 100})));
        assertEquals("p99 lower by 12 % (95 % CI 5.9–18 %)",
                Metric.P99.verdict(Statistics.pairedRatio(new double[] {90, 85, 88}, new double[] {100, 100, 100})));
        assertEquals("CPU per transaction higher by 10 % (95 % CI 10–10 %)",
                Metric.CPU.verdict(Statistics.pairedRatio(new double[] {1.1, 2.2}, new double[] {1, 2})));
        assertEquals("ratio 1.10 from one paired round: no interval, no verdict",
                Metric.THROUGHPUT.verdict(Statistics.pairedRatio(new double[] {110}, new double[] {100})));
        assertEquals("ratio 1.10 from 4 paired blocks or crossover groups: too few for a 95 % interval (the signed-rank interval needs six), no verdict",
                Metric.THROUGHPUT.verdict(Statistics.pairedRatioRobust(new double[] {110, 110, 110, 110}, new double[] {100, 100, 100, 100})));
    }
}

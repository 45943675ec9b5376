package org.orderapp.lab.interleaved;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.orderapp.lab.experiment.Interval;
import org.orderapp.lab.experiment.Statistics;

/**
 * Why the interleaved method runs several servers per variant, on thousands of synthetic A/A experiments: every server
 * (a JVM) keeps its own offset from its configuration's figure for the whole experiment, as two JVMs of one
 * configuration do by their JIT compilers' decisions (here 1.3 % of CPU per transaction, one standard deviation: the
 * A/A ratios of this machine's last five open-load calibrations spread by 1.8 %, a difference of two such JVMs), beside
 * the machine's noise that the blocks pair away (a drifting pace shared by every server, each window's jitter, the odd
 * stalled window). Each experiment stops as a real one does (StopRule at the default precision, on the widest of the
 * server pairs' own intervals over the blocks, or at the time limit). With one server a side the blocks' interval is of
 * one pair of JVMs and misses a true 1.0 far more often than 5 % of the time, however many blocks; over several servers
 * a side (Statistics.acrossInstances) it holds 1.0 at least 93 % of the time.
 */
class InstancesSimulationTest {

    private static final int EXPERIMENTS = 2000;
    /** The time limit's blocks: 30 of 1.5 min in 45 min. */
    private static final int MAX_BLOCKS = 30;
    private static final Duration BLOCK = Duration.ofSeconds(90);
    private static final StopRule RULE = new StopRule(StopRule.DEFAULT_PRECISION, BLOCK.multipliedBy(MAX_BLOCKS), StopRule.DEFAULT_MIN_BLOCKS);
    private static final double JVM_SD = 0.013;
    private static final double JITTER_SD = 0.015;

    @Test
    void severalServersAVariantHoldATrueRatioOfOneWhereOneServerASideDoesNot() {
        double one = coverage(1, 11);
        double two = coverage(2, 12);
        double three = coverage(3, 13);
        System.out.printf(Locale.ROOT, "A/A with JVMs %.1f %% apart: 1.0 covered by one server a side in %.1f %% of %d experiments, "
                + "two in %.1f %%, three in %.1f %%%n", 100 * JVM_SD, 100 * one, EXPERIMENTS, 100 * two, 100 * three);
        assertTrue(one < 0.80, "one server a side is an interval about one pair of JVMs: " + one);
        assertTrue(two >= 0.93, "two servers a side: " + two);
        assertTrue(three >= 0.93, "three servers a side: " + three);
    }

    /**
     * The share of A/A experiments whose interval holds 1.0 with n servers per variant, each stopped as a real one is:
     * by the StopRule, at the default precision, on the widest of the server pairs' own intervals over the blocks (what
     * more blocks narrow; the ratio over the servers stops narrowing at their spread), or at the time limit.
     */
    private static double coverage(int n, long seed) {
        var random = new SplittableRandom(seed);
        int covered = 0;
        for (int e = 0; e < EXPERIMENTS; e++) {
            double[] jvm = new double[2 * n]; // servers 0..n-1 the control's, n..2n-1 the variant's, one configuration
            for (int s = 0; s < jvm.length; s++) {
                jvm[s] = JVM_SD * gaussian(random);
            }
            double[][] windows = new double[2 * n][MAX_BLOCKS]; // log CPU per transaction
            double pace = 0;
            for (int b = 0; b < MAX_BLOCKS; b++) {
                pace += 0.01 * gaussian(random);
                for (int s = 0; s < jvm.length; s++) {
                    double stall = random.nextDouble() < 0.03 ? 0.1 + 0.3 * random.nextDouble() : 0;
                    windows[s][b] = Math.log(1.5) + pace + jvm[s] + JITTER_SD * gaussian(random) + stall;
                }
            }
            Interval ratio = null;
            for (int blocks = StopRule.DEFAULT_MIN_BLOCKS; blocks <= MAX_BLOCKS; blocks++) {
                double[][] logs = new double[n][n];
                double widest = 0;
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < n; j++) {
                        Interval pair = Statistics.pairedRatioRobust(exp(windows[n + i], blocks), exp(windows[j], blocks));
                        logs[i][j] = Math.log(pair.estimate());
                        widest = Math.max(widest, Statistics.relativeHalfWidth(pair));
                        if (n == 1) {
                            ratio = pair;
                        }
                    }
                }
                if (n > 1) {
                    ratio = Statistics.acrossInstances(logs);
                }
                if (RULE.decide(blocks, BLOCK.multipliedBy(blocks), List.of(widest), BLOCK) != StopRule.Decision.GO_ON) {
                    break;
                }
            }
            if (ratio.low() <= 1 && 1 <= ratio.high()) {
                covered++;
            }
        }
        return covered / (double) EXPERIMENTS;
    }

    private static double[] exp(double[] logs, int first) {
        double[] values = new double[first];
        for (int i = 0; i < first; i++) {
            values[i] = Math.exp(logs[i]);
        }
        return values;
    }

    private static double gaussian(SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }
}

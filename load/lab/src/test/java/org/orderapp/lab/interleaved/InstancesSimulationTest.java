package org.orderapp.lab.interleaved;

import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * stalled window). With one server a side the blocks' interval is of one pair of JVMs and misses a true 1.0 far more
 * often than 5 % of the time, however many blocks; over several servers a side (Statistics.acrossInstances) it holds 1.0
 * at least 93 % of the time.
 */
class InstancesSimulationTest {

    private static final int EXPERIMENTS = 2000;
    private static final int BLOCKS = 16;
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

    /** The share of A/A experiments whose interval holds 1.0 with n servers per variant. */
    private static double coverage(int n, long seed) {
        var random = new SplittableRandom(seed);
        int covered = 0;
        for (int e = 0; e < EXPERIMENTS; e++) {
            double[] jvm = new double[2 * n]; // servers 0..n-1 the control's, n..2n-1 the variant's, one configuration
            for (int s = 0; s < jvm.length; s++) {
                jvm[s] = JVM_SD * gaussian(random);
            }
            double[][] windows = new double[2 * n][BLOCKS]; // log CPU per transaction
            double pace = 0;
            for (int b = 0; b < BLOCKS; b++) {
                pace += 0.01 * gaussian(random);
                for (int s = 0; s < jvm.length; s++) {
                    double stall = random.nextDouble() < 0.03 ? 0.1 + 0.3 * random.nextDouble() : 0;
                    windows[s][b] = Math.log(1.5) + pace + jvm[s] + JITTER_SD * gaussian(random) + stall;
                }
            }
            Interval ratio;
            if (n == 1) {
                ratio = Statistics.pairedRatioRobust(exp(windows[1]), exp(windows[0]));
            } else {
                double[][] logs = new double[n][n];
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < n; j++) {
                        logs[i][j] = Math.log(Statistics.pairedRatioRobust(exp(windows[n + i]), exp(windows[j])).estimate());
                    }
                }
                ratio = Statistics.acrossInstances(logs);
            }
            if (ratio.low() <= 1 && 1 <= ratio.high()) {
                covered++;
            }
        }
        return covered / (double) EXPERIMENTS;
    }

    private static double[] exp(double[] logs) {
        double[] values = new double[logs.length];
        for (int i = 0; i < logs.length; i++) {
            values[i] = Math.exp(logs[i]);
        }
        return values;
    }

    private static double gaussian(SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }
}

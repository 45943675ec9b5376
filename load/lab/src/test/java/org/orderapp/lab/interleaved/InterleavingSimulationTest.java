package org.orderapp.lab.interleaved;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.orderapp.lab.experiment.Interval;
import org.orderapp.lab.experiment.Statistics;

/**
 * The interleaved method's statistics, checked on thousands of synthetic experiments with the noise of a shared two-core
 * machine: the machine's pace drifts slowly (a random walk and a slow swing of ±4 %), neighbours come and go (a noise
 * that lasts several windows), the odd window stalls (a few per hundred lose 10–40 %), and every window has its own
 * jitter. Two variants are measured in blocks of one window each, in a random order, throughput and CPU per
 * transaction at once (their noise partly shared), until both ratios' intervals are within the precision (at least
 * the minimum of blocks) or the time is up, exactly as StopRule decides in a real experiment; the ratio is the
 * Hodges-Lehmann estimate of the blocks' log-ratios with the signed-rank interval (Statistics.pairedRatioRobust).
 *
 * <p>Checked: the 95 % interval covers a true ratio of 1.0 (an A/A experiment) in at least 93 % of experiments, and a
 * real 5 % difference is found (the interval excludes 1, on the right side) in at least 90 %.
 */
class InterleavingSimulationTest {

    private static final int EXPERIMENTS = 3000;
    private static final StopRule RULE = new StopRule(StopRule.DEFAULT_PRECISION, Duration.ofMinutes(45), StopRule.DEFAULT_MIN_BLOCKS);
    /** Windows of 25 s plus a 10-s settle: about 35 s each; a block of two variants about 70 s. */
    private static final Duration WINDOW = Duration.ofSeconds(35);
    /** The warm-up before the first block, counted against the time limit. */
    private static final Duration WARM_UP = Duration.ofMinutes(12);

    @Test
    void anAaExperimentsIntervalCoversOneAtLeast93PercentOfTheTime() {
        var outcome = simulate(1.0, 1.0, 1);
        System.out.printf(Locale.ROOT, "A/A: throughput interval covers 1.0 in %.1f %% of %d experiments, CPU in %.1f %%; "
                        + "precision reached in %.1f %%, median %d blocks%n", 100 * outcome.throughputCovered, EXPERIMENTS,
                100 * outcome.cpuCovered, 100 * outcome.precise, outcome.medianBlocks);
        assertTrue(outcome.throughputCovered >= 0.93, "throughput coverage " + outcome.throughputCovered);
        assertTrue(outcome.cpuCovered >= 0.93, "CPU coverage " + outcome.cpuCovered);
    }

    @Test
    void aFivePercentDifferenceIsFoundAtLeast90PercentOfTheTime() {
        // 5 % more throughput and 5 % less CPU per transaction, the size of effect the lab promises to find.
        var outcome = simulate(1.05, 1 / 1.05, 2);
        System.out.printf(Locale.ROOT, "5 %% effect: throughput found in %.1f %% of %d experiments, CPU in %.1f %%; "
                        + "covered %.1f %% and %.1f %%; precision reached in %.1f %%, median %d blocks%n",
                100 * outcome.throughputFound, EXPERIMENTS, 100 * outcome.cpuFound, 100 * outcome.throughputCovered,
                100 * outcome.cpuCovered, 100 * outcome.precise, outcome.medianBlocks);
        assertTrue(outcome.throughputFound >= 0.90, "throughput found " + outcome.throughputFound);
        assertTrue(outcome.cpuFound >= 0.90, "CPU found " + outcome.cpuFound);
        assertTrue(outcome.throughputCovered >= 0.93, "throughput coverage of the true ratio " + outcome.throughputCovered);
    }

    @Test
    void theRuleStopsOnlyWithEveryIntervalNarrowEnoughAndAfterTheMinimum() {
        var narrow = List.of(0.01, 0.02);
        assertTrue(RULE.decide(5, Duration.ofMinutes(10), narrow, WINDOW) == StopRule.Decision.GO_ON);
        assertTrue(RULE.decide(6, Duration.ofMinutes(10), narrow, WINDOW) == StopRule.Decision.PRECISION_REACHED);
        var oneWide = new ArrayList<Double>(List.of(0.01, 0.04));
        assertTrue(RULE.decide(9, Duration.ofMinutes(10), oneWide, WINDOW) == StopRule.Decision.GO_ON);
        oneWide.set(1, null);
        assertTrue(RULE.decide(9, Duration.ofMinutes(10), oneWide, WINDOW) == StopRule.Decision.GO_ON);
        assertTrue(RULE.decide(9, Duration.ofMinutes(45), oneWide, WINDOW) == StopRule.Decision.TIME_UP);
    }

    private record Outcome(double throughputCovered, double cpuCovered, double throughputFound, double cpuFound, double precise,
                           int medianBlocks) {
    }

    private static Outcome simulate(double throughputRatio, double cpuRatio, long seed) {
        var random = new SplittableRandom(seed);
        int tCovered = 0;
        int cCovered = 0;
        int tFound = 0;
        int cFound = 0;
        int precise = 0;
        var blocks = new ArrayList<Integer>();
        for (int e = 0; e < EXPERIMENTS; e++) {
            var machine = new Machine(random.split());
            var order = new BlockOrder(random.nextLong());
            var tv = new ArrayList<Double>();
            var tc = new ArrayList<Double>();
            var cv = new ArrayList<Double>();
            var cc = new ArrayList<Double>();
            Duration elapsed = WARM_UP;
            StopRule.Decision decision;
            Interval t;
            Interval c;
            do {
                for (String variant : order.next(List.of("control", "variant"))) {
                    double[] noise = machine.nextWindow();
                    boolean isVariant = variant.equals("variant");
                    double throughput = 500 * (isVariant ? throughputRatio : 1) * Math.exp(noise[0]);
                    double cpu = 0.8 * (isVariant ? cpuRatio : 1) * Math.exp(noise[1]);
                    (isVariant ? tv : tc).add(throughput);
                    (isVariant ? cv : cc).add(cpu);
                    elapsed = elapsed.plus(WINDOW);
                }
                t = Statistics.pairedRatioRobust(array(tv), array(tc));
                c = Statistics.pairedRatioRobust(array(cv), array(cc));
                decision = RULE.decide(tv.size(), elapsed, java.util.Arrays.asList(halfWidth(t), halfWidth(c)), WINDOW.multipliedBy(2));
            } while (decision == StopRule.Decision.GO_ON);
            if (decision == StopRule.Decision.PRECISION_REACHED) {
                precise++;
            }
            blocks.add(tv.size());
            tCovered += covers(t, throughputRatio) ? 1 : 0;
            cCovered += covers(c, cpuRatio) ? 1 : 0;
            tFound += t.side(1.0) == Double.compare(throughputRatio, 1.0) && throughputRatio != 1.0 ? 1 : 0;
            cFound += c.side(1.0) == Double.compare(cpuRatio, 1.0) && cpuRatio != 1.0 ? 1 : 0;
        }
        blocks.sort(Integer::compare);
        double n = EXPERIMENTS;
        return new Outcome(tCovered / n, cCovered / n, tFound / n, cFound / n, precise / n, blocks.get(blocks.size() / 2));
    }

    private static Double halfWidth(Interval i) {
        return i == null || !i.hasInterval() ? null : StopRule.halfWidth(i.estimate(), i.low(), i.high());
    }

    private static boolean covers(Interval i, double truth) {
        return i.hasInterval() && i.low() <= truth && truth <= i.high();
    }

    private static double[] array(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /**
     * The machine's noise on the logarithm of each window's figures, {throughput, CPU per transaction}: slow drift,
     * neighbours that stay for a while, rare stalls, and each window's own jitter. A slower machine (less throughput)
     * also spends more CPU per transaction, in part.
     */
    private static final class Machine {
        private final SplittableRandom random;
        private double walk;
        private double neighbour;
        private final double phase;
        private long window;

        Machine(SplittableRandom random) {
            this.random = random;
            this.phase = random.nextDouble() * 2 * Math.PI;
        }

        double[] nextWindow() {
            window++;
            walk += 0.004 * gaussian();
            // A neighbour's load lasts several windows (an AR(1) process, 0.8 from one window to the next, ±2 % overall).
            neighbour = 0.8 * neighbour + 0.012 * gaussian();
            double swing = 0.04 * Math.sin(phase + 2 * Math.PI * window / 60.0);
            double stall = random.nextDouble() < 0.03 ? -(0.1 + 0.3 * random.nextDouble()) : 0;
            double shared = walk + neighbour + swing + stall;
            double throughput = shared + 0.015 * gaussian();
            double cpu = -0.5 * shared + 0.015 * gaussian();
            return new double[] {throughput, cpu};
        }

        private double gaussian() {
            // Box-Muller: SplittableRandom has no nextGaussian on Java 17.
            double u = 1 - random.nextDouble();
            double v = random.nextDouble();
            return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
        }
    }
}

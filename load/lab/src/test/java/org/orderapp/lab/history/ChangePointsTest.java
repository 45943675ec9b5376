package org.orderapp.lab.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** E-Divisive on synthetic histories whose steps are known. */
class ChangePointsTest {

    private static final ChangePoints.Settings SETTINGS = ChangePoints.Settings.DEFAULT;

    @Test
    void findsATenPercentStepInTwoPercentNoise() {
        int seeds = 20;
        int extra = 0;
        for (long seed = 1; seed <= seeds; seed++) {
            double[] series = noise(40, 100, 2, seed);
            for (int i = 20; i < series.length; i++) {
                series[i] += 10;
            }
            List<Integer> points = ChangePoints.find(series, SETTINGS.withSeed(seed));
            assertTrue(points.stream().anyMatch(p -> Math.abs(p - 20) <= 1), "seed " + seed + ": the step at run 20 in " + points);
            extra += points.size() - 1;
        }
        // Each part left of a split is tested again, at the same significance: a false alarm there is as rare as in noise.
        assertTrue(extra <= 0.1 * seeds, extra + " changes found beside the step in " + seeds + " seeds");
    }

    @Test
    void findsNothingInPureNoiseInAtLeastNinetyPercentOfSeeds() {
        int quiet = 0;
        int seeds = 100;
        for (long seed = 1; seed <= seeds; seed++) {
            if (ChangePoints.find(noise(40, 100, 2, seed), SETTINGS.withSeed(seed)).isEmpty()) {
                quiet++;
            }
        }
        assertTrue(quiet >= 0.9 * seeds, "no change found in " + quiet + " of " + seeds + " seeds");
    }

    @Test
    void findsTwoStepsAndWhereEachBegins() {
        double[] series = noise(60, 100, 2, 7);
        for (int i = 20; i < 60; i++) {
            series[i] += i < 40 ? -10 : 5;
        }
        List<Integer> points = ChangePoints.find(series, SETTINGS);
        assertEquals(2, points.size(), points.toString());
        assertTrue(Math.abs(points.get(0) - 20) <= 1 && Math.abs(points.get(1) - 40) <= 1, points.toString());
    }

    @Test
    void aSeriesTooShortToSplitHasNoChange() {
        assertEquals(List.of(), ChangePoints.find(new double[] {1, 2, 100, 101, 102}, SETTINGS));
    }

    private static double[] noise(int n, double mean, double percent, long seed) {
        var random = new Random(seed);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = mean * (1 + percent / 100 * random.nextGaussian());
        }
        return x;
    }
}

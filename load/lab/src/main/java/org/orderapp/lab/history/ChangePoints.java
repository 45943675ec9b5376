package org.orderapp.lab.history;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

/**
 * Where a series changes level: E-Divisive means with a permutation test, the method Apache Otava (formerly Hunter)
 * uses to find performance regressions.
 *
 * <p>D. S. Matteson and N. A. James, "A Nonparametric Approach for Multiple Change Point Analysis of Multivariate
 * Data", Journal of the American Statistical Association 109(505), 2014 (the energy statistic Q̂ with α = 1, divisive
 * bisection, significance by permutation); D. Daly et al., "Hunter: Using Change Point Detection to Hunt for
 * Performance Regressions", ICPE 2023 (its use on benchmark histories). As Hunter does, the second part of a split
 * runs to the end of its segment (no search over κ).
 *
 * <p>Each round splits the segment whose best split has the largest Q̂, if that Q̂ is significant: its p-value is the
 * share of random orders of the segment's values whose best Q̂ is at least as large. No distribution is assumed, so a
 * long tail or a bimodal figure does not make false alarms.
 */
public final class ChangePoints {

    /**
     * @param significance the largest p-value of a split that is kept
     * @param permutations random orders per test (499: p-values in steps of 0.002)
     * @param minSegment the fewest points on either side of a change
     * @param seed of the permutations, so the same history gives the same answer
     */
    /* 0.01, not 0.05: each split tests its parts again, so at 0.05 one true step in 20 brought a false one beside it. */
    public record Settings(double significance, int permutations, int minSegment, long seed) {

        public static final Settings DEFAULT = new Settings(0.01, 499, 3, 20141120L);

        public Settings {
            if (minSegment < 2) {
                throw new IllegalArgumentException("a segment needs at least 2 points to have a spread");
            }
        }

        public Settings withSeed(long other) {
            return new Settings(significance, permutations, minSegment, other);
        }
    }

    private ChangePoints() {
    }

    /** The indices where a new level starts, ascending; empty when the series holds one level. */
    public static List<Integer> find(double[] series, Settings settings) {
        var random = new Random(settings.seed());
        var points = new TreeSet<Integer>();
        while (true) {
            Split best = null;
            int start = 0;
            for (int end : bounds(points, series.length)) {
                Split split = bestSplit(series, start, end, settings.minSegment());
                if (split != null && (best == null || split.q() > best.q())) {
                    best = split;
                }
                start = end;
            }
            if (best == null || pValue(series, best, settings, random) > settings.significance()) {
                return List.copyOf(points);
            }
            points.add(best.at());
        }
    }

    private record Split(int start, int end, int at, double q) {
    }

    private static List<Integer> bounds(TreeSet<Integer> points, int length) {
        var bounds = new ArrayList<>(points);
        bounds.add(length);
        return bounds;
    }

    private static double pValue(double[] series, Split split, Settings settings, Random random) {
        double[] values = java.util.Arrays.copyOfRange(series, split.start(), split.end());
        int asLarge = 0;
        for (int r = 0; r < settings.permutations(); r++) {
            shuffle(values, random);
            Split shuffled = bestSplit(values, 0, values.length, settings.minSegment());
            if (shuffled != null && shuffled.q() >= split.q()) {
                asLarge++;
            }
        }
        return (asLarge + 1.0) / (settings.permutations() + 1.0);
    }

    /**
     * The split of x[start, end) with the largest Q̂ = mk/(m+k) · (2/(mk) Σ|a−b| − Σ|a−a'|/C(m,2) − Σ|b−b'|/C(k,2)),
     * a in the left part (m points), b in the right (k points); null when the segment is too short to split.
     * O(n²): every point's distances to those before and after it, then the sums moved one point at a time.
     */
    static Split bestSplit(double[] x, int start, int end, int minSegment) {
        int n = end - start;
        if (n < 2 * minSegment) {
            return null;
        }
        double[] before = new double[n];
        double[] after = new double[n];
        double total = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double d = Math.abs(x[start + i] - x[start + j]);
                after[i] += d;
                before[j] += d;
                total += d;
            }
        }
        double within = 0;
        double between = 0;
        double right = total;
        Split best = null;
        for (int tau = 1; tau < n; tau++) { // point tau-1 moves from the right part to the left
            int p = tau - 1;
            within += before[p];
            between += after[p] - before[p];
            right -= after[p];
            int m = tau;
            int k = n - tau;
            if (m < minSegment || k < minSegment) {
                continue;
            }
            double energy = 2 * between / ((double) m * k) - within / (m * (m - 1) / 2.0) - right / (k * (k - 1) / 2.0);
            double q = (double) m * k / n * energy;
            if (best == null || q > best.q()) {
                best = new Split(start, end, start + tau, q);
            }
        }
        return best;
    }

    private static void shuffle(double[] values, Random random) {
        for (int i = values.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            double t = values[i];
            values[i] = values[j];
            values[j] = t;
        }
    }
}

package org.orderapp.lab.experiment;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The arithmetic of a comparison. A variant's figure over rounds: the mean with a Student t interval. A variant
 * against the control: the ratio of paired rounds (same round, so the same stretch of the machine's life), as the
 * geometric mean of the per-round ratios with a t interval on their logarithms — ratios multiply, so their
 * logarithms are what is roughly symmetric, and the interval can never include a negative ratio.
 */
public final class Statistics {

    static final double CONFIDENCE = 0.95;

    private Statistics() {
    }

    /** The mean and its 95 % interval (mean ± t·s/√n); no interval for fewer than two values. */
    public static Interval mean(double[] values) {
        int n = values.length;
        if (n == 0) {
            throw new IllegalArgumentException("no values");
        }
        double mean = average(values);
        if (n < 2) {
            return new Interval(mean, null, null, n);
        }
        double half = tQuantile(n - 1) * standardDeviation(values, mean) / Math.sqrt(n);
        return new Interval(mean, mean - half, mean + half, n);
    }

    /**
     * The ratio variant / control over paired rounds: exp(mean of ln(v/c)) with exp(mean ± t·s/√n) as its interval.
     * Null if a value is not positive (a ratio to or of zero means nothing here).
     */
    public static Interval pairedRatio(double[] variant, double[] control) {
        if (variant.length != control.length || variant.length == 0) {
            throw new IllegalArgumentException("paired rounds need as many values on each side, at least one");
        }
        double[] logs = new double[variant.length];
        for (int i = 0; i < logs.length; i++) {
            if (!(variant[i] > 0) || !(control[i] > 0)) {
                return null;
            }
            logs[i] = Math.log(variant[i] / control[i]);
        }
        Interval log = mean(logs);
        return new Interval(Math.exp(log.estimate()), log.hasInterval() ? Math.exp(log.low()) : null,
                log.hasInterval() ? Math.exp(log.high()) : null, log.n());
    }

    /**
     * The ratio variant / control over paired blocks, robustly: exp of the Hodges-Lehmann estimate of the blocks'
     * log-ratios (the median of their Walsh averages) with the distribution-free interval of Wilcoxon's signed-rank
     * test. A shared machine stalls now and then, and one stalled window makes a t interval several times wider (seen:
     * ±18 % to ±87 % from one block). A stalled block spoils the n Walsh averages it takes part in, and the interval
     * leaves out about n²/4 at each end, so from a dozen blocks on it no longer reaches them. It needs at least six
     * blocks for 95 % (with five the widest is 93.75 %); no interval with fewer; null if a value is not positive.
     */
    public static Interval pairedRatioRobust(double[] variant, double[] control) {
        if (variant.length != control.length || variant.length == 0) {
            throw new IllegalArgumentException("paired blocks need as many values on each side, at least one");
        }
        double[] logs = new double[variant.length];
        for (int i = 0; i < logs.length; i++) {
            if (!(variant[i] > 0) || !(control[i] > 0)) {
                return null;
            }
            logs[i] = Math.log(variant[i] / control[i]);
        }
        Interval log = hodgesLehmann(logs);
        return new Interval(Math.exp(log.estimate()), log.hasInterval() ? Math.exp(log.low()) : null,
                log.hasInterval() ? Math.exp(log.high()) : null, log.n());
    }

    /**
     * The ratio of a variant on several servers (instances) to the control on several, from every pair of instances'
     * own ratio over the blocks ({@code logRatios[i][j]}: the log of variant instance i's paired ratio to control
     * instance j's): exp of their mean, with a t interval from how far the instances differ among themselves. Each
     * variant instance's effect is its row's mean, each control instance's its column's; their spread about the mean
     * (pooled, n_v + n_c − 2 degrees of freedom) holds both the JVMs' own difference and what the blocks left of the
     * machine's noise, so the interval is that of a mean over independent servers (the two-stage analysis of Georges,
     * Buytaert and Eeckhout, OOPSLA 2007), and does not narrow with more blocks below what the JVMs differ by. No interval
     * with one server on each side (no degree of freedom).
     */
    public static Interval acrossInstances(double[][] logRatios) {
        int nv = logRatios.length;
        int nc = nv == 0 ? 0 : logRatios[0].length;
        if (nv == 0 || nc == 0) {
            throw new IllegalArgumentException("no instances");
        }
        double[] rows = new double[nv];
        double[] columns = new double[nc];
        double all = 0;
        for (int i = 0; i < nv; i++) {
            if (logRatios[i].length != nc) {
                throw new IllegalArgumentException("every variant instance needs a ratio to every control instance");
            }
            for (int j = 0; j < nc; j++) {
                rows[i] += logRatios[i][j] / nc;
                columns[j] += logRatios[i][j] / nv;
                all += logRatios[i][j] / (nv * nc);
            }
        }
        int df = nv + nc - 2;
        if (df < 1) {
            return new Interval(Math.exp(all), null, null, nv + nc);
        }
        double squares = 0;
        for (double r : rows) {
            squares += (r - all) * (r - all);
        }
        for (double c : columns) {
            squares += (c - all) * (c - all);
        }
        double half = tQuantile(df) * Math.sqrt(squares / df * (1.0 / nv + 1.0 / nc));
        return new Interval(Math.exp(all), Math.exp(all - half), Math.exp(all + half), nv + nc);
    }

    /**
     * The Hodges-Lehmann estimate of where values centre (the median of their Walsh averages, (x_i + x_j) / 2 for
     * i ≤ j) with the 95 % interval of Wilcoxon's signed-rank test, distribution-free for a symmetric spread; no
     * interval for fewer than six values.
     */
    public static Interval hodgesLehmann(double[] values) {
        int n = values.length;
        if (n == 0) {
            throw new IllegalArgumentException("no values");
        }
        double[] walsh = new double[n * (n + 1) / 2];
        int w = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                walsh[w++] = (values[i] + values[j]) / 2;
            }
        }
        java.util.Arrays.sort(walsh);
        int m = walsh.length;
        double median = m % 2 == 1 ? walsh[m / 2] : (walsh[m / 2 - 1] + walsh[m / 2]) / 2;
        int k = signedRankCritical(n);
        return k < 1 ? new Interval(median, null, null, n) : new Interval(median, walsh[k - 1], walsh[m - k], n);
    }

    /**
     * The k of the 95 % signed-rank interval: the interval runs from the k-th smallest to the k-th largest Walsh average,
     * k the largest count with P(T &lt; k) ≤ 2.5 % under the null; 0 when no interval reaches 95 % (fewer than six
     * values). Exact (the null distribution by counting) up to 200 values, the normal approximation beyond.
     */
    static int signedRankCritical(int n) {
        double alpha = (1 - CONFIDENCE) / 2;
        if (n > 200) {
            double m = n * (n + 1) / 4.0;
            double sd = Math.sqrt(n * (n + 1) * (2.0 * n + 1) / 24);
            return (int) Math.floor(m - 1.959963984540054 * sd);
        }
        int max = n * (n + 1) / 2;
        double[] ways = new double[max + 1]; // ways[t]: subsets of {1..n} whose ranks add up to t
        ways[0] = 1;
        for (int r = 1; r <= n; r++) {
            for (int t = max; t >= r; t--) {
                ways[t] += ways[t - r];
            }
        }
        double total = Math.pow(2, n);
        double cumulative = 0;
        int k = 0;
        for (int t = 0; t <= max; t++) {
            cumulative += ways[t] / total;
            if (cumulative > alpha) {
                break;
            }
            k = t + 1; // P(T <= t) <= alpha: the interval may start at the (t + 1)-th smallest
        }
        return k;
    }

    /**
     * How far an interval's farther end lies from its estimate, as a share of the estimate (a ratio of 1.02 with
     * 0.99–1.05: 2.9 %); null without an interval.
     */
    public static Double relativeHalfWidth(Interval i) {
        if (i == null || !i.hasInterval() || !(i.estimate() > 0)) {
            return null;
        }
        return Math.max(i.high() / i.estimate() - 1, 1 - i.low() / i.estimate());
    }

    /** The two-sided 95 % quantile of Student's t with these degrees of freedom (4.303 for 2, 1.960 in the limit). */
    public static double tQuantile(int degreesOfFreedom) {
        return TDistribution.of(degreesOfFreedom).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
    }

    static double average(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    /** The sample standard deviation (n − 1). */
    static double standardDeviation(double[] values, double mean) {
        double ss = 0;
        for (double v : values) {
            ss += (v - mean) * (v - mean);
        }
        return Math.sqrt(ss / (values.length - 1));
    }
}

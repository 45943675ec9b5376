package org.orderapp.load.experiment;

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

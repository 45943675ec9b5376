package org.orderapp.driver.report;

import org.HdrHistogram.Histogram;

/**
 * The figures of one latency distribution, in milliseconds: the percentiles, and how much of it lies beyond
 * mean + 2σ, 3σ and 4σ — for a normal distribution 2.3 %, 0.13 % and 0.003 %; a long tail shows as more.
 */
public record LatencyStatistics(long count, double throughput, double mean, double stdDev, double p50, double p90,
                                double p99, double p999, double p9999, double max, double beyond2Sigma, double beyond3Sigma,
                                double beyond4Sigma) {

    /** @param histogram values in microseconds; @param seconds the window the values were recorded in */
    public static LatencyStatistics of(Histogram histogram, double seconds) {
        long n = histogram.getTotalCount();
        if (n == 0) {
            return new LatencyStatistics(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        }
        double mean = histogram.getMean();
        double sd = histogram.getStdDeviation();
        return new LatencyStatistics(n, n / seconds, ms(mean), ms(sd), ms(histogram.getValueAtPercentile(50)),
                ms(histogram.getValueAtPercentile(90)), ms(histogram.getValueAtPercentile(99)),
                ms(histogram.getValueAtPercentile(99.9)), ms(histogram.getValueAtPercentile(99.99)), ms(histogram.getMaxValue()),
                beyond(histogram, mean + 2 * sd), beyond(histogram, mean + 3 * sd), beyond(histogram, mean + 4 * sd));
    }

    /** The share of samples strictly above the threshold (microseconds). */
    static double beyond(Histogram h, double threshold) {
        long total = h.getTotalCount();
        if (threshold >= h.getMaxValue()) {
            return 0;
        }
        long atOrBelow = h.getCountBetweenValues(0, (long) Math.floor(threshold));
        return Math.max(0, total - atOrBelow) / (double) total;
    }

    private static double ms(double micros) {
        return micros / 1000.0;
    }
}

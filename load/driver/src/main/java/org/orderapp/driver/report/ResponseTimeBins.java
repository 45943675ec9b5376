package org.orderapp.driver.report;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A response-time histogram for the report: requests counted in bins of equal width on a logarithmic axis (ten to a
 * decade, so 1 ms and 100 ms are read alike), from the fastest request's bin to the slowest's, empty bins included.
 */
final class ResponseTimeBins {

    static final int PER_DECADE = 10;
    /** Values below 10 µs (recorded as 0 or so) fall into the first bin above it. */
    private static final double LOWEST_MS = 0.01;

    private ResponseTimeBins() {
    }

    /** [from ms, to ms, requests] per bin; none for an empty histogram. @param micros values in microseconds */
    static List<double[]> of(Histogram micros) {
        var bins = new ArrayList<double[]>();
        if (micros.getTotalCount() == 0) {
            return bins;
        }
        int first = bin(micros.getMinValue() / 1000.0);
        int last = bin(micros.getMaxValue() / 1000.0);
        long[] counts = new long[last - first + 1];
        for (HistogramIterationValue v : micros.recordedValues()) {
            int bin = Math.max(first, Math.min(last, bin(v.getValueIteratedTo() / 1000.0)));
            counts[bin - first] += v.getCountAtValueIteratedTo();
        }
        for (int i = 0; i < counts.length; i++) {
            bins.add(new double[] {edge(first + i), edge(first + i + 1), counts[i]});
        }
        return bins;
    }

    private static int bin(double ms) {
        return (int) Math.floor(Math.log10(Math.max(ms, LOWEST_MS)) * PER_DECADE);
    }

    private static double edge(int bin) {
        return Math.pow(10, bin / (double) PER_DECADE);
    }
}

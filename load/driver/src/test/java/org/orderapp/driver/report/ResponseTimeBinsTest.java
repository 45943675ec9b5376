package org.orderapp.driver.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The report's histogram bins: even on a logarithmic axis, contiguous, every request counted once. */
class ResponseTimeBinsTest {

    @Test
    void binsRunFromTheFastestToTheSlowestRequest() {
        var micros = new Histogram(3_600_000_000L, 3);
        micros.recordValueWithCount(1_500, 90); // 1.5 ms
        micros.recordValueWithCount(150_000, 10); // 150 ms
        List<double[]> bins = ResponseTimeBins.of(micros);

        assertEquals(21, bins.size(), "1.26-1.58 ms up to 125.9-158.5 ms, ten bins to a tenfold, the empty ones too");
        assertEquals(90, bins.get(0)[2]);
        assertEquals(10, bins.get(bins.size() - 1)[2]);
        assertEquals(100, bins.stream().mapToDouble(b -> b[2]).sum());
        for (int i = 0; i < bins.size(); i++) {
            double[] b = bins.get(i);
            assertEquals(Math.pow(10, 0.1), b[1] / b[0], 1e-9, "each bin a tenth of a decade wide");
            if (i > 0) {
                assertEquals(bins.get(i - 1)[1], b[0], 1e-9, "no gap between bins");
            }
        }
        assertTrue(bins.get(0)[0] <= 1.5 && 1.5 < bins.get(0)[1]);
    }

    @Test
    void anEmptyHistogramHasNoBins() {
        assertEquals(List.of(), ResponseTimeBins.of(new Histogram(3)));
    }
}

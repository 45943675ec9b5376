package org.orderapp.lab.experiment;

/**
 * An estimate with its 95 % confidence interval; {@code low} and {@code high} are null when the data cannot give an
 * interval (a single observation). {@code n} is the number of observations (rounds, or paired rounds).
 */
public record Interval(double estimate, Double low, Double high, int n) {

    public boolean hasInterval() {
        return low != null && high != null;
    }

    /** Whether the whole interval lies above (1), below (-1) or around (0) a value; 0 without an interval. */
    public int side(double value) {
        if (!hasInterval()) {
            return 0;
        }
        return low > value ? 1 : high < value ? -1 : 0;
    }
}

package org.orderapp.driver.workload;

import com.fasterxml.jackson.annotation.JsonValue;

/** A closed range of whole numbers, written MIN-MAX, or N when both ends are the same; MIN- has no upper end. */
public record Range(long min, long max) {

    public static final long UNBOUNDED = Long.MAX_VALUE;

    public Range {
        if (max < min) {
            throw new IllegalArgumentException("a range needs MIN <= MAX: " + min + "-" + max);
        }
    }

    /** "5", "1-9" or, for ranges without an upper end, "1-". */
    public static Range parse(String spec, String option) {
        try {
            String[] parts = spec.trim().split("-", -1);
            if (parts.length > 2) {
                throw new NumberFormatException();
            }
            long min = Long.parseLong(parts[0].trim());
            long max = parts.length == 1 ? min : parts[1].isBlank() ? UNBOUNDED : Long.parseLong(parts[1].trim());
            return new Range(min, max);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " is N or MIN-MAX, e.g. 5 or 1-9; got '" + spec + "'");
        }
    }

    public boolean fixed() {
        return min == max;
    }

    @JsonValue
    @Override
    public String toString() {
        return fixed() ? Long.toString(min) : min + "-" + (max == UNBOUNDED ? "" : Long.toString(max));
    }
}

package org.orderapp.interfaces.http;

import java.util.regex.Pattern;

/**
 * Whole numbers from client text, strictly: ASCII digits only (no sign, no fraction, no exponent), at least 1,
 * at most a stated maximum. Each rejection says which field and what was wrong with it.
 */
public final class Numbers {

    private static final Pattern DIGITS = Pattern.compile("[0-9]+");
    private static final Pattern NEGATIVE = Pattern.compile("-[0-9]+");

    private Numbers() {
    }

    /**
     * @param raw   the text as sent; null or blank means it is missing
     * @param label how the message names the value, e.g. "customerid" or "quantity on line 3"
     * @param field the request field it came from
     */
    public static long positive(String raw, String label, String field, long max) throws ClientError {
        if (Strings.isBlank(raw)) {
            throw ClientError.invalid(field, label + " is required");
        }
        String text = raw.strip();
        if (!DIGITS.matcher(text).matches()) {
            if (NEGATIVE.matcher(text).matches()) {
                throw ClientError.invalid(field, label + " must be positive, got " + Strings.shorten(text));
            }
            throw ClientError.invalid(field, label + " must be a whole number, got '" + Strings.shorten(raw) + "'");
        }
        long value;
        try {
            value = Long.parseLong(text);
        } catch (NumberFormatException tooManyDigits) {
            value = Long.MAX_VALUE;
            if (max == Long.MAX_VALUE) {
                throw ClientError.invalid(field, label + " must be at most " + max + ", got " + Strings.shorten(text));
            }
        }
        if (value == 0) {
            throw ClientError.invalid(field, label + " must be positive, got " + Strings.shorten(text));
        }
        if (value > max) {
            throw ClientError.invalid(field, label + " must be at most " + max + ", got " + Strings.shorten(text));
        }
        return value;
    }

    /** An identifier: 1 to {@link Long#MAX_VALUE}. */
    public static long id(String raw, String label, String field) throws ClientError {
        return positive(raw, label, field, Long.MAX_VALUE);
    }
}

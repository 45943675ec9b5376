package org.orderapp.interfaces.http;

import java.util.regex.Pattern;

/**
 * Whole numbers from client text, strictly: ASCII digits with an optional minus sign (no plus, fraction, exponent
 * or spaces inside), within a long. Each rejection names the field and what was wrong with it.
 */
public final class Numbers {

    private static final Pattern WHOLE = Pattern.compile("-?[0-9]+");

    private Numbers() {
    }

    /**
     * The number written, or null when the text is missing or blank; whether it is in range is for the caller.
     *
     * @param label how the message names the value, e.g. "customerid" or "quantity on line 3"
     * @param field the request field it came from
     */
    public static Long whole(String raw, String label, String field) {
        if (Strings.isBlank(raw)) {
            return null;
        }
        String text = raw.strip();
        if (!WHOLE.matcher(text).matches()) {
            throw ClientError.invalid(field, label + " must be a whole number, got '" + Strings.shorten(raw) + "'");
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException tooManyDigits) {
            throw ClientError.invalid(field, label + " is too large, got " + Strings.shorten(text));
        }
    }

    /** An identifier: required, 1 to {@link Long#MAX_VALUE}. */
    public static long id(String raw, String field) {
        Long value = whole(raw, field, field);
        if (value == null) {
            throw ClientError.invalid(field, field + " is required");
        }
        if (value <= 0) {
            throw ClientError.invalid(field, field + " must be positive, got " + value);
        }
        return value;
    }
}

package org.orderapp.interfaces.http;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/** The input of a browse search, checked the same way for the pages and the JSON API. */
public final class SearchInput {

    /** Longest product-name prefix a search accepts (the column holds 64 characters). */
    public static final int MAX_NAME = 64;

    private static final Instant END_OF_TIME = Instant.parse("9999-01-01T00:00:00Z");

    /** A customer's orders placed in [from, to). */
    public record OrderSearch(long customerId, Instant from, Instant to) {
    }

    private SearchInput() {
    }

    /** from and to are ISO dates (2026-01-31, UTC midnight) or instants; absent means unbounded. */
    public static OrderSearch orders(String customer, String from, String to) {
        long customerId = Numbers.id(customer, "customerid");
        Instant start = date(from, "from", Instant.EPOCH);
        Instant end = date(to, "to", END_OF_TIME);
        if (!start.isBefore(end)) {
            throw ClientError.invalid("to", "to must be after from");
        }
        return new OrderSearch(customerId, start, end);
    }

    /** A product-name prefix: 1 to {@value #MAX_NAME} characters after trimming. */
    public static String productPrefix(String name) {
        if (Strings.isBlank(name)) {
            throw ClientError.invalid("name", "name is required: the start of a product name");
        }
        String prefix = name.strip();
        if (prefix.length() > MAX_NAME) {
            throw ClientError.invalid("name", "name must hold at most " + MAX_NAME + " characters, got " + prefix.length());
        }
        return prefix;
    }

    private static Instant date(String raw, String field, Instant absent) {
        if (Strings.isBlank(raw)) {
            return absent;
        }
        String text = raw.strip();
        try {
            return text.length() == 10 ? LocalDate.parse(text).atStartOfDay().toInstant(ZoneOffset.UTC) : Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw ClientError.invalid(field, field + " must be a date (2026-01-31) or an instant (2026-01-31T10:00:00Z), got '"
                    + Strings.shorten(raw) + "'");
        }
    }
}

package org.orderapp.application;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;

/**
 * One row of the inquiry's answer as the database gives it: an order line with its order's head, in no particular
 * order. Both implementations of the inquiry read these and leave the ordering to {@link #orders}, so their answers
 * cannot differ in it.
 */
public record InquiryRow(UUID orderId, int distributionCenterId, Instant orderDate, BigDecimal totalAmount,
                         OrderDetails.Line line) {

    /** Newest first, as the inquiry answers; the same date (to the millisecond) by the larger id, as the index orders. */
    private static final Comparator<InquiryRow> NEWEST_FIRST = Comparator.comparing(InquiryRow::orderDate)
            .thenComparing(InquiryRow::orderId, InquiryRow::compareAsStored)
            .reversed()
            .thenComparingInt(row -> row.line().lineNumber());

    /**
     * The orders newest first, each with its lines in order. Sorted here, not by the database: sorting the joined rows
     * made it build a temporary table for every inquiry (EXPLAIN: "Using temporary; Using filesort").
     */
    public static List<OrderDetails> orders(long customerId, List<InquiryRow> unordered) {
        List<InquiryRow> rows = new ArrayList<>(unordered);
        rows.sort(NEWEST_FIRST);
        List<OrderDetails> orders = new ArrayList<>();
        List<OrderDetails.Line> lines = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            InquiryRow row = rows.get(i);
            lines.add(row.line());
            if (i + 1 == rows.size() || !rows.get(i + 1).orderId().equals(row.orderId())) {
                orders.add(new OrderDetails(row.orderId().toString(), customerId, row.distributionCenterId(), row.orderDate(),
                        row.totalAmount(), List.copyOf(lines)));
                lines.clear();
            }
        }
        return orders;
    }

    /** Two ids as the database orders them: BINARY(16), byte by byte, unsigned. */
    private static int compareAsStored(UUID a, UUID b) {
        int high = Long.compareUnsigned(a.getMostSignificantBits(), b.getMostSignificantBits());
        return high != 0 ? high : Long.compareUnsigned(a.getLeastSignificantBits(), b.getLeastSignificantBits());
    }
}

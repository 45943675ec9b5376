package org.orderapp.application;

/** Bounds on what one order may ask for; the web tier checks the same values before calling. */
public final class OrderLimits {

    /** Most lines in one order (the guide's batching experiments go up to 20). */
    public static final int MAX_LINES = Integer.getInteger("order.max-lines", 50);
    /** Largest quantity on one line. */
    public static final int MAX_QUANTITY = Integer.getInteger("order.max-quantity", 10_000);

    private OrderLimits() {
    }
}

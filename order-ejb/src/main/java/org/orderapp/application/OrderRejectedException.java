package org.orderapp.application;

import jakarta.ejb.ApplicationException;

/**
 * An order that keeps NewOrder's rules and still cannot be taken; nothing of it is stored. Carries the kind of problem (so each tier can
 * answer it properly) and the {@link NewOrder} property it concerns (customerId, productId), which each interface
 * names as its clients do.
 */
@ApplicationException(rollback = true)
public class OrderRejectedException extends Exception {

    private static final long serialVersionUID = 1L;

    public enum Reason {
        /** The customer or a product does not exist. */
        NOT_FOUND,
        /** Concurrent orders kept changing the same stock; the order was retried and then given up. */
        CONFLICT,
        /** The idempotency key came with another order before: a key names one request. */
        KEY_REUSED
    }

    private final Reason reason;
    private final String field;

    public OrderRejectedException(Reason reason, String field, String message) {
        super(message);
        this.reason = reason;
        this.field = field;
    }

    public Reason getReason() { return reason; }
    public String getField() { return field; }
}

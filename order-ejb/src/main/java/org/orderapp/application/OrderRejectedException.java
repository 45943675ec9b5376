package org.orderapp.application;

import jakarta.ejb.ApplicationException;

/**
 * An order that cannot be taken as asked; nothing of it is stored. Carries the kind of problem (so each tier can
 * answer it properly) and the request field it concerns.
 */
@ApplicationException(rollback = true)
public class OrderRejectedException extends Exception {

    private static final long serialVersionUID = 1L;

    public enum Reason {
        /** The request is malformed: a bad quantity, a repeated product, too many lines. */
        INVALID,
        /** The customer or a product does not exist. */
        NOT_FOUND,
        /** Concurrent orders kept changing the same stock; the order was retried and then given up. */
        CONFLICT
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

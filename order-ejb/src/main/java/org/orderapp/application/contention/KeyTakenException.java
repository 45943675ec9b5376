package org.orderapp.application.contention;

import jakarta.ejb.ApplicationException;

/** The idempotency key of an order being created is already stored: the order's transaction rolls back. */
@ApplicationException(rollback = true)
public class KeyTakenException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public KeyTakenException(String key) {
        super("idempotency key " + key + " is already stored");
    }
}

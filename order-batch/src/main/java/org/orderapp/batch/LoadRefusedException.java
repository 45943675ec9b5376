package org.orderapp.batch;

import jakarta.ejb.ApplicationException;

/** A load, restart or reset that would harm data or collide with a running load; nothing was changed. */
@ApplicationException
public class LoadRefusedException extends Exception {

    private static final long serialVersionUID = 1L;

    public LoadRefusedException(String message) {
        super(message);
    }
}

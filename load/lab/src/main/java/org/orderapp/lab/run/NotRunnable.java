package org.orderapp.lab.run;

/** The experiment needs something this machine or checkout does not have (another checkout); nothing was started. */
final class NotRunnable extends IllegalArgumentException {

    NotRunnable(String message) {
        super(message);
    }
}

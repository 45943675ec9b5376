package org.orderapp.application;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A test instrument of the fault server-kill-in-commit, never a tuning: this server's JVM halted (Runtime.halt, as
 * abrupt as SIGKILL) inside the commit of the next order, at a chosen point, so that a kill lands where the window
 * between the database's commit and the client's answer is, which a kill timed from outside rarely hits. Allowed only
 * on a server started with order.faults.halt-in-commit=true, and then armed by an administrator.
 */
public interface CommitFaults {

    /** Where in the order's commit the JVM halts. */
    enum Point {
        /** In the transaction's beforeCompletion, the order's statements sent: the database never gets the COMMIT. */
        BEFORE_COMMIT,
        /** From another thread, 0 to 5 ms after beforeCompletion, while the commit goes on: anywhere in the COMMIT. */
        IN_COMMIT,
        /** In afterCompletion of a committed transaction: the order stored, the client not answered. */
        AFTER_COMMIT;

        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        public static Point of(String label) {
            return Arrays.stream(values()).filter(p -> p.label().equals(label)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown point '" + label + "'; known: "
                            + Arrays.stream(values()).map(Point::label).collect(Collectors.joining(", "))));
        }
    }

    /** Whether this server allows it (order.faults.halt-in-commit). */
    boolean allowed();

    /**
     * Halts the JVM in the commit of the next order that commits (one only; an order that rolls back leaves it armed).
     *
     * @throws IllegalStateException when this server does not allow it
     */
    void haltInNextCommit(Point point);
}

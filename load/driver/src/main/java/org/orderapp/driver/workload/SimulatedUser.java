package org.orderapp.driver.workload;

/** A simulated user as the load shapes drive it: one transaction at a time, on its own connection. */
public interface SimulatedUser extends AutoCloseable {

    /** Performs the next transaction, due at intendedNanos (System.nanoTime). */
    void next(long intendedNanos);

    @Override
    void close();
}

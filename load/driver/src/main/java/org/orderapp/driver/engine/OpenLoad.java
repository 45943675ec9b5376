package org.orderapp.driver.engine;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The open model: transactions arrive at a constant rate whatever the server does. Arrival i is due at
 * start + i / rate; a free connection takes the next due arrival, waits for its time and sends it. When every
 * connection is busy, arrivals wait, and their response time counts from when they were due: a stalled server
 * shows as the stall it is, not as a pause in the schedule (no coordinated omission).
 */
public final class OpenLoad extends ThreadedLoad {

    private final double ratePerSecond;
    private final int connections;
    private final UserFactory factory;
    private final AtomicLong arrivals = new AtomicLong();
    private long startNanos;

    public OpenLoad(double ratePerSecond, int connections, UserFactory factory, Duration requestTimeout) {
        super(requestTimeout);
        this.ratePerSecond = ratePerSecond;
        this.connections = connections;
        this.factory = factory;
    }

    @Override
    public void start(StepRecorder recorder) {
        startNanos = System.nanoTime();
        startThreads(connections, "load-conn", connection -> runConnection(connection, recorder));
    }

    private void runConnection(int n, StepRecorder recorder) {
        double periodNanos = 1e9 / ratePerSecond;
        try (var session = factory.create(n, recorder)) {
            while (running) {
                long due = startNanos + (long) (arrivals.getAndIncrement() * periodNanos);
                for (long wait = due - System.nanoTime(); wait > 0 && running; wait = due - System.nanoTime()) {
                    LockSupport.parkNanos(Math.min(wait, 100_000_000L));
                }
                if (!running) {
                    return;
                }
                session.next(due);
            }
        }
    }
}

package org.orderapp.driver.engine;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The open model: transactions arrive at a constant rate whatever the server does. Arrival i is due at
 * start + i / rate; a free connection takes the next due arrival, waits for its time and sends it. When every
 * connection is busy, arrivals wait, and their response time counts from when they were due: a stalled server
 * shows as the stall it is, not as a pause in the schedule (no coordinated omission).
 * <p>
 * With a ramp of R seconds the rate rises evenly from 0 to its full value over R, then stays: arrival i is due when
 * rate × t² / 2R of them have arrived, and after R at i / rate + R / 2. A cold server serves a fraction of what it will
 * once compiled; offered the full rate at once, it builds a backlog it then works off long after it could keep up.
 */
public final class OpenLoad extends ThreadedLoad {

    private final double ratePerSecond;
    private final int connections;
    private final UserFactory factory;
    private final double rampSeconds;
    private final AtomicLong arrivals = new AtomicLong();
    private long startNanos;

    public OpenLoad(double ratePerSecond, int connections, UserFactory factory, Duration requestTimeout) {
        this(ratePerSecond, connections, factory, requestTimeout, Duration.ZERO);
    }

    /** @param ramp how long the rate takes to rise from 0 to its full value (zero: full from the start) */
    public OpenLoad(double ratePerSecond, int connections, UserFactory factory, Duration requestTimeout, Duration ramp) {
        super(requestTimeout);
        this.ratePerSecond = ratePerSecond;
        this.connections = connections;
        this.factory = factory;
        this.rampSeconds = ramp.toNanos() / 1e9;
    }

    /** When arrival {@code i} (from 0) is due, in seconds from the start. */
    static double dueSeconds(long i, double ratePerSecond, double rampSeconds) {
        if (rampSeconds <= 0) {
            return i / ratePerSecond;
        }
        double duringRamp = ratePerSecond * rampSeconds / 2; // the arrivals of the ramp
        return i < duringRamp ? Math.sqrt(2 * rampSeconds * i / ratePerSecond) : i / ratePerSecond + rampSeconds / 2;
    }

    @Override
    public void start(StepRecorder recorder) {
        startNanos = System.nanoTime();
        startThreads(connections, "load-conn", connection -> runConnection(connection, recorder));
    }

    private void runConnection(int n, StepRecorder recorder) {
        try (var session = factory.create(n, recorder)) {
            while (running) {
                long due = startNanos + (long) (1e9 * dueSeconds(arrivals.getAndIncrement(), ratePerSecond, rampSeconds));
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

package org.orderapp.driver.engine;

import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * The guide's closed model: N users, each on its own thread with its own connection and session, each sending
 * its next request when the previous one has been answered and its think time has passed.
 */
public final class ClosedLoad extends ThreadedLoad {

    private final int users;
    private final UserFactory factory;
    private final Duration thinkTime;
    private final boolean exponential;

    public ClosedLoad(int users, UserFactory factory, Duration thinkTime, boolean exponential, Duration requestTimeout) {
        super(requestTimeout);
        this.users = users;
        this.factory = factory;
        this.thinkTime = thinkTime;
        this.exponential = exponential;
    }

    @Override
    public void start(StepRecorder recorder) {
        startThreads(users, "load-user", user -> runUser(user, recorder));
    }

    private void runUser(int n, StepRecorder recorder) {
        var random = new SplittableRandom(0x9E3779B97F4A7C15L * (n + 1));
        try (var session = factory.create(n, recorder)) {
            while (running) {
                session.next(System.nanoTime());
                think(random);
            }
        }
    }

    private void think(SplittableRandom random) {
        long nanos = thinkTime.toNanos();
        if (nanos == 0) {
            return;
        }
        if (exponential) {
            nanos = (long) (-Math.log(1.0 - random.nextDouble()) * nanos);
        }
        long until = System.nanoTime() + nanos;
        for (long left = nanos; left > 0 && running; left = until - System.nanoTime()) {
            LockSupport.parkNanos(Math.min(left, 100_000_000L));
        }
    }
}

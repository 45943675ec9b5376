package org.orderapp.load.engine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * The guide's closed model: N users, each on its own thread with its own connection and session, each sending
 * its next request when the previous one has been answered and its think time has passed.
 */
public final class ClosedLoad implements LoadShape {

    private final int users;
    private final UserFactory factory;
    private final Duration thinkTime;
    private final boolean exponential;
    private final long joinMillis;
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean running;

    public ClosedLoad(int users, UserFactory factory, Duration thinkTime, boolean exponential, Duration requestTimeout) {
        this.users = users;
        this.factory = factory;
        this.thinkTime = thinkTime;
        this.exponential = exponential;
        this.joinMillis = requestTimeout.toMillis() * 3 + 5_000; // a browse is several requests
    }

    @Override
    public void start(StepRecorder recorder) {
        running = true;
        for (int n = 0; n < users; n++) {
            int user = n;
            Thread t = new Thread(() -> runUser(user, recorder), "load-user-" + n);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
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

    @Override
    public void stop() throws InterruptedException {
        running = false;
        long deadline = System.currentTimeMillis() + joinMillis;
        for (Thread t : threads) {
            t.join(Math.max(1, deadline - System.currentTimeMillis()));
        }
    }
}

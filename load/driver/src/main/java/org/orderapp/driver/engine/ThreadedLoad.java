package org.orderapp.driver.engine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * What both load shapes do with their threads: one per user or connection, started together, and stopped together
 * once the requests in flight have finished (at most three request timeouts: a browse is several requests).
 */
public abstract class ThreadedLoad implements LoadShape {

    private final List<Thread> threads = new ArrayList<>();
    private final long joinMillis;
    /** Cleared by {@link #stop()}; every thread's loop checks it. */
    protected volatile boolean running;

    ThreadedLoad(Duration requestTimeout) {
        this.joinMillis = requestTimeout.toMillis() * 3 + 5_000;
    }

    /** Starts {@code count} daemon threads named {@code name-N}, each running {@code body} with its number. */
    protected final void startThreads(int count, String name, IntConsumer body) {
        running = true;
        for (int n = 0; n < count; n++) {
            int number = n;
            Thread t = new Thread(() -> body.accept(number), name + "-" + n);
            t.setDaemon(true);
            threads.add(t);
            t.start();
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

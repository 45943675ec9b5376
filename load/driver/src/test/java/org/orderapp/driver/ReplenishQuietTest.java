package org.orderapp.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.orderapp.observation.ServerSample;

class ReplenishQuietTest {

    private static final ServerSample EMPTY_QUEUE = new ServerSample(0,
            Map.of("queue.replenish.depth", 0.0, "queue.replenish.delivering", 0.0, "app.mdb.inFlight", 0.0));

    @Test
    void anEmptyQueueAndOutboxIsQuiet() throws InterruptedException {
        assertTrue(ReplenishQuiet.await(() -> EMPTY_QUEUE, false, Duration.ofSeconds(5), () -> 0));
    }

    @Test
    void requestsWaitingInTheOutboxAreNotQuietEvenWithAnEmptyQueue() throws InterruptedException {
        // The relay publishes them after the wait: resetting the data then would let them name orders that are gone.
        assertFalse(ReplenishQuiet.await(() -> EMPTY_QUEUE, false, Duration.ofMillis(1500), () -> 3));
    }

    @Test
    void theWaitEndsOnceTheRelayHasPublishedTheOutbox() throws InterruptedException {
        AtomicInteger reads = new AtomicInteger();
        assertTrue(ReplenishQuiet.await(() -> EMPTY_QUEUE, false, Duration.ofSeconds(10),
                () -> reads.incrementAndGet() < 4 ? 7 - reads.get() : 0));
        assertTrue(reads.get() >= 5, "read until empty, then once more: " + reads.get());
    }

    @Test
    void anUnreadableOutboxKeepsTheWaitGoing() throws InterruptedException {
        assertFalse(ReplenishQuiet.await(() -> EMPTY_QUEUE, false, Duration.ofMillis(1500), () -> -1));
    }

    @Test
    void aBusyQueueIsNotQuietWhateverTheOutbox() throws InterruptedException {
        ServerSample busy = new ServerSample(0, Map.of("queue.replenish.depth", 12.0));
        AtomicInteger outboxReads = new AtomicInteger();
        assertFalse(ReplenishQuiet.await(() -> busy, false, Duration.ofMillis(1500), () -> {
            outboxReads.incrementAndGet();
            return 0;
        }));
        assertEquals(0, outboxReads.get(), "the outbox is read only once the queue is quiet");
    }
}

package org.orderapp.driver.workload;

import java.time.Duration;
import org.orderapp.driver.http.Exchange;

/**
 * When a user sends an order again under the same Idempotency-Key: after an answer that does not say whether the
 * order was stored. A lost connection or a timeout may follow a commit, and so may a 5xx (the transaction committed,
 * the answer failed); the key makes the retry answer the stored order instead of placing a second one. A 2xx or 4xx
 * answer is final. A bounded number of attempts, each after a longer pause, so a server that is down is not stormed.
 */
public final class OrderRetry {

    /** The first attempt and at most three retries. */
    public static final int MAX_ATTEMPTS = 4;
    private static final Duration FIRST_PAUSE = Duration.ofMillis(250);
    private static final Duration LONGEST_PAUSE = Duration.ofSeconds(4);

    private OrderRetry() {
    }

    /** True when the exchange leaves open whether the order was stored, so the same key is sent again. */
    public static boolean ambiguous(Exchange exchange) {
        return switch (exchange.failure()) {
            case TIMEOUT, IO, CONNECT, REFUSED -> true; // CONNECT and REFUSED: not stored, and a retry is as safe
            case NONE -> exchange.status() >= 500;
        };
    }

    /** Whether attempt number {@code attempt} (1: the first) that ended in this exchange is followed by another. */
    public static boolean retry(Exchange exchange, int attempt) {
        return attempt < MAX_ATTEMPTS && ambiguous(exchange);
    }

    /** The pause before the retry that follows attempt {@code attempt}: 250 ms, doubled each time, at most 4 s. */
    public static Duration pauseAfter(int attempt) {
        Duration pause = FIRST_PAUSE.multipliedBy(1L << Math.min(Math.max(attempt - 1, 0), 10));
        return pause.compareTo(LONGEST_PAUSE) > 0 ? LONGEST_PAUSE : pause;
    }
}

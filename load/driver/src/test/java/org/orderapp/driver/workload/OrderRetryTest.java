package org.orderapp.driver.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.orderapp.driver.http.Exchange;

class OrderRetryTest {

    private static Exchange answered(int status) {
        return new Exchange(status, new byte[0], 0, 1, Exchange.Failure.NONE);
    }

    private static Exchange failed(Exchange.Failure failure) {
        return new Exchange(failure == Exchange.Failure.REFUSED ? 503 : 0, new byte[0], 0, 1, failure);
    }

    @Test
    void anAnswerThatMayFollowACommitIsRetried() {
        assertTrue(OrderRetry.ambiguous(failed(Exchange.Failure.IO)), "connection lost");
        assertTrue(OrderRetry.ambiguous(failed(Exchange.Failure.TIMEOUT)), "no answer in time");
        assertTrue(OrderRetry.ambiguous(answered(500)));
        assertTrue(OrderRetry.ambiguous(answered(502)));
        assertTrue(OrderRetry.ambiguous(answered(504)));
        assertTrue(OrderRetry.ambiguous(failed(Exchange.Failure.REFUSED)), "refused: not stored, a retry is as safe");
        assertTrue(OrderRetry.ambiguous(failed(Exchange.Failure.CONNECT)));
    }

    @Test
    void aFinalAnswerIsNotRetried() {
        for (int status : new int[] {200, 201, 400, 404, 409, 413, 415, 422}) {
            assertFalse(OrderRetry.ambiguous(answered(status)), "HTTP " + status);
        }
    }

    @Test
    void retriesAreBounded() {
        Exchange lost = failed(Exchange.Failure.IO);
        for (int attempt = 1; attempt < OrderRetry.MAX_ATTEMPTS; attempt++) {
            assertTrue(OrderRetry.retry(lost, attempt), "attempt " + attempt);
        }
        assertFalse(OrderRetry.retry(lost, OrderRetry.MAX_ATTEMPTS), "the last attempt is the last");
        assertFalse(OrderRetry.retry(answered(201), 1));
    }

    @Test
    void thePauseDoublesUpToACeiling() {
        assertEquals(Duration.ofMillis(250), OrderRetry.pauseAfter(1));
        assertEquals(Duration.ofMillis(500), OrderRetry.pauseAfter(2));
        assertEquals(Duration.ofMillis(1000), OrderRetry.pauseAfter(3));
        assertEquals(Duration.ofSeconds(4), OrderRetry.pauseAfter(10));
        assertEquals(Duration.ofSeconds(4), OrderRetry.pauseAfter(60));
    }

    @Test
    void everyOrderHasAKeyOfItsOwnUnderTheSessionsPrefix() {
        var keys = new OrderKeys("load-test-");
        assertEquals("load-test-1", keys.next());
        assertEquals("load-test-2", keys.next());
        keys.retrying(1);
        keys.retrying(2);
        keys.retrying(1);
        keys.gaveUp();
        assertEquals(2, keys.retriedKeys());
        assertEquals(3, keys.retries());
        assertEquals(1, keys.keysGivenUp());
        assertTrue(new OrderKeys().next().matches("load-[0-9a-f]{8}-1"));
    }
}

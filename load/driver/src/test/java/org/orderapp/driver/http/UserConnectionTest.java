package org.orderapp.driver.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.hc.core5.http.message.BasicHeader;
import org.junit.jupiter.api.Test;

class UserConnectionTest {

    @Test
    void retryAfterInSecondsIsRead() {
        assertEquals(1, UserConnection.retryAfterSeconds(new BasicHeader("Retry-After", "1")));
        assertEquals(120, UserConnection.retryAfterSeconds(new BasicHeader("Retry-After", " 120 ")));
    }

    @Test
    void aMissingOrEmptyRetryAfterIsNoRefusal() {
        assertEquals(-1, UserConnection.retryAfterSeconds(null));
        assertEquals(-1, UserConnection.retryAfterSeconds(new BasicHeader("Retry-After", "")));
    }

    @Test
    void anHttpDateOrAHugeNumberIsStillARefusal() {
        assertEquals(1, UserConnection.retryAfterSeconds(new BasicHeader("Retry-After", "Wed, 21 Oct 2026 07:28:00 GMT")));
        assertEquals(10, UserConnection.retryAfterSeconds(new BasicHeader("Retry-After", "99999999999999999999")));
    }
}

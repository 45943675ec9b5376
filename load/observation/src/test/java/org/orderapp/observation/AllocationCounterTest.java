package org.orderapp.observation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The server's allocated bytes as a total that only grows, though threads end and take their counters with them. */
class AllocationCounterTest {

    @Test
    void theFirstReadingIsTheBaselineAndEachThreadAddsItsGrowth() {
        var c = new AllocationCounter();
        assertEquals(0, c.update(new long[] {1, 2}, new long[] {1_000, 5_000}));
        assertEquals(600, c.update(new long[] {1, 2}, new long[] {1_100, 5_500}));
    }

    @Test
    void aThreadThatEndedKeepsWhatItAddedAndANewThreadAddsItsWholeCount() {
        var c = new AllocationCounter();
        c.update(new long[] {1, 2}, new long[] {1_000, 5_000});
        c.update(new long[] {1, 2}, new long[] {1_100, 5_500}); // 600
        // thread 2 ended; thread 3 started and allocated 300 so far
        assertEquals(600 + 50 + 300, c.update(new long[] {1, 3}, new long[] {1_150, 300}));
    }

    @Test
    void aThreadNotMeasuredIsSkipped() {
        var c = new AllocationCounter();
        c.update(new long[] {1, 2}, new long[] {1_000, -1});
        assertEquals(100, c.update(new long[] {1, 2}, new long[] {1_100, -1}));
    }

    @Test
    void aCountThatReadsLowerIsTheSameThreadAndAddsNothingNotItsWholeCount() {
        var c = new AllocationCounter();
        c.update(new long[] {7}, new long[] {5_000_000_000L});
        // read while its allocation buffer was retired: one buffer counted twice
        assertEquals(2_000_000, c.update(new long[] {7}, new long[] {5_002_000_000L}));
        assertEquals(2_000_000, c.update(new long[] {7}, new long[] {5_001_000_000L}));
        // its growth from the highest reading, not from the low one
        assertEquals(3_000_000, c.update(new long[] {7}, new long[] {5_003_000_000L}));
    }

    @Test
    void idsAndCountsMustPair() {
        assertThrows(IllegalArgumentException.class, () -> new AllocationCounter().update(new long[] {1}, new long[] {}));
    }
}

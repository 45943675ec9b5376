package org.orderapp.lab.interleaved;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Which cores a variant's server and database get in a duet on own cores. */
class CorePinningTest {

    @Test
    void asManyVariantsAsCoresGetACoreEach() {
        assertEquals(List.of(0), CorePinning.coresOf(0, 2, 2));
        assertEquals(List.of(1), CorePinning.coresOf(1, 2, 2));
    }

    @Test
    void moreVariantsThanCoresShareThemInEqualRuns() {
        assertEquals(List.of(0), CorePinning.coresOf(0, 4, 2));
        assertEquals(List.of(0), CorePinning.coresOf(1, 4, 2));
        assertEquals(List.of(1), CorePinning.coresOf(2, 4, 2));
        assertEquals(List.of(1), CorePinning.coresOf(3, 4, 2));
        assertEquals(List.of(1), CorePinning.coresOf(2, 3, 2));
    }

    @Test
    void theCoresChangeHandsWithinEveryCrossoverGroupSoThatEachVariantHasEachAlike() {
        // two variants on two cores: a group of two turns, each variant on each core once in every group
        assertEquals(2, CorePinning.crossover(2, 2));
        assertEquals(List.of(0, 1, 1, 0), IntStream.range(0, 4).mapToObj(t -> CorePinning.coresOf(0, 2, 2, t).get(0)).toList());
        assertEquals(List.of(1, 0, 0, 1), IntStream.range(0, 4).mapToObj(t -> CorePinning.coresOf(1, 2, 2, t).get(0)).toList());
        // four variants on two cores: two on each in every turn; a group is two turns, in which every variant has each
        // core once beside the same neighbour; from one group to the next the neighbours change (0 beside 1, then 3)
        assertEquals(2, CorePinning.crossover(4, 2));
        for (int turn = 0; turn < 4; turn++) {
            int t = turn;
            assertEquals(List.of(0, 0, 1, 1), IntStream.range(0, 4).mapToObj(i -> CorePinning.coresOf(i, 4, 2, t).get(0)).sorted().toList());
        }
        assertEquals(List.of(0, 1, 0, 1), IntStream.range(0, 4).mapToObj(t -> CorePinning.coresOf(0, 4, 2, t).get(0)).toList());
        assertEquals(List.of(0, 1, 1, 0), IntStream.range(0, 4).mapToObj(t -> CorePinning.coresOf(1, 4, 2, t).get(0)).toList());
        assertEquals(List.of(1, 0, 1, 0), IntStream.range(0, 4).mapToObj(t -> CorePinning.coresOf(2, 4, 2, t).get(0)).toList());
        assertEquals(List.of(1, 0, 0, 1), IntStream.range(0, 4).mapToObj(t -> CorePinning.coresOf(3, 4, 2, t).get(0)).toList());
        // three variants on two cores: one alone on a core, so a group is three turns, each variant alone once
        assertEquals(3, CorePinning.crossover(3, 2));
        for (int i = 0; i < 3; i++) {
            int v = i;
            assertEquals(1, IntStream.range(0, 3).filter(t -> IntStream.range(0, 3)
                    .filter(o -> CorePinning.coresOf(o, 3, 2, t).equals(CorePinning.coresOf(v, 3, 2, t))).count() == 1).count());
        }
        assertThrows(IllegalArgumentException.class, () -> CorePinning.coresOf(2, 2, 2, 1));
        assertThrows(IllegalArgumentException.class, () -> CorePinning.coresOf(0, 2, 2, -1));
    }

    @Test
    void fewerVariantsThanCoresShareTheCoresOut() {
        assertEquals(List.of(0, 2, 4), CorePinning.coresOf(0, 2, 6));
        assertEquals(List.of(1, 3, 5), CorePinning.coresOf(1, 2, 6));
        assertThrows(IllegalArgumentException.class, () -> CorePinning.coresOf(2, 2, 6));
    }
}

package org.orderapp.lab.interleaved;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which cores a variant's server and database get in a duet on own cores. */
class CorePinningTest {

    @Test
    void asManyVariantsAsCoresGetACoreEach() {
        assertEquals(List.of(0), CorePinning.coresOf(0, 2, 2));
        assertEquals(List.of(1), CorePinning.coresOf(1, 2, 2));
    }

    @Test
    void moreVariantsThanCoresTakeTheCoresInTurn() {
        assertEquals(List.of(0), CorePinning.coresOf(2, 4, 2));
        assertEquals(List.of(1), CorePinning.coresOf(3, 4, 2));
    }

    @Test
    void fewerVariantsThanCoresShareTheCoresOut() {
        assertEquals(List.of(0, 2, 4), CorePinning.coresOf(0, 2, 6));
        assertEquals(List.of(1, 3, 5), CorePinning.coresOf(1, 2, 6));
        assertThrows(IllegalArgumentException.class, () -> CorePinning.coresOf(2, 2, 6));
    }
}

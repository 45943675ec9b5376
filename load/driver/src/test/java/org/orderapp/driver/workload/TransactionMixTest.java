package org.orderapp.driver.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The mix is read as written and drawn in its proportions. */
class TransactionMixTest {

    @Test
    void readsTheNamesPeopleWrite() {
        var mix = TransactionMix.parse("NewOrder=50, order-inquiry=40,browse=10");
        assertEquals(50, mix.weight(TransactionMix.Kind.NEW_ORDER));
        assertEquals(40, mix.weight(TransactionMix.Kind.ORDER_INQUIRY));
        assertEquals(10, mix.weight(TransactionMix.Kind.BROWSE));
        assertEquals(0, TransactionMix.parse("neworder=1").weight(TransactionMix.Kind.BROWSE));
        assertThrows(IllegalArgumentException.class, () -> TransactionMix.parse("checkout=5"));
        assertThrows(IllegalArgumentException.class, () -> TransactionMix.parse("neworder=0"));
        assertThrows(IllegalArgumentException.class, () -> TransactionMix.parse("neworder"));
    }

    @Test
    void drawsEachKindInItsShare() {
        var mix = TransactionMix.parse("neworder=50,inquiry=40,browse=10");
        var random = new SplittableRandom(1);
        Map<TransactionMix.Kind, Integer> drawn = new EnumMap<>(TransactionMix.Kind.class);
        int n = 100_000;
        for (int i = 0; i < n; i++) {
            drawn.merge(mix.next(random), 1, Integer::sum);
        }
        assertEquals(0.50, drawn.get(TransactionMix.Kind.NEW_ORDER) / (double) n, 0.01);
        assertEquals(0.40, drawn.get(TransactionMix.Kind.ORDER_INQUIRY) / (double) n, 0.01);
        assertEquals(0.10, drawn.get(TransactionMix.Kind.BROWSE) / (double) n, 0.01);
    }
}

package org.orderapp.driver.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The mix is read as written and dealt in its proportions. */
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
    void dealsEachKindInItsShareInEveryDeckInARandomOrder() {
        var deck = TransactionMix.parse("neworder=50,inquiry=40,browse=10").deck(new SplittableRandom(1));
        var orders = new HashSet<List<TransactionMix.Kind>>();
        for (int d = 0; d < 1000; d++) {
            var cards = new ArrayList<TransactionMix.Kind>();
            for (int i = 0; i < 10; i++) {
                cards.add(deck.next());
            }
            Map<TransactionMix.Kind, Long> dealt = cards.stream().collect(Collectors.groupingBy(k -> k, () ->
                    new EnumMap<>(TransactionMix.Kind.class), Collectors.counting()));
            assertEquals(Map.of(TransactionMix.Kind.NEW_ORDER, 5L, TransactionMix.Kind.ORDER_INQUIRY, 4L,
                    TransactionMix.Kind.BROWSE, 1L), dealt, "every deck of ten holds the mix exactly");
            orders.add(cards);
        }
        // 1,260 orders of five, four and one are possible; 1,000 shuffles meet about 690 of them.
        assertTrue(orders.size() > 600, "and deals it in a random order: " + orders.size() + " orders in 1000 decks");
        var one = TransactionMix.parse("neworder=1,browse=0").deck(new SplittableRandom(2));
        for (int i = 0; i < 5; i++) {
            assertEquals(TransactionMix.Kind.NEW_ORDER, one.next(), "a kind of weight 0 is never dealt");
        }
    }
}

package org.orderapp.driver.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** An order's line counts are dealt: every stretch of a step holds the range's mean. */
class DeckTest {

    @Test
    void everyDeckOfLineCountsHoldsEachCountOnceInARandomOrder() {
        var deck = Deck.lineCounts(new Range(1, 9), new SplittableRandom(3));
        var orders = new HashSet<List<Integer>>();
        for (int d = 0; d < 200; d++) {
            var cards = new ArrayList<Integer>();
            for (int i = 0; i < 9; i++) {
                cards.add(deck.next());
            }
            assertEquals(IntStream.rangeClosed(1, 9).boxed().toList(), cards.stream().sorted().toList(),
                    "every deck of nine holds each count once");
            orders.add(cards);
        }
        assertTrue(orders.size() > 190, "in a random order: " + orders.size() + " orders in 200 decks of 9! = 362,880");
    }

    @Test
    void anyStretchOfDrawsHoldsTheMeanToWithinOneDeck() {
        var deck = Deck.lineCounts(new Range(1, 9), new SplittableRandom(4));
        for (int i = 0; i < 37; i++) {
            deck.next(); // begun mid-deck
        }
        int draws = 437; // a part's orders: an odd stretch, never a whole number of decks
        for (int stretch = 0; stretch < 100; stretch++) {
            long lines = 0;
            for (int i = 0; i < draws; i++) {
                lines += deck.next();
            }
            // Drawn at random, the lines of 437 orders of 1-9 move by 54 from 2,185 (their standard deviation), and a
            // hundred stretches would stray far past this bound; dealt, only the part decks at the two ends move them,
            // each by at most 10 (four or five cards of a deck: 1+2+3+4 against 4 x 5).
            assertTrue(Math.abs(lines - 5.0 * draws) <= 20, "stretch " + stretch + ": " + lines + " lines in " + draws + " orders");
        }
    }

    @Test
    void aFixedCountIsOneCardAndAVeryWideRangeIsDrawnAtRandom() {
        var one = Deck.lineCounts(new Range(4, 4), new SplittableRandom(5));
        for (int i = 0; i < 3; i++) {
            assertEquals(4, one.next());
        }
        assertNull(Deck.lineCounts(new Range(1, Deck.MOST_CARDS + 1L), new SplittableRandom(6)));
    }
}

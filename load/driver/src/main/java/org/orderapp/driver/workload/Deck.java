package org.orderapp.driver.workload;

import java.util.List;
import java.util.random.RandomGenerator;
import java.util.stream.LongStream;

/**
 * Draws of one step dealt as cards, after TPC-C's deck from which a terminal selects its transactions: every deck holds
 * each card once, in a random order, reshuffled when it is used up. Drawn one by one at random, a few hundred draws
 * move their average by a few per cent (binomially), and with it the CPU the server spends on them, since the draws
 * cost differently: a noise that a lab comparing seconds-long parts of one window reads as the setting's. Dealt, any
 * stretch of the step holds the draws' proportions to within one deck. One deck is shared by every user of the step
 * (users draw in turn, under its lock), not one per user as a TPC-C terminal keeps: the proportions then hold over the
 * server's whole load, whatever the number of users.
 *
 * @param <T> what a card is: a kind of transaction ({@link TransactionMix#deck}), an order's line count
 *            ({@link #lineCounts})
 */
public final class Deck<T> {

    /** The most cards a deck of a range's values holds; a wider range is drawn at random ({@link #lineCounts}). */
    static final int MOST_CARDS = 10_000;

    private final Object[] cards;
    private final RandomGenerator random;
    private int next;

    private Deck(List<T> cards, RandomGenerator random) {
        if (cards.isEmpty()) {
            throw new IllegalArgumentException("a deck needs a card");
        }
        this.cards = cards.toArray();
        this.random = random;
        this.next = this.cards.length;
    }

    /** A deck of these cards (a card may be there more than once, for its share). */
    public static <T> Deck<T> of(List<T> cards, RandomGenerator random) {
        return new Deck<>(cards, random);
    }

    /**
     * An order's line counts dealt: each count of the range once a deck (1-9: nine cards), so that the orders of any
     * stretch of a step hold as many lines as the range's mean says; null for a range wider than {@link #MOST_CARDS}
     * (drawn at random, one by one).
     */
    public static Deck<Integer> lineCounts(Range lines, RandomGenerator random) {
        if (lines.max() - lines.min() + 1 > MOST_CARDS) {
            return null;
        }
        return new Deck<>(LongStream.rangeClosed(lines.min(), lines.max()).mapToObj(n -> (int) n).toList(), random);
    }

    /** The next card. */
    @SuppressWarnings("unchecked")
    public synchronized T next() {
        if (next == cards.length) {
            for (int i = cards.length - 1; i > 0; i--) { // Fisher-Yates
                int j = random.nextInt(i + 1);
                Object swap = cards[i];
                cards[i] = cards[j];
                cards[j] = swap;
            }
            next = 0;
        }
        return (T) cards[next++];
    }
}

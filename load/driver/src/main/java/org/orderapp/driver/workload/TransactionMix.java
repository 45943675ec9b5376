package org.orderapp.driver.workload;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.random.RandomGenerator;

/** The share of each business transaction in the workload, as integer weights (50/40/10 is 50 %, 40 %, 10 %). */
public record TransactionMix(Map<Kind, Integer> weights) {

    /** What a simulated user does next. BROWSE is a search followed by paging (several requests on one session). */
    public enum Kind { NEW_ORDER, ORDER_INQUIRY, BROWSE }

    public TransactionMix {
        weights = new EnumMap<>(weights);
        int total = 0;
        for (var e : weights.entrySet()) {
            if (e.getValue() < 0) {
                throw new IllegalArgumentException("mix weights must not be negative: " + e);
            }
            total += e.getValue();
        }
        if (total <= 0) {
            throw new IllegalArgumentException("the mix needs at least one positive weight");
        }
    }

    /** Parses "neworder=50,inquiry=40,browse=10". */
    public static TransactionMix parse(String spec) {
        Map<Kind, Integer> weights = new EnumMap<>(Kind.class);
        for (String part : spec.replace(" ", "").split(",")) {
            String[] kv = part.split("=");
            if (kv.length != 2) {
                throw new IllegalArgumentException("a mix is like neworder=50,inquiry=40,browse=10; got '" + spec + "'");
            }
            Kind kind = switch (kv[0].toLowerCase()) {
                case "neworder", "new-order", "new_order" -> Kind.NEW_ORDER;
                case "inquiry", "orderinquiry", "order-inquiry", "order_inquiry" -> Kind.ORDER_INQUIRY;
                case "browse" -> Kind.BROWSE;
                default -> throw new IllegalArgumentException("unknown transaction '" + kv[0]
                        + "' in the mix; use neworder, inquiry, browse");
            };
            weights.put(kind, Integer.parseInt(kv[1]));
        }
        return new TransactionMix(weights);
    }

    /**
     * The mix dealt from a shuffled deck ({@link Deck}) shared by the users of one step, drawn with {@code random}: every
     * deck holds each kind in its share (50/40/10: five, four and one of ten), so that any stretch of the step holds the
     * mix to within one deck.
     */
    public Deck<Kind> deck(RandomGenerator random) {
        int gcd = weights.values().stream().filter(w -> w > 0).reduce(0, TransactionMix::gcd);
        var cards = new ArrayList<Kind>();
        weights.forEach((kind, weight) -> cards.addAll(Collections.nCopies(weight / gcd, kind)));
        return Deck.of(cards, random);
    }

    private static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    /** As a run folder shows it: {"new_order": 50, "order_inquiry": 40, "browse": 10}. */
    @JsonValue
    Map<String, Integer> byName() {
        Map<String, Integer> named = new LinkedHashMap<>();
        weights.forEach((kind, weight) -> named.put(kind.name().toLowerCase(Locale.ROOT), weight));
        return named;
    }

    public int weight(Kind kind) {
        return weights.getOrDefault(kind, 0);
    }
}

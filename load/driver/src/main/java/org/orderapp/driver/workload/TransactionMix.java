package org.orderapp.driver.workload;

import com.fasterxml.jackson.annotation.JsonValue;
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

    public Kind next(RandomGenerator random) {
        int total = weights.values().stream().mapToInt(Integer::intValue).sum();
        int pick = random.nextInt(total);
        for (var e : weights.entrySet()) {
            pick -= e.getValue();
            if (pick < 0) {
                return e.getKey();
            }
        }
        throw new IllegalStateException("unreachable");
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

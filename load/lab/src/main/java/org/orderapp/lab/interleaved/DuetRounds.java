package org.orderapp.lab.interleaved;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rounds of a block measured all at once. A server measures one variant at a time, so a block has as many rounds
 * as its busiest server has variants (its own and those switched on it at runtime, server-of), each server measuring
 * its variants one per round in the block's order, and its own variant again in a round where it has none left: a
 * partner window, so that every round has a window on every server, and a runtime variant's window and its host's,
 * measured in different rounds, each have the other servers' windows beside them to be compared through. A server with
 * fewer variants than rounds begins its variants at the round its first variant's place in the block's random order
 * gives (modulo the rounds), so that its own window is not always in the same round. Where several servers have as many
 * variants as there are rounds, their rounds are aligned: their own variants in one, the same settings on each in one
 * ({@link #aligned}).
 */
final class DuetRounds {

    /** One server's window in a round: the variant measured, and whether it is a partner window of the server's own. */
    record Window(ResidentVariant variant, boolean partner) {
        String name() {
            return variant.name();
        }
    }

    private DuetRounds() {
    }

    /** @param visits every variant once, in the block's order */
    static List<List<Window>> of(List<ResidentVariant> visits) {
        Map<String, List<ResidentVariant>> byServer = new LinkedHashMap<>();
        visits.forEach(r -> byServer.computeIfAbsent(r.server(), s -> new ArrayList<>()).add(r));
        int rounds = byServer.values().stream().mapToInt(List::size).max().orElse(0);
        Map<String, List<ResidentVariant>> full = new LinkedHashMap<>();
        byServer.forEach((server, on) -> {
            if (on.size() == rounds) {
                full.put(server, on);
            }
        });
        Map<String, List<ResidentVariant>> order = full.size() > 1 ? aligned(full) : full;
        var all = new ArrayList<List<Window>>();
        for (int k = 0; k < rounds; k++) {
            var round = new ArrayList<Window>();
            for (var server : byServer.entrySet()) {
                var on = order.getOrDefault(server.getKey(), server.getValue());
                int first = on.size() == rounds ? 0 : visits.indexOf(on.get(0)) % rounds;
                int index = Math.floorMod(k - first, rounds);
                round.add(index < on.size() ? new Window(on.get(index), false) : new Window(host(server.getKey(), on), true));
            }
            all.add(List.copyOf(round));
        }
        return List.copyOf(all);
    }

    /**
     * The order of the servers that have a variant for every round (no partner window; where every server does, allowed
     * only if every runtime variant is switched within its windows, which compare it with its host there), aligned so
     * that each round measures the variants of one kind at once: the servers' own in one, and in each other one a runtime
     * variant per server with the same settings where there is one (the calibration's spin on each server of its A/A
     * pair: their windows then see one spell of the machine). The rounds follow the block's random order of the first
     * server's variants.
     */
    private static Map<String, List<ResidentVariant>> aligned(Map<String, List<ResidentVariant>> servers) {
        Map<String, List<ResidentVariant>> left = new LinkedHashMap<>();
        Map<String, List<ResidentVariant>> order = new LinkedHashMap<>();
        servers.forEach((server, on) -> {
            left.put(server, new ArrayList<>(on));
            order.put(server, new ArrayList<>());
        });
        for (ResidentVariant lead : servers.values().iterator().next()) {
            left.forEach((server, on) -> {
                // The same kind (own, or runtime with the same settings), else any of the same kind, else what is left.
                var match = on.stream().filter(r -> r.ownServer() ? lead.ownServer()
                                : !lead.ownServer() && r.variant().properties().equals(lead.variant().properties())).findFirst()
                        .or(() -> on.stream().filter(r -> r.ownServer() == lead.ownServer()).findFirst()).orElse(on.get(0));
                on.remove(match);
                order.get(server).add(match);
            });
        }
        return order;
    }

    private static ResidentVariant host(String server, List<ResidentVariant> on) {
        return on.stream().filter(ResidentVariant::ownServer).findFirst().orElseThrow(() -> new IllegalStateException(
                "no variant of the block runs the server of " + server + ", which " + on.get(0).name() + " is measured on"));
    }
}

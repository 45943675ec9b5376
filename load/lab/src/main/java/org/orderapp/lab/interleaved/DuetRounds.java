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
 * gives (modulo the rounds), so that its own window is not always in the same round.
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
        var all = new ArrayList<List<Window>>();
        for (int k = 0; k < rounds; k++) {
            var round = new ArrayList<Window>();
            for (var server : byServer.entrySet()) {
                var on = server.getValue();
                int first = on.size() == rounds ? 0 : visits.indexOf(on.get(0)) % rounds;
                int index = Math.floorMod(k - first, rounds);
                round.add(index < on.size() ? new Window(on.get(index), false) : new Window(host(server.getKey(), on), true));
            }
            all.add(List.copyOf(round));
        }
        return List.copyOf(all);
    }

    private static ResidentVariant host(String server, List<ResidentVariant> on) {
        return on.stream().filter(ResidentVariant::ownServer).findFirst().orElseThrow(() -> new IllegalStateException(
                "no variant of the block runs the server of " + server + ", which " + on.get(0).name() + " is measured on"));
    }
}

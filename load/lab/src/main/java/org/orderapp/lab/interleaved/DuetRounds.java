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
 * gives (modulo the rounds), so that its own window is not always in the same round. Where every server has as many
 * variants as there are rounds (allowed only where every runtime variant is switched within its windows), the rounds are
 * aligned instead: the servers' own variants in one, the same settings on each server in one ({@link #aligned}).
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
        if (byServer.size() > 1 && rounds > 1 && byServer.values().stream().allMatch(on -> on.size() == rounds)) {
            return aligned(byServer.values());
        }
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

    /**
     * Every server with as many variants as the block has rounds, so none has a partner window (allowed where every
     * runtime variant is switched within its windows, which compare it with its host there): each round measures the
     * variants of one kind at once, the servers' own in one, and in each other one a runtime variant per server with the
     * same settings where there is one (the calibration's spin on each server of its A/A pair: their windows then see one
     * spell of the machine). The rounds follow the block's random order of the first server's variants.
     */
    private static List<List<Window>> aligned(java.util.Collection<List<ResidentVariant>> servers) {
        var left = servers.stream().map(ArrayList::new).toList();
        var all = new ArrayList<List<Window>>();
        for (ResidentVariant lead : servers.iterator().next()) {
            var round = new ArrayList<Window>();
            for (var on : left) {
                var match = on.stream().filter(r -> r.ownServer() ? lead.ownServer()
                        : !lead.ownServer() && r.variant().properties().equals(lead.variant().properties())).findFirst().orElse(on.get(0));
                on.remove(match);
                round.add(new Window(match, false));
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

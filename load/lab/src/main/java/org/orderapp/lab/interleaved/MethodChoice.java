package org.orderapp.lab.interleaved;

import java.util.Optional;
import org.orderapp.lab.experiment.ExperimentDefinition;

/**
 * Which method an experiment is measured by: the interleaved one, unless the definition or the command line needs the
 * method of rounds; then the reason, said on --list, before the run and in the comparison.
 */
public final class MethodChoice {

    private MethodChoice() {
    }

    /**
     * Why this experiment keeps the method of rounds (a fresh database and server per run); empty: it is interleaved.
     *
     * @param roundsAsked the command line named --rounds
     * @param quick       the command line asked for a smoke check
     */
    public static Optional<String> whyRounds(ExperimentDefinition d, boolean roundsAsked, boolean quick) {
        if (d.benchmark() != null) {
            return Optional.of("a benchmark (" + d.benchmark() + ") runs its loaders against a server of its own, not a load");
        }
        if (d.variants().stream().anyMatch(v -> v.nodesOrDefault() > 1 || v.dbNodesOrDefault() > 1)) {
            return Optional.of("a variant runs a cluster (nodes or db-nodes): its servers and databases are started and stopped "
                    + "with each run; keeping a cluster per variant up beside the others is not supported");
        }
        if (d.load().containsKey("fault")) {
            return Optional.of("the load injects faults, which change the stack they hit: every run starts fresh");
        }
        if (d.variants().stream().anyMatch(v -> v.usesAotCache())) {
            return Optional.of("a variant with an AOT cache is about start-up: every run starts fresh");
        }
        if (quick) {
            return Optional.of("--quick is a smoke check: one run of each variant");
        }
        if (roundsAsked) {
            return Optional.of("--rounds asks for the method of rounds");
        }
        return Optional.empty();
    }

    /**
     * The method of rounds where {@link #whyRounds} says so; otherwise the interleaved one, which needs a variant beside
     * the control: it measures until a ratio is precise, and with no ratio it would never stop.
     *
     * @throws IllegalArgumentException the control alone, to be interleaved
     */
    public static Optional<String> whyRoundsOrRefuse(ExperimentDefinition d, boolean roundsAsked, boolean quick) {
        var rounds = whyRounds(d, roundsAsked, quick);
        if (rounds.isEmpty() && d.variants().size() < 2) {
            throw new IllegalArgumentException(d.name() + ": the control alone runs by rounds only (a load with "
                    + "faults, --rounds or --quick); the interleaved method compares variants");
        }
        return rounds;
    }
}

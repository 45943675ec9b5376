package org.orderapp.load.fault;

import java.util.List;
import org.orderapp.load.engine.StepResult.Tick;

/**
 * What a fault did: when it started and ended (seconds since the run started), on which process, and how the
 * load came through it — the errors from its start until orders flowed again, and how long after its end that was
 * (the first second with at least half the throughput of the ten seconds before the fault; null: never, in this run).
 */
public record FaultEvent(String kind, double startSeconds, double endSeconds, String target, String outcome,
                         Double secondsUntilServedAgain, long errorsDuring) {

    private static final double BEFORE_SECONDS = 10;
    private static final double RECOVERED_SHARE = 0.5;

    /** The same event with its recovery read from the run's timeline. */
    public FaultEvent withRecovery(List<Tick> ticks) {
        double before = ticks.stream().filter(t -> t.seconds() > startSeconds - BEFORE_SECONDS && t.seconds() <= startSeconds)
                .mapToDouble(Tick::txPerSecond).average().orElse(0);
        Double recovered = null;
        for (Tick t : ticks) {
            if (t.seconds() > endSeconds && t.txPerSecond() >= RECOVERED_SHARE * before) {
                recovered = Math.max(0, t.seconds() - 1 - endSeconds); // the tick covers the second before it
                break;
            }
        }
        double until = recovered == null ? Double.MAX_VALUE : endSeconds + recovered + 1;
        long errors = Math.round(ticks.stream().filter(t -> t.seconds() > startSeconds && t.seconds() <= until)
                .mapToDouble(Tick::errorsPerSecond).sum());
        return new FaultEvent(kind, startSeconds, endSeconds, target, outcome, recovered, errors);
    }
}

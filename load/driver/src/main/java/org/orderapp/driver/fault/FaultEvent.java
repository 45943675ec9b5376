package org.orderapp.driver.fault;

import java.util.List;
import org.orderapp.driver.engine.StepResult.Tick;

/**
 * What a fault did: when it started and ended (seconds since the run started), on which process, and how the
 * load came through it — the errors from its start until orders flowed again, and how long after its end that was.
 * "Served again": the first second with at least half the throughput of the ten seconds before the fault, after the
 * throughput fell below that (a kill takes effect after its instant; work already done still completes); 0 when it
 * never fell within a few seconds of the fault's end; null when it fell and did not come back during the run.
 * "Longest wait": the longest a request waited for its answer, whatever the answer (an error or a 503 too), among the
 * answers that came from the fault's start until a minute after its end or the next fault's start — what the fault
 * made a client wait, which the server's timeouts must bound (null until read from the timeline). A request sent just
 * before the end may wait out a whole timeout after it, hence the minute.
 */
public record FaultEvent(String kind, double startSeconds, double endSeconds, String target, String outcome,
                         Double secondsUntilServedAgain, long errorsDuring, Double longestWaitSeconds) {

    /** A fault as it happened, before the timeline says how the load came through it. */
    public FaultEvent(String kind, double startSeconds, double endSeconds, String target, String outcome,
                      Double secondsUntilServedAgain, long errorsDuring) {
        this(kind, startSeconds, endSeconds, target, outcome, secondsUntilServedAgain, errorsDuring, null);
    }

    private static final double BEFORE_SECONDS = 10;
    private static final double RECOVERED_SHARE = 0.5;
    /** How long after its end a fault may still take effect (a process dies, connections time out). */
    private static final double EFFECT_SECONDS = 5;
    /** How long after its end a request sent during a fault may still be waiting: longer than any timeout of the server's. */
    private static final double WAIT_SECONDS = 60;

    /** The same event with another description of its outcome. */
    public FaultEvent withOutcome(String outcome) {
        return new FaultEvent(kind, startSeconds, endSeconds, target, outcome, secondsUntilServedAgain, errorsDuring,
                longestWaitSeconds);
    }

    /** The same event with its recovery read from the run's timeline. */
    public FaultEvent withRecovery(List<Tick> ticks) {
        return withRecovery(ticks, Double.MAX_VALUE);
    }

    /** The same, when the next fault starts at nextStart: a dip after that is the next fault's, not this one's. */
    public FaultEvent withRecovery(List<Tick> ticks, double nextStart) {
        double before = ticks.stream().filter(t -> t.seconds() > startSeconds - BEFORE_SECONDS && t.seconds() <= startSeconds)
                .mapToDouble(Tick::txPerSecond).average().orElse(0);
        double good = RECOVERED_SHARE * before;
        double dipUntil = Math.min(endSeconds + EFFECT_SECONDS, nextStart);
        Tick dip = ticks.stream().filter(t -> t.seconds() > startSeconds && t.seconds() <= dipUntil
                && t.txPerSecond() < good).findFirst().orElse(null);
        Double recovered = dip == null ? Double.valueOf(0) : null;
        double until = endSeconds + EFFECT_SECONDS;
        if (dip != null) {
            until = Double.MAX_VALUE;
            for (Tick t : ticks) {
                if (t.seconds() > dip.seconds() && t.txPerSecond() >= good) {
                    recovered = Math.max(0, t.seconds() - 1 - endSeconds); // the tick covers the second before it
                    until = t.seconds();
                    break;
                }
            }
        }
        final double errorsUntil = until;
        long errors = Math.round(ticks.stream().filter(t -> t.seconds() > startSeconds && t.seconds() <= errorsUntil)
                .mapToDouble(Tick::errorsPerSecond).sum());
        double waitsUntil = Math.min(endSeconds + WAIT_SECONDS, nextStart);
        double longest = ticks.stream().filter(t -> t.seconds() > startSeconds && t.seconds() <= waitsUntil)
                .mapToDouble(Tick::longestMillis).max().orElse(0) / 1000;
        return new FaultEvent(kind, startSeconds, endSeconds, target, outcome, recovered, errors, longest);
    }
}

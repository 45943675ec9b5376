package org.orderapp.lab.interleaved;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.orderapp.driver.LoadSession;
import org.orderapp.driver.report.StepOutcome;
import org.orderapp.driver.settings.LoadConfig;

/** Warms every resident server at once under the first step's load, each until its own steady state. */
final class ResidentWarmUp {

    private final LoadConfig load;
    private final int warmUpUsers;
    private final PrintStream out;

    ResidentWarmUp(LoadConfig load, int warmUpUsers, PrintStream out) {
        this.load = load;
        this.warmUpUsers = warmUpUsers;
        this.out = out;
    }

    /**
     * Every server at once under the first step's load, each until its own steady state: the compilers of several
     * servers work side by side on two cores instead of one after the other, and a server that becomes steady first
     * rests while the others go on. Each variant's warm-up goes to its outcomes; its sampling is paused after. A variant
     * on another's server has no warm-up of its own: its server is warmed as its host.
     */
    void run(List<ResidentVariant> residents, Map<String, LoadSession> sessions, Map<String, List<StepOutcome>> outcomes)
            throws InterruptedException, IOException {
        double first = load.steps().get(0);
        double step = load.model() == LoadConfig.Model.CLOSED && warmUpUsers > 0 ? Math.min(first, warmUpUsers) : first;
        say(String.format(Locale.ROOT, "Warm-up: every server at once, %s each, until each is steady (%s) ...", load.stepName(step),
                load.steadyState() == null ? "a fixed " + load.warmUp().toSeconds() + " s" : "throughput within "
                        + Math.round(100 * load.steadyState().tolerance()) + " %, JIT at most "
                        + Math.round(100 * load.steadyState().maxJitShare()) + " % of the server's CPU"));
        var servers = residents.stream().filter(ResidentVariant::ownServer).toList();
        var warmed = AtOnce.step(servers, sessions, "the warm-up of %s", s -> s.step("warm-up", 0, 0, step, load.warmUp(),
                load.measure(), load.steadyState()));
        for (var e : warmed.entrySet()) {
            StepOutcome warm = e.getValue();
            synchronized (outcomes) { // an interrupt copies them from another thread
                outcomes.get(e.getKey()).add(warm);
            }
            var w = warm.client().warmUp();
            say(String.format(Locale.ROOT, "Warm-up: %s %s after %.0f s%s", e.getKey(), w.steady() == null ? "done"
                    : w.steady() ? "steady" : "NOT steady", w.seconds(), w.jitShare() == null ? ""
                    : String.format(Locale.ROOT, " (JIT %.1f %% of the server's CPU)", 100 * w.jitShare())));
            if (Boolean.FALSE.equals(w.steady())) {
                sessions.get(e.getKey()).note("Its warm-up did not become steady within the steady state's maximum.");
            }
        }
        sessions.values().forEach(LoadSession::pauseSampling);
    }

    private void say(String line) {
        out.println(line);
        out.flush();
    }
}

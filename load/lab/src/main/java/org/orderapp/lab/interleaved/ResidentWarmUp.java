package org.orderapp.lab.interleaved;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.orderapp.driver.LoadSession;
import org.orderapp.driver.engine.SteadyState;
import org.orderapp.driver.report.StepOutcome;
import org.orderapp.driver.settings.LoadConfig;

/**
 * Warms every resident server at once under the first step's load (an open load's rate ramped up), each until its own
 * steady state.
 */
final class ResidentWarmUp {

    /**
     * An open load's warm-up rises to its rate over this long (OpenLoad's ramp): offered the full rate at once, cold
     * servers fall behind and work off the backlog long after they could keep up (four servers at 75 a second each
     * answered 30-55 a second at first, with p99 above 100 s); in two minutes their compilers have the hot paths.
     */
    static final Duration OPEN_LOAD_RAMP = Duration.ofSeconds(120);

    private final LoadConfig load;
    private final int warmUpUsers;
    private final PrintStream out;

    ResidentWarmUp(LoadConfig load, int warmUpUsers, PrintStream out) {
        this.load = load;
        this.warmUpUsers = warmUpUsers;
        this.out = out;
    }

    /**
     * Every server at once under the first step's load (an open load's rate ramped up when the warm-up lasts until
     * steady), each until its own steady state: the compilers of several servers work side by side on two cores
     * instead of one after the other, and a server that becomes steady first rests while the others go on. Each
     * variant's warm-up goes to its outcomes; its sampling is paused after. A variant on another's server has no
     * warm-up of its own: its server is warmed as its host.
     */
    void run(List<ResidentVariant> residents, Map<String, LoadSession> sessions, Map<String, List<StepOutcome>> outcomes)
            throws InterruptedException, IOException {
        double first = load.steps().get(0);
        double step = load.model() == LoadConfig.Model.CLOSED && warmUpUsers > 0 ? Math.min(first, warmUpUsers) : first;
        Duration ramp = load.model() == LoadConfig.Model.OPEN && load.steadyState() != null ? OPEN_LOAD_RAMP : Duration.ZERO;
        say(String.format(Locale.ROOT, "Warm-up: every server at once, %s each%s, until each is steady (%s) ...", load.stepName(step),
                ramp.isZero() ? "" : " (rising to it over the first " + ramp.toSeconds() + " s)",
                load.steadyState() == null ? "a fixed " + load.warmUp().toSeconds() + " s" : "throughput within "
                        + Math.round(100 * load.steadyState().tolerance()) + " %, JIT at most "
                        + Math.round(100 * load.steadyState().maxJitShare()) + " % of the server's CPU"));
        var servers = residents.stream().filter(ResidentVariant::ownServer).toList();
        var warmed = AtOnce.step(servers, sessions, "the warm-up of %s", s -> s.step("warm-up", 0, 0, step, load.warmUp(),
                load.measure(), steadyAfter(load.steadyState(), ramp), ramp));
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

    /**
     * The steady state judged only on windows at the full rate: at least the ramp and the windows judged together, for
     * the throughput of a ramp's last windows lies within a tolerance of 10 % of their mean.
     */
    static SteadyState steadyAfter(SteadyState steady, Duration ramp) {
        if (steady == null || ramp.isZero() || steady.min().compareTo(ramp.plus(steady.span())) >= 0) {
            return steady;
        }
        Duration min = ramp.plus(steady.span());
        Duration max = steady.max().compareTo(min.plus(steady.window())) >= 0 ? steady.max() : min.plus(steady.window());
        return new SteadyState(min, steady.window(), steady.windows(), steady.tolerance(), max, steady.maxJitShare());
    }

    private void say(String line) {
        out.println(line);
        out.flush();
    }
}

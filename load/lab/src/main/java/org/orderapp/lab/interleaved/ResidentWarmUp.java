package org.orderapp.lab.interleaved;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
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
        double step = step();
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

    /** The step the servers warm up at: the first step's load, or with a closed load at most the warm-up's users. */
    double step() {
        double first = load.steps().get(0);
        return load.model() == LoadConfig.Model.CLOSED && warmUpUsers > 0 ? Math.min(first, warmUpUsers) : first;
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

    /**
     * What a block does to a server that the warm-up does not, done once after the warm-up: every server's data reset
     * through its administrator's API and each runtime variant switched on under load, then the warm-up's steady state
     * again. Why: a server warmed until its compiler settled met these first in the first block, and its compiler took
     * 29–36 % of its CPU there (the calibration, 2026-12-01: code compiled on the warm-up's profile, which had seen no
     * authenticated request and no reset, thrown away and compiled again — Elytron's authentication, Hibernate's result
     * reading, Undertow's exchange — and the reset's own code compiled), and three to seven blocks were burn-in, a fifth
     * to a third of a 30-minute experiment. Here the compilers do that work under the warm-up's load, judged by the warm-up's
     * criterion, and the blocks begin on servers that have seen everything they will be asked.
     */
    static final class Rehearsal {

        /** How long each runtime variant's setting holds under load: long enough for its code to be compiled once. */
        static final Duration SWITCHED_FOR = Duration.ofSeconds(5);

        private final LoadConfig load;
        private final InterleavedSettings.DataReset reset;
        private final PrintStream out;
        /** Why the switching thread failed, or null. */
        private volatile String failure;

        Rehearsal(LoadConfig load, InterleavedSettings.DataReset reset, PrintStream out) {
            this.load = load;
            this.reset = reset;
            this.out = out;
        }

        /** Whether a block would do anything the warm-up did not: reset the data, or switch a server to a runtime variant. */
        boolean needed(List<ResidentVariant> residents) {
            return reset != null || residents.stream().anyMatch(r -> !r.ownServer());
        }

        /**
         * Resets every server's data, then warms every server again at once under the first step's load until steady (the
         * load's criterion, judged afresh), switching each runtime variant on for {@link #SWITCHED_FOR} and its server back
         * to its own setting at the start. Each server's second warm-up goes to its outcomes beside the first, in run 0 as
         * a step past the load's own (its files apart from the first's).
         *
         * @return whether every server became steady again (without a steady state: true)
         */
        boolean run(List<ResidentVariant> residents, Map<String, LoadSession> sessions, Map<String, List<StepOutcome>> outcomes,
                    double step) throws IOException, InterruptedException {
            var servers = residents.stream().filter(ResidentVariant::ownServer).toList();
            var switched = residents.stream().filter(r -> !r.ownServer()).toList();
            say(String.format(Locale.ROOT, "Rehearsal: %s, then the warm-up again until each server is steady, so that what a "
                    + "block first asks of a server is compiled before the blocks", String.join(" and ", List.of(
                    reset == null ? "" : "every server's data reset", switched.isEmpty() ? "" : "each runtime variant switched on "
                            + "under load for " + SWITCHED_FOR.toSeconds() + " s (" + String.join(", ", switched.stream()
                            .map(ResidentVariant::name).toList()) + ")").stream().filter(s -> !s.isEmpty()).toList())));
            if (reset != null) {
                for (ResidentVariant r : servers) {
                    try {
                        reset.reset(r);
                    } catch (IOException | InterruptedException e) {
                        throw e;
                    } catch (Exception e) {
                        throw new IOException("the data of " + r.name() + " could not be reset in the rehearsal: " + e.getMessage(), e);
                    }
                    sessions.get(r.name()).forgetAcknowledged();
                }
            }
            // Each runtime variant switched on in turn while the load runs, then every server back to its own setting;
            // the steady state is judged only on windows after that.
            Duration switching = SWITCHED_FOR.multipliedBy(switched.size());
            var switcher = new Thread(() -> cycle(switched, servers), "rehearsal of the runtime variants");
            switcher.setDaemon(true);
            SteadyState steady = load.steadyState() == null ? null : again(load.steadyState(), switching);
            Duration warmUp = load.steadyState() == null ? load.warmUp().plus(switching) : load.warmUp();
            sessions.values().forEach(LoadSession::resumeSampling);
            Map<String, StepOutcome> warmed;
            try {
                switcher.start();
                warmed = AtOnce.step(servers, sessions, "the warm-up after the rehearsal of %s", s -> s.step(
                        "warm-up after the rehearsal", 0, load.steps().size(), step, warmUp, window(load.measure()), steady));
            } finally {
                switcher.interrupt();
                joinUninterruptibly(switcher); // the servers set back before the blocks (or the stop) go on
                sessions.values().forEach(LoadSession::pauseSampling);
            }
            if (failure != null) {
                throw new IOException("the rehearsal could not switch a runtime variant: " + failure);
            }
            boolean allSteady = true;
            for (var e : warmed.entrySet()) {
                StepOutcome warm = e.getValue();
                synchronized (outcomes) {
                    outcomes.get(e.getKey()).add(warm);
                }
                var w = warm.client().warmUp();
                allSteady &= !Boolean.FALSE.equals(w.steady());
                say(String.format(Locale.ROOT, "Rehearsal: %s %s after %.0f s%s", e.getKey(), w.steady() == null ? "done"
                        : w.steady() ? "steady again" : "NOT steady again", w.seconds(), w.jitShare() == null ? ""
                        : String.format(Locale.ROOT, " (JIT %.1f %% of the server's CPU)", 100 * w.jitShare())));
                if (Boolean.FALSE.equals(w.steady())) {
                    sessions.get(e.getKey()).note("Its warm-up after the rehearsal did not become steady within the steady state's maximum.");
                }
            }
            return allSteady;
        }

        /** The window that ends the warm-up after the rehearsal: a record of the warm servers, not a measurement. */
        static final Duration WINDOW = Duration.ofSeconds(5);

        /** That window, or the load's own where shorter. */
        static Duration window(Duration measure) {
            return measure.compareTo(WINDOW) < 0 ? measure : WINDOW;
        }

        private void cycle(List<ResidentVariant> switched, List<ResidentVariant> servers) {
            try {
                for (ResidentVariant r : switched) {
                    r.switcher().switchTo();
                    Thread.sleep(SWITCHED_FOR.toMillis());
                }
            } catch (InterruptedException e) {
                // the warm-up ended first: its servers are set back below all the same
            } catch (IOException | RuntimeException e) {
                failure = why(e);
            } finally {
                // Every server back to its own setting, each tried even when an interrupt comes while one is set back.
                Thread.interrupted();
                var back = new ArrayList<String>();
                for (ResidentVariant s : servers) {
                    try {
                        s.switcher().switchTo();
                    } catch (IOException | RuntimeException e) {
                        back.add(s.name() + ": " + why(e));
                    } catch (InterruptedException e) {
                        back.add(s.name() + ": interrupted");
                    }
                }
                if (!back.isEmpty() && failure == null) {
                    failure = "setting the servers back failed (" + String.join("; ", back) + ")";
                }
            }
        }

        private static void joinUninterruptibly(Thread t) {
            boolean interrupted = false;
            while (t.isAlive()) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }

        private static String why(Exception e) {
            return e.getMessage() != null ? e.getMessage() : e.toString();
        }

        /**
         * The longest the warm-up after the rehearsal waits beyond the switching for the steady state: the compilers'
         * second round took about two minutes here; past this the blocks' burn-in judges them, block by block.
         */
        static final Duration LONGEST_AGAIN = Duration.ofMinutes(5);

        /**
         * The steady state judged afresh on windows after the switching: its minimum the switching and the windows
         * judged together (the servers are warm: no two-minute minimum), the same windows, tolerance and JIT share, and
         * at most {@link #LONGEST_AGAIN} after the switching (or the warm-up's own maximum, if shorter), but never less
         * than one window past the minimum.
         */
        static SteadyState again(SteadyState steady, Duration switching) {
            Duration min = switching.plus(steady.span());
            Duration max = steady.max().compareTo(switching.plus(LONGEST_AGAIN)) <= 0 ? steady.max() : switching.plus(LONGEST_AGAIN);
            max = max.compareTo(min.plus(steady.window())) >= 0 ? max : min.plus(steady.window());
            return new SteadyState(min, steady.window(), steady.windows(), steady.tolerance(), max, steady.maxJitShare());
        }

        private void say(String line) {
            out.println(line);
            out.flush();
        }
    }
}

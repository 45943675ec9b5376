package org.orderapp.lab.interleaved;

import java.io.IOException;
import java.io.PrintStream;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.orderapp.driver.LoadSession;
import org.orderapp.driver.audit.AuditResult;
import org.orderapp.driver.audit.StockSnapshot;
import org.orderapp.driver.report.RunFolder;
import org.orderapp.driver.report.RunResult;
import org.orderapp.driver.report.StepOutcome;
import org.orderapp.driver.rules.Validity;
import org.orderapp.driver.settings.LoadConfig;
import org.orderapp.lab.experiment.Calibration;
import org.orderapp.lab.experiment.Comparison;
import org.orderapp.lab.experiment.ComparisonFiles;
import org.orderapp.lab.experiment.ExperimentDefinition;
import org.orderapp.lab.experiment.Instances;
import org.orderapp.lab.experiment.Method;
import org.orderapp.lab.experiment.RuntimeSwitches;
import org.orderapp.lab.profile.ProfileDiffs;

/**
 * An experiment by the interleaved method, on servers that stay up for all of it (started by the caller): a session
 * per variant; every server warmed once until steady (the load's steady-state criterion: throughput steady and the JIT
 * compiler settled; the compiler threads at a higher priority until every server has settled, CompilerPriority); then
 * blocks, each measuring every variant once in a random order (a settle of the load's warm-up, a window of its
 * measure, at each step), the others idle and unsampled, a variant's replenish queue drained before the next one is
 * measured, or, as a duet, every variant's window at the same time; when the data is reset before every window (and
 * every window audited, unless the load is not), each settle ends by taking the emptied tables' optimizer statistics
 * afresh (LoadSession#freshStatisticsBeforeWindows). After each block the comparison is rewritten, its ratios paired per block (the
 * Hodges-Lehmann estimate of the blocks' log-ratios with the signed-rank interval, Statistics.pairedRatioRobust; with
 * several servers per variant, over the servers, Statistics.acrossInstances), and
 * the StopRule decides whether another block is needed. Without a data reset, every database is audited once at the
 * end, against the orders acknowledged on it to every variant.
 */
public final class InterleavedExperiment {

    /**
     * Users per server in the warm-up, all servers at once (closed model; at most the first step's). Few, so that the
     * servers' compiler threads get more of the two cores: beside 20 busy request threads each, the compilers of four
     * servers took about a tenth of the machine and none had settled after 15 minutes (calibration, 2026-11-25); two
     * servers on a core each, warmed at 20 users, were still compiling after 15 minutes and 16 blocks more
     * (second-level-cache, 2026-11-28), against 7 to 8 minutes and 7 blocks at 4 users.
     */
    public static final int DEFAULT_WARM_UP_USERS = 4;

    private final ExperimentDefinition definition;
    private final LoadConfig load;
    private final InterleavedSettings settings;
    private final PrintStream out;
    private final Map<String, List<StepOutcome>> outcomes = new LinkedHashMap<>();
    private final WindowAudits audits;
    private final BlockLoop loop;
    private List<Method.ProfileDiff> profiles = List.of();
    /**
     * Once measuring: the variants and their sessions, so that an interrupted experiment still writes its run folders.
     * Whichever thread takes them (the main one at the end, or Ctrl-C's) writes the folders, and only that one.
     */
    private final AtomicReference<Measuring> measuring = new AtomicReference<>();

    private record Measuring(List<ResidentVariant> residents, Map<String, LoadSession> sessions) {
    }

    public InterleavedExperiment(ExperimentDefinition definition, LoadConfig load, InterleavedSettings settings, PrintStream out) {
        this.definition = definition;
        this.load = load;
        this.settings = settings;
        this.out = out;
        this.audits = new WindowAudits(load, settings.reset(), out);
        this.loop = new BlockLoop(load, settings, definition.quartets(), out, audits, outcomes, () -> comparison(null));
    }


    /**
     * Whether every variant on another's server has its windows switched within themselves, and so is compared with its
     * host's setting there (not through another server's windows): windows long enough for a quartet's four parts. The
     * interleaved method's servers are processes of this machine, whose CPU the parts read.
     */
    public static boolean runtimeVariantsSwitchedWithinWindows(ExperimentDefinition definition) {
        return definition.variants().stream().noneMatch(v -> v.serverOf() != null)
                || definition.loadConfig().measure().compareTo(shortestSwitchedWindow()) >= 0;
    }

    /** The shortest window a runtime variant is switched within. */
    public static Duration shortestSwitchedWindow() {
        return SwitchedWindow.shortestWindow();
    }
    /**
     * Asks the experiment to stop after the window that runs now, and writes the comparison of the windows measured so
     * far, marked interrupted, and each variant's run folder with the windows it had (not audited: the audit comes at
     * the end): on Ctrl-C the JVM ends as soon as its shutdown hooks have, before that window would.
     */
    public void interrupt() {
        loop.interrupt();
        try {
            comparison(null);
        } catch (RuntimeException e) {
            say("The comparison so far could not be written: " + e);
        }
        Measuring m = measuring.getAndSet(null);
        if (m != null) {
            try {
                writeRunFolders(m.residents(), m.sessions(), null, true);
            } catch (IOException | RuntimeException e) {
                say("The run folders could not be written: " + e);
            }
        }
    }

    /** Measures the resident variants (the control among them) until the stop rule says enough; answers the comparison. */
    public Comparison run(List<ResidentVariant> residents) throws IOException, SQLException, InterruptedException {
        Map<String, LoadSession> sessions = new LinkedHashMap<>();
        try {
            for (ResidentVariant r : residents) {
                say("Variant " + r.name() + ": " + r.target());
                sessions.put(r.name(), LoadSession.open(load.withOutput(settings.folder().resolve("runs"), r.name()), r.target(),
                        LinePrefix.of(out, r.name())));
                if (settings.reset() != null) { // a window soon after a reset would otherwise meet the emptied tables' plans
                    sessions.get(r.name()).freshStatisticsBeforeWindows();
                }
                outcomes.put(r.name(), new ArrayList<>());
            }
            Map<String, StockSnapshot> before = new LinkedHashMap<>();
            for (ResidentVariant r : residents) {
                if (!before.containsKey(r.database())) {
                    before.put(r.database(), StockSnapshot.take(sessions.get(r.name()).connection()));
                }
            }
            if (settings.pairing() == Pairing.DUET_ON_OWN_CORES) {
                CorePinning.pin(residents, sessions, 0, out);
            }
            measuring.set(new Measuring(residents, sessions));
            var compilers = new CompilerPriority(out);
            compilers.raise(residents, sessions);
            var warmUp = new ResidentWarmUp(load, settings.warmUpUsers(), out);
            warmUp.run(residents, sessions, outcomes);
            var rehearsal = new ResidentWarmUp.Rehearsal(load, settings.reset(), out);
            if (rehearsal.needed(residents) && rehearsal.run(residents, sessions, outcomes, warmUp.step())) {
                // Steady again after everything a block asks: the blocks measure the servers as configured from the first.
                compilers.restore();
            }
            loop.measure(residents, sessions, compilers::restore);
            if (load.cpuProfile()) {
                explain(sessions);
            }
            String audit = audits.atEnd(residents, sessions, before);
            Comparison comparison = comparison(audit);
            if (measuring.getAndSet(null) != null) { // else Ctrl-C came first and wrote them
                writeRunFolders(residents, sessions, audit, false);
            }
            return comparison;
        } finally {
            sessions.values().forEach(LoadSession::close);
        }
    }

    /**
     * The differential flame graphs of every variant against the control, from the windows' CPU profiles; a variant on
     * several servers ({@link Instances}) with the windows of all of them, against all of the control's; a variant
     * switched at runtime on the control's first server against that server's alone, as its ratios are.
     */
    private void explain(Map<String, LoadSession> sessions) {
        String control = definition.controlOrDefault();
        var windows = new LinkedHashMap<String, ProfileDiffs.Windows>();
        var controlsOwn = new ProfileDiffs.Windows();
        sessions.forEach((name, s) -> {
            var w = windows.computeIfAbsent(Instances.groupOf(name), group -> new ProfileDiffs.Windows());
            outcomes.get(name).stream().filter(o -> o.client().repeat() > 0) // run 0 is the warm-up
                    .forEach(o -> {
                        w.add(s.folder(), o);
                        if (name.equals(control)) {
                            controlsOwn.add(s.folder(), o);
                        }
                    });
        });
        var against = new LinkedHashMap<String, ProfileDiffs.Windows>();
        definition.variants().stream().filter(v -> control.equals(v.serverOf())).forEach(v -> against.put(v.name(), controlsOwn));
        try {
            profiles = ProfileDiffs.write(settings.folder(), control, windows, against, load.cpuInterval().toNanos() / 1e6);
            say("Profiles: " + profiles.size() + " differential flame graph(s) in " + settings.folder().resolve("profiles"));
        } catch (IOException | RuntimeException e) {
            say("The differential flame graphs could not be drawn: " + e.getMessage());
        }
    }

    private Comparison comparison(String audit) {
        double minutes = (System.nanoTime() - settings.startedNanos()) / 60e9;
        var method = new Method(Method.INTERLEAVED, String.format(Locale.ROOT, "every variant's server started once and warmed until "
                        + "steady; then blocks of one window per variant and step, %s (%s settle, %s window), ratios "
                        + "paired per block%s; stopping at ±%s or after %d min", settings.pairing().words(),
                load.warmUp().toSeconds() + " s", load.measure().toSeconds() + " s", settings.reset() == null ? "" : "; the data reset before every window, the "
                        + "emptied tables' optimizer statistics taken afresh at the end of its settle, and every window audited", StopRule.formatPercent(settings.stop().precision()), settings.stop().maxTime().toMinutes())
                        + (definition.instances() == 1 ? "" : "; every variant on a server of its own ran on "
                        + definition.instances() + " servers (instances), and its ratios are over them: the mean of every pair "
                        + "of instances' paired ratios, with a t interval from how far the instances differ")
                        + (crossover() == null ? "" : "; the cores change hands every block, and the ratios are paired per "
                        + crossover() + " blocks, in which every server had every core alike")
                        + (definition.mostOnOneServer() > 1 ? "; a variant switched at runtime on another's server is also "
                        + "switched within each of its windows, between its setting and its host's in four parts" + (definition.quartets() == 1
                        ? "" : " " + definition.quartets() + " times over, its round " + definition.quartets() + " windows long, and the "
                        + "quartets of a window averaged into one figure") + ", and what it "
                        + "costs is the difference between them (a switched window, for a server on this machine and a window "
                        + "of at least " + SwitchedWindow.shortestWindow().toMillis() / 1000.0 + " s; otherwise it is paired with its "
                        + "host's own window" + (settings.pairing().together() ? " through the windows the other servers "
                        + "measured at the same times" : "") + ")" : ""),
                settings.stop().precision(), loop.blocks(), loop.stop(), minutes,
                Calibration.detected(definition, loop.observations(), crossover()), null,
                audit, profiles, crossover());
        var context = new Comparison.Context(settings.command(), settings.started().toString(), Instant.now().toString(),
                Comparison.units(load.model() == LoadConfig.Model.OPEN),
                "every server warmed once until steady; a settle of " + load.warmUp().toSeconds() + " s before each window",
                loop.interrupted(), settings.notes(), method);
        Comparison comparison = Comparison.of(definition, context, loop.observations());
        try {
            ComparisonFiles.write(settings.folder(), comparison);
        } catch (IOException e) {
            say("Writing the comparison failed: " + e.getMessage());
        }
        return comparison;
    }

    /** On own cores, the blocks of a crossover group (CorePinning); else null. */
    private Integer crossover() {
        return settings.pairing().crossover(definition.serverCount());
    }

    /**
     * Each variant's run folder: its warm-up and every window it was measured in, its database's audit (interrupted:
     * the windows until then, and no audit at the end).
     */
    private void writeRunFolders(List<ResidentVariant> residents, Map<String, LoadSession> sessions, String audit, boolean interrupted)
            throws IOException {
        for (ResidentVariant r : residents) {
            LoadSession s = sessions.get(r.name());
            List<StepOutcome> steps;
            synchronized (outcomes) { // interrupted, the windows so far, while the main thread may still add one
                steps = List.copyOf(outcomes.get(r.name()));
            }
            AuditResult result = audits.of(r);
            Validity validity = load.rules().check(steps.stream().map(StepOutcome::client).toList(), load.mix(), result);
            List<String> notes = new ArrayList<>(s.notes()); // a copy: Ctrl-C's thread may write while a window adds one
            String profilerNote = s.cpuProfilerNote();
            if (profilerNote != null) {
                notes.add(profilerNote);
            }
            if (!r.ownServer()) {
                notes.add("Measured on the server of " + r.server() + ", switched to " + String.join(", ",
                        RuntimeSwitches.switched(r.variant()).stream().map(k -> k + "=" + r.variant().properties().get(k)).toList())
                        + " before each of its windows and warmed as " + r.server() + ": it has no run 0."
                        + (outcomes.get(r.name()).isEmpty() || !SwitchedWindow.applies(r, s, load.measure()) ? ""
                        : " Within each window its server was switched between this setting and " + r.server() + "'s in "
                        + 4 * definition.quartets() + " parts (a switched window of " + definition.quartets() + (definition.quartets() == 1
                        ? " quartet" : " quartets") + "): the window's figures are of both, and comparison.json holds each part's "
                        + "CPU and transactions."));
            }
            boolean partnerWindows = settings.pairing().together() && definition.mostOnOneServer() > 1 && r.ownServer()
                    && residents.stream().filter(o -> o.server().equals(r.name())).count() < definition.mostOnOneServer();
            boolean hosts = residents.stream().anyMatch(o -> !o.ownServer() && o.server().equals(r.name()));
            String rehearsed = String.join(" and ", java.util.stream.Stream.of(settings.reset() == null ? null : "its data reset",
                    hosts ? "its runtime variants switched on once" : null).filter(java.util.Objects::nonNull).toList());
            notes.add("Measured by the interleaved method: run 0 is the warm-up" + (r.ownServer() && steps.size() > 1
                    && steps.get(1).client().repeat() == 0 ? " and the warm-up after the rehearsal (" + rehearsed
                    + ": a step of its own)" : "") + ", " + (partnerWindows ? "then one window in every "
                    + "round of a block (" + definition.mostOnOneServer() + " a block): its own and partner windows beside the other "
                    + "servers' runtime variants, which comparison.json's runs tell apart; " : "run N the window of block N; ") + (settings.reset() != null
                    ? "the data was reset before every window, its emptied tables' optimizer statistics taken afresh (ANALYZE TABLE) "
                    + "at the end of the window's settle, and every window audited" + (audit == null ? "" : " (" + audit + ")")
                    + "; the audit here is the last window's" : "the audit is that of its database at the end of the experiment"
                    + (audit == null ? " (none)" : ": " + audit)) + "." + (interrupted ? " Interrupted: the windows measured until then." : ""));
            RunFolder.write(new RunResult(s.config(), s.target(), s.endpointName(), settings.started(), Instant.now(), s.folder(),
                    s.catalog().customerCount(), s.catalog().centerCount(), steps, s.samples(), result, validity, notes,
                    List.of(), s.cpuProfilerEngine()));
        }
    }

    private void say(String line) {
        out.println(line);
        out.flush();
    }
}

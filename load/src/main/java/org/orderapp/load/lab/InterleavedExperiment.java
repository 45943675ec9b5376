package org.orderapp.load.lab;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.orderapp.load.LoadConfig;
import org.orderapp.load.LoadSession;
import org.orderapp.load.RunResult;
import org.orderapp.load.StepOutcome;
import org.orderapp.load.audit.AuditResult;
import org.orderapp.load.audit.RunAudit;
import org.orderapp.load.audit.StockSnapshot;
import org.orderapp.load.experiment.Comparison;
import org.orderapp.load.experiment.ComparisonFiles;
import org.orderapp.load.experiment.ExperimentDefinition;
import org.orderapp.load.experiment.Method;
import org.orderapp.load.experiment.Metric;
import org.orderapp.load.experiment.Observation;
import org.orderapp.load.report.RunFolder;
import org.orderapp.load.rules.Validity;

/**
 * An experiment by the interleaved method, on servers that stay up for all of it (started by the caller): a session
 * per variant; every server warmed once until steady (the load's steady-state criterion: throughput steady and the JIT
 * compiler settled); then blocks, each measuring every variant once in a random order (a settle of the load's warm-up,
 * a window of its measure, at each step), the others idle and unsampled, a variant's replenish queue drained before the
 * next one is measured. After each block the comparison is rewritten, its ratios paired per block (the mean of the
 * blocks' log-ratios with a Student t interval), and the StopRule decides whether another block is needed. At the end,
 * every database is audited once, against the orders acknowledged on it to every variant.
 */
public final class InterleavedExperiment {

    /**
     * @param folder       the experiment's folder (comparison files), with the variants' run folders under runs/
     * @param startedNanos when the experiment started (System.nanoTime), for the time limit
     * @param command      the command line, for the comparison
     */
    public record Settings(StopRule stop, long seed, Path folder, long startedNanos, Instant started, String command) {
    }

    private final ExperimentDefinition definition;
    private final LoadConfig load;
    private final Settings settings;
    private final PrintStream out;
    private final List<Observation> observations = new ArrayList<>();
    private final Map<String, List<StepOutcome>> outcomes = new LinkedHashMap<>();
    private volatile boolean interrupted;
    private int blocks;
    private String stop = "running";

    public InterleavedExperiment(ExperimentDefinition definition, LoadConfig load, Settings settings, PrintStream out) {
        this.definition = definition;
        this.load = load;
        this.settings = settings;
        this.out = out;
    }

    /** Asks the experiment to stop after the window that runs now; the comparison of what was measured stays. */
    public void interrupt() {
        interrupted = true;
    }

    /** Measures the resident variants (the control among them) until the stop rule says enough; answers the comparison. */
    public Comparison run(List<ResidentVariant> residents) throws IOException, SQLException, InterruptedException {
        Map<String, LoadSession> sessions = new LinkedHashMap<>();
        try {
            for (ResidentVariant r : residents) {
                say("Variant " + r.name() + ": " + r.target());
                sessions.put(r.name(), LoadSession.open(load.withOutput(settings.folder().resolve("runs"), r.name()), r.target(),
                        LinePrefix.of(out, r.name())));
                outcomes.put(r.name(), new ArrayList<>());
            }
            Map<String, StockSnapshot> before = new LinkedHashMap<>();
            for (ResidentVariant r : residents) {
                if (!before.containsKey(r.database())) {
                    before.put(r.database(), StockSnapshot.take(sessions.get(r.name()).connection()));
                }
            }
            warmUp(residents, sessions);
            measure(residents, sessions);
            if (load.cpuProfile()) {
                explain(sessions);
            }
            String audit = audit(residents, sessions, before);
            Comparison comparison = comparison(audit);
            writeRunFolders(residents, sessions, audit);
            return comparison;
        } finally {
            sessions.values().forEach(LoadSession::close);
        }
    }

    /**
     * Every server at once under the first step's load, each until its own steady state: the compilers of several
     * servers work side by side on two cores instead of one after the other, and a server that becomes steady first
     * rests while the others go on.
     */
    private void warmUp(List<ResidentVariant> residents, Map<String, LoadSession> sessions) throws InterruptedException, IOException {
        say(String.format(Locale.ROOT, "Warm-up: every server at once, %s, until each is steady (%s) ...", load.stepName(load.steps().get(0)),
                load.steadyState() == null ? "a fixed " + load.warmUp().toSeconds() + " s" : "throughput within "
                        + Math.round(100 * load.steadyState().tolerance()) + " %, JIT at most "
                        + Math.round(100 * load.steadyState().maxJitShare()) + " % of the server's CPU"));
        ExecutorService pool = Executors.newFixedThreadPool(residents.size());
        try {
            var running = new LinkedHashMap<String, Future<StepOutcome>>();
            for (ResidentVariant r : residents) {
                LoadSession s = sessions.get(r.name());
                running.put(r.name(), pool.submit(() -> s.step("warm-up", 0, 0, load.steps().get(0), load.warmUp(), load.measure(),
                        load.steadyState())));
            }
            for (var e : running.entrySet()) {
                StepOutcome warm;
                try {
                    warm = e.getValue().get();
                } catch (java.util.concurrent.ExecutionException failed) {
                    throw new IOException("the warm-up of " + e.getKey() + " failed: " + failed.getCause(), failed.getCause());
                }
                outcomes.get(e.getKey()).add(warm);
                var w = warm.client().warmUp();
                say(String.format(Locale.ROOT, "Warm-up: %s %s after %.0f s%s", e.getKey(), w.steady() == null ? "done"
                        : w.steady() ? "steady" : "NOT steady", w.seconds(), w.jitShare() == null ? ""
                        : String.format(Locale.ROOT, " (JIT %.1f %% of the server's CPU)", 100 * w.jitShare())));
                if (Boolean.FALSE.equals(w.steady())) {
                    sessions.get(e.getKey()).note("Its warm-up did not become steady within the steady state's maximum.");
                }
            }
        } finally {
            pool.shutdownNow();
        }
        sessions.values().forEach(LoadSession::pauseSampling);
    }

    private void measure(List<ResidentVariant> residents, Map<String, LoadSession> sessions) throws IOException, InterruptedException {
        var order = new BlockOrder(settings.seed());
        LoadSession previous = null;
        long blockNanos = 0;
        int sequence = 0;
        while (true) {
            Duration elapsed = Duration.ofNanos(System.nanoTime() - settings.startedNanos());
            Duration nextBlock = blockNanos > 0 ? Duration.ofNanos(blockNanos) : estimateBlock(residents.size());
            StopRule.Decision decision = interrupted ? StopRule.Decision.TIME_UP
                    : settings.stop().decide(blocks, elapsed, headlineHalfWidths(), nextBlock);
            if (decision != StopRule.Decision.GO_ON) {
                stop = interrupted ? "interrupted after " + blocks + " blocks"
                        : decision == StopRule.Decision.PRECISION_REACHED
                        ? String.format(Locale.ROOT, "precision reached: every headline interval within ±%s after %d blocks",
                        StopRule.formatPercent(settings.stop().precision()), blocks)
                        : String.format(Locale.ROOT, "time limit: %d blocks in %d min, the next would pass %d min; the widest headline "
                        + "interval ±%s", blocks, elapsed.toMinutes(), settings.stop().maxTime().toMinutes(), widest());
                say("Stop: " + stop);
                return;
            }
            long blockStart = System.nanoTime();
            int block = blocks + 1;
            List<ResidentVariant> visits = order.next(residents);
            say(String.format(Locale.ROOT, "=== Block %d: %s ===", block, String.join(", ", visits.stream().map(ResidentVariant::name).toList())));
            for (ResidentVariant r : visits) {
                if (previous != null && !previous.awaitQuiet(load.drainTimeout())) {
                    say("Note: the previous variant's replenish queue was still busy when " + r.name() + " began");
                }
                LoadSession s = sessions.get(r.name());
                s.resumeSampling();
                var visit = new ArrayList<StepOutcome>();
                try {
                    for (int i = 0; i < load.steps().size(); i++) {
                        visit.add(s.step("block " + block, block, i, load.steps().get(i), load.warmUp(), load.measure(), null));
                    }
                } finally {
                    s.pauseSampling();
                }
                outcomes.get(r.name()).addAll(visit);
                observations.add(observation(++sequence, block, r.name(), s, visit));
                previous = s;
                if (interrupted) {
                    break;
                }
            }
            if (!interrupted) {
                blocks = block;
                blockNanos = System.nanoTime() - blockStart;
            }
            Comparison progress = comparison(null);
            say(String.format(Locale.ROOT, "Block %d done after %d min: widest headline interval ±%s (asked: ±%s)", block,
                    Duration.ofNanos(System.nanoTime() - settings.startedNanos()).toMinutes(), widest(),
                    StopRule.formatPercent(settings.stop().precision())));
            progress.ratios().stream().filter(r -> headline(r.metric())).forEach(r -> say(String.format(Locale.ROOT,
                    "  %s at %s, %s: %s", r.variant(), r.stepName(), r.metric(), r.verdict())));
        }
    }

    /** A first guess of a block's length before one was measured: every variant's steps, settle and window each. */
    private Duration estimateBlock(int variants) {
        return load.warmUp().plus(load.measure()).plusSeconds(2).multipliedBy((long) variants * load.steps().size());
    }

    private Observation observation(int sequence, int block, String variant, LoadSession s, List<StepOutcome> visit) {
        // The window's own rules (response times, mix, errors); the audit comes once, at the end, for every database.
        var reasons = new ArrayList<String>();
        visit.forEach(o -> reasons.addAll(load.rules().check(o.client(), load.mix()).reasons()));
        Validity validity = Validity.of(reasons);
        String folder = settings.folder().relativize(s.folder()).toString();
        return new Observation(sequence, block, variant, folder, validity.valid(), validity.reasons(),
                visit.stream().map(Observation.StepFigures::of).toList());
    }

    private static boolean headline(String metric) {
        return metric.equals(Metric.THROUGHPUT.key()) || metric.equals(Metric.CPU.key());
    }

    /** The relative half-widths of the headline ratios (throughput, CPU per transaction) of the comparison so far. */
    private List<Double> headlineHalfWidths() {
        if (observations.isEmpty()) {
            return List.of();
        }
        return comparison(null).ratios().stream().filter(r -> headline(r.metric())).map(Comparison.Ratio::halfWidth).toList();
    }

    private String widest() {
        var widths = headlineHalfWidths();
        if (widths.isEmpty() || widths.stream().anyMatch(w -> w == null)) {
            return "unknown (fewer than two valid paired blocks)";
        }
        return StopRule.formatPercent(widths.stream().mapToDouble(Double::doubleValue).max().orElse(0));
    }

    /** Drains every server's queue, then audits each database against every variant's acknowledged orders on it. */
    private String audit(List<ResidentVariant> residents, Map<String, LoadSession> sessions, Map<String, StockSnapshot> before)
            throws SQLException, InterruptedException {
        if (!load.audit()) {
            return null;
        }
        say("Audit: waiting for every server's replenish queue to drain ...");
        boolean drained = true;
        for (LoadSession s : sessions.values()) {
            drained &= s.awaitQuiet(load.drainTimeout());
        }
        var failures = new ArrayList<String>();
        for (var database : before.entrySet()) {
            var on = residents.stream().filter(r -> r.database().equals(database.getKey())).toList();
            var acknowledged = on.stream().flatMap(r -> sessions.get(r.name()).acknowledged().stream()).toList();
            var target = on.get(0).target();
            say("Audit of the database of " + String.join(", ", on.stream().map(ResidentVariant::name).toList()) + ":");
            AuditResult result = new RunAudit(target.dbUrl(), target.dbUser(), target.dbPassword(), out)
                    .check(database.getValue(), acknowledged, drained, List.of(), new ArrayList<>());
            audits.put(database.getKey(), result);
            if (!result.pass()) {
                failures.add(database.getKey() + ": " + String.join("; ", result.findings()));
            }
        }
        return failures.isEmpty() ? "PASS" : "FAIL: " + String.join("; ", failures);
    }

    private final Map<String, AuditResult> audits = new LinkedHashMap<>();
    private List<Method.ProfileDiff> profiles = List.of();

    /** The differential flame graphs of every variant against the control, from the windows' CPU profiles. */
    private void explain(Map<String, LoadSession> sessions) {
        var windows = new LinkedHashMap<String, ProfileDiffs.Windows>();
        sessions.forEach((name, s) -> {
            var w = new ProfileDiffs.Windows(s.folder());
            outcomes.get(name).stream().filter(o -> o.client().repeat() > 0).forEach(w::add); // run 0 is the warm-up
            windows.put(name, w);
        });
        try {
            profiles = ProfileDiffs.write(settings.folder(), definition.controlOrDefault(), windows, load.cpuInterval().toNanos() / 1e6);
            say("Profiles: " + profiles.size() + " differential flame graph(s) in " + settings.folder().resolve("profiles"));
        } catch (IOException | RuntimeException e) {
            say("The differential flame graphs could not be drawn: " + e.getMessage());
        }
    }

    private Comparison comparison(String audit) {
        double minutes = (System.nanoTime() - settings.startedNanos()) / 60e9;
        var method = new Method(Method.INTERLEAVED, String.format(Locale.ROOT, "every variant's server started once and warmed until "
                        + "steady; then blocks of one window per variant and step in a random order (%s settle, %s window), ratios "
                        + "paired per block; stopping at ±%s or after %d min", load.warmUp().toSeconds() + " s",
                load.measure().toSeconds() + " s", StopRule.formatPercent(settings.stop().precision()), settings.stop().maxTime().toMinutes()),
                settings.stop().precision(), blocks, stop, minutes, Calibration.detected(definition, observations), null, audit, profiles);
        var context = new Comparison.Context(settings.command(), settings.started().toString(), Instant.now().toString(),
                Map.of("throughput", "tx/s", "step", load.model() == LoadConfig.Model.CLOSED ? "users" : "tx/s offered"),
                "every server warmed once until steady; a settle of " + load.warmUp().toSeconds() + " s before each window",
                interrupted, List.of(), method);
        Comparison comparison = Comparison.of(definition, context, observations);
        try {
            ComparisonFiles.write(settings.folder(), comparison);
        } catch (IOException e) {
            say("Writing the comparison failed: " + e.getMessage());
        }
        return comparison;
    }

    /** Each variant's run folder: its warm-up and every window it was measured in, its database's audit. */
    private void writeRunFolders(List<ResidentVariant> residents, Map<String, LoadSession> sessions, String audit) throws IOException {
        for (ResidentVariant r : residents) {
            LoadSession s = sessions.get(r.name());
            List<StepOutcome> steps = outcomes.get(r.name());
            AuditResult result = audits.get(r.database());
            Validity validity = load.rules().check(steps.stream().map(StepOutcome::client).toList(), load.mix(), result);
            String profilerNote = s.cpuProfilerNote();
            if (profilerNote != null) {
                s.note(profilerNote);
            }
            s.note("Measured by the interleaved method: run 0 is the warm-up, run N the window of block N; the audit is that "
                    + "of its database at the end of the experiment" + (audit == null ? " (none)" : ": " + audit) + ".");
            RunFolder.write(new RunResult(s.config(), s.target(), s.endpointName(), settings.started(), Instant.now(), s.folder(),
                    s.catalog().customerCount(), s.catalog().centerCount(), steps, s.samples(), result, validity, s.notes(),
                    List.of(), s.cpuProfilerEngine()));
        }
    }

    private void say(String line) {
        out.println(line);
        out.flush();
    }
}

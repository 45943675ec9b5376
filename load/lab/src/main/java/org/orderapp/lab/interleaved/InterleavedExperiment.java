package org.orderapp.lab.interleaved;

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
import org.orderapp.driver.LoadSession;
import org.orderapp.driver.audit.AuditResult;
import org.orderapp.driver.audit.RunAudit;
import org.orderapp.driver.audit.StockSnapshot;
import org.orderapp.driver.report.RunFolder;
import org.orderapp.driver.report.RunResult;
import org.orderapp.driver.report.StepOutcome;
import org.orderapp.driver.rules.Validity;
import org.orderapp.driver.settings.LoadConfig;
import org.orderapp.lab.experiment.Comparison;
import org.orderapp.lab.experiment.ComparisonFiles;
import org.orderapp.lab.experiment.ExperimentDefinition;
import org.orderapp.lab.experiment.Method;
import org.orderapp.lab.experiment.Metric;
import org.orderapp.lab.experiment.Observation;
import org.orderapp.observation.ServerWindow;

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
    public record Settings(StopRule stop, long seed, Path folder, long startedNanos, Instant started, String command,
                           int warmUpUsers, DataReset reset) {
    }

    /**
     * Brings a variant's database back to the state the reference-data load left (orders removed, stock restored), as
     * the method of rounds does before every run: every window then starts from the same data, instead of from all the
     * orders of the windows before it (which made every transaction costlier as the experiment went on: 16 % more
     * allocation per transaction and a third more bytes per browse over 40 minutes, calibration, 2026-11-25).
     */
    @FunctionalInterface
    public interface DataReset {
        void reset(ResidentVariant variant) throws Exception;
    }

    /**
     * Users per server in the warm-up, all servers at once (closed model; at most the first step's). Few, so that the
     * servers' compiler threads get more of the two cores: beside 20 busy request threads each, the compilers of four
     * servers took about a tenth of the machine and none had settled after 15 minutes (calibration, 2026-11-25).
     */
    public static final int DEFAULT_WARM_UP_USERS = 4;

    private final ExperimentDefinition definition;
    private final LoadConfig load;
    private final Settings settings;
    private final PrintStream out;
    private final List<Observation> observations = new ArrayList<>();
    private final Map<String, List<StepOutcome>> outcomes = new LinkedHashMap<>();
    private volatile boolean interrupted;
    /** Blocks that count (after the burn-in), and blocks measured at all. */
    private int blocks;
    private int measured;
    /** Whether a block has been measured with every server's JIT compiler settled: from then on every block counts. */
    private boolean warm;
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
        double first = load.steps().get(0);
        double step = load.model() == LoadConfig.Model.CLOSED && settings.warmUpUsers() > 0 ? Math.min(first, settings.warmUpUsers()) : first;
        say(String.format(Locale.ROOT, "Warm-up: every server at once, %s each, until each is steady (%s) ...", load.stepName(step),
                load.steadyState() == null ? "a fixed " + load.warmUp().toSeconds() + " s" : "throughput within "
                        + Math.round(100 * load.steadyState().tolerance()) + " %, JIT at most "
                        + Math.round(100 * load.steadyState().maxJitShare()) + " % of the server's CPU"));
        ExecutorService pool = Executors.newFixedThreadPool(residents.size());
        try {
            var running = new LinkedHashMap<String, Future<StepOutcome>>();
            for (ResidentVariant r : residents) {
                LoadSession s = sessions.get(r.name());
                running.put(r.name(), pool.submit(() -> s.step("warm-up", 0, 0, step, load.warmUp(), load.measure(),
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
            int block = ++measured;
            List<ResidentVariant> visits = order.next(residents);
            Map<String, List<StepOutcome>> visited = new LinkedHashMap<>();
            Map<String, AuditResult> windowAudits = new LinkedHashMap<>();
            say(String.format(Locale.ROOT, "=== Block %d: %s ===", block, String.join(", ", visits.stream().map(ResidentVariant::name).toList())));
            for (ResidentVariant r : visits) {
                if (previous != null && !previous.awaitQuiet(load.drainTimeout())) {
                    say("Note: the previous variant's replenish queue was still busy when " + r.name() + " began");
                }
                LoadSession s = sessions.get(r.name());
                StockSnapshot before = startWindow(r, s);
                s.resumeSampling();
                var visit = new ArrayList<StepOutcome>();
                try {
                    for (int i = 0; i < load.steps().size(); i++) {
                        visit.add(s.step("block " + block, block, i, load.steps().get(i), load.warmUp(), load.measure(), null));
                    }
                } finally {
                    s.pauseSampling();
                }
                AuditResult windowAudit = endWindow(r, s, before);
                windowAudits.put(r.name(), windowAudit);
                if (windowAudit != null) {
                    lastWindowAudit.put(r.name(), windowAudit);
                }
                outcomes.get(r.name()).addAll(visit);
                visited.put(r.name(), visit);
                previous = s;
                if (interrupted) {
                    break;
                }
            }
            // Blocks count from the first in which no server's JIT compiler took more than the warm-up's share.
            warm = warm || visited.values().stream().flatMap(List::stream).allMatch(this::settled);
            for (var v : visited.entrySet()) {
                observations.add(observation(++sequence, block, v.getKey(), sessions.get(v.getKey()), v.getValue(),
                        windowAudits.get(v.getKey()), !warm));
            }
            if (!warm) {
                say(String.format(Locale.ROOT, "Block %d is burn-in: a server's JIT compiler took more than %s of its CPU (%s)", block,
                        StopRule.formatPercent(maxJitShare()), jitShares(visited)));
            }
            if (!interrupted && warm) {
                blocks++;
                blockNanos = System.nanoTime() - blockStart;
            }
            Comparison progress = comparison(null);
            say(String.format(Locale.ROOT, "Block %d done after %d min (%d counted): widest headline interval ±%s (asked: ±%s)", block,
                    Duration.ofNanos(System.nanoTime() - settings.startedNanos()).toMinutes(), blocks, widest(),
                    StopRule.formatPercent(settings.stop().precision())));
            progress.ratios().stream().filter(r -> headline(r.metric())).forEach(r -> say(String.format(Locale.ROOT,
                    "  %s at %s, %s: %s", r.variant(), r.stepName(), r.metric(), r.verdict())));
        }
    }

    /** A first guess of a block's length before one was measured: every variant's steps, settle and window each. */
    private Duration estimateBlock(int variants) {
        return load.warmUp().plus(load.measure()).plusSeconds(2).multipliedBy((long) variants * load.steps().size());
    }

    /** The largest share of a server's CPU its JIT compiler may take in a window that counts: the warm-up's criterion. */
    private double maxJitShare() {
        return load.steadyState() == null ? 1 : load.steadyState().maxJitShare();
    }

    /** Whether the window's server had its JIT compiler within the share (unknown: yes). */
    private boolean settled(StepOutcome o) {
        Double jit = o.server().get(ServerWindow.SERVER_JIT_SHARE);
        return jit == null || jit <= maxJitShare();
    }

    private static String jitShares(Map<String, List<StepOutcome>> visited) {
        var parts = new ArrayList<String>();
        visited.forEach((name, visit) -> visit.forEach(o -> {
            Double jit = o.server().get(ServerWindow.SERVER_JIT_SHARE);
            parts.add(name + " " + (jit == null ? "?" : String.format(Locale.ROOT, "%.0f %%", 100 * jit)));
        }));
        return String.join(", ", parts);
    }

    /** The data back at its loaded state (when the caller resets it) and the stock before the window, for its audit. */
    private StockSnapshot startWindow(ResidentVariant r, LoadSession s) throws IOException, InterruptedException {
        if (settings.reset() == null || !load.audit()) {
            return null;
        }
        try {
            settings.reset().reset(r);
            s.forgetAcknowledged();
            try (var c = s.connect()) {
                return StockSnapshot.take(c);
            }
        } catch (IOException | InterruptedException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("the data of " + r.name() + " could not be reset before its window: " + e.getMessage(), e);
        }
    }

    /** The window's audit, once the variant's replenish queue has drained: every order acknowledged in it, stored once. */
    private AuditResult endWindow(ResidentVariant r, LoadSession s, StockSnapshot before) throws InterruptedException, IOException {
        if (before == null) {
            return null;
        }
        boolean drained = s.awaitQuiet(load.drainTimeout());
        var quiet = new java.io.PrintStream(java.io.OutputStream.nullOutputStream());
        try {
            AuditResult audit = new RunAudit(r.target().dbUrl(), r.target().dbUser(), r.target().dbPassword(), quiet)
                    .check(before, s.acknowledged(), drained, List.of(), new ArrayList<>());
            if (!audit.pass()) {
                say("Audit of " + r.name() + "'s window: FAIL " + String.join("; ", audit.findings()));
            }
            windowsAudited++;
            windowsFailed += audit.pass() ? 0 : 1;
            return audit;
        } catch (java.sql.SQLException e) {
            throw new IOException("the audit of " + r.name() + "'s window failed to run: " + e.getMessage(), e);
        }
    }

    private final Map<String, AuditResult> lastWindowAudit = new LinkedHashMap<>();
    private int windowsAudited;
    private int windowsFailed;

    private Observation observation(int sequence, int block, String variant, LoadSession s, List<StepOutcome> visit, AuditResult audit,
                                    boolean burnIn) {
        // The window's own rules (response times, mix, errors) and, when the data is reset before every window, its audit.
        var reasons = new ArrayList<String>();
        visit.forEach(o -> reasons.addAll(load.rules().check(o.client(), load.mix()).reasons()));
        if (audit != null && !audit.pass()) {
            reasons.add("the audit failed" + (audit.findings().isEmpty() ? "" : ": " + audit.findings().get(0)));
        }
        Validity validity = Validity.of(reasons);
        String folder = settings.folder().relativize(s.folder()).toString();
        return new Observation(sequence, block, variant, folder, validity.valid(), validity.reasons(),
                visit.stream().map(Observation.StepFigures::of).toList(), burnIn);
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
        if (settings.reset() != null) {
            return windowsFailed == 0 ? "PASS" : "FAIL: " + windowsFailed + " of " + windowsAudited + " windows";
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
                        + "paired per block%s; stopping at ±%s or after %d min", load.warmUp().toSeconds() + " s",
                load.measure().toSeconds() + " s", settings.reset() == null ? "" : "; the data reset before every window, and every "
                        + "window audited", StopRule.formatPercent(settings.stop().precision()), settings.stop().maxTime().toMinutes()),
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
            AuditResult result = audits.containsKey(r.database()) ? audits.get(r.database()) : lastWindowAudit.get(r.name());
            Validity validity = load.rules().check(steps.stream().map(StepOutcome::client).toList(), load.mix(), result);
            String profilerNote = s.cpuProfilerNote();
            if (profilerNote != null) {
                s.note(profilerNote);
            }
            s.note("Measured by the interleaved method: run 0 is the warm-up, run N the window of block N; " + (settings.reset() != null
                    ? "the data was reset before every window and every window audited (" + audit + "); the audit here is the last "
                    + "window's" : "the audit is that of its database at the end of the experiment" + (audit == null ? " (none)" : ": " + audit))
                    + ".");
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

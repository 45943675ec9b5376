package org.orderapp.lab.interleaved;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.orderapp.driver.LoadSession;
import org.orderapp.driver.audit.AuditResult;
import org.orderapp.driver.audit.StockSnapshot;
import org.orderapp.driver.report.StepOutcome;
import org.orderapp.driver.rules.Validity;
import org.orderapp.driver.settings.LoadConfig;
import org.orderapp.lab.experiment.Comparison;
import org.orderapp.lab.experiment.Method;
import org.orderapp.lab.experiment.Metric;
import org.orderapp.lab.experiment.Observation;

/** Measures blocks of one window per variant, in a random order, until the stop rule says enough. */
final class BlockLoop {

    /**
     * How often a server is sampled in full inside a window and its settle, at most (the window's edges always are; a
     * replenish MDB sampled faster than a second, as mdb-sessions asks, still is): one full sample costs the server
     * about 30 ms of CPU (its management reads; measured here at 1 transaction per second: 46 ms of server CPU per
     * second sampled every second, 16 every 10 s), a cost that grows with time, not with transactions. Every second,
     * that is several per cent of a loaded server's CPU, charged more per transaction to a variant that answers fewer
     * of them: a setting that slows the server looks costlier per transaction than it is. Every 5 s leaves a few
     * samples per window for the gauges (pools in use, queue lengths).
     */
    static final Duration WINDOW_SAMPLE_INTERVAL = Duration.ofSeconds(5);
    /**
     * Where any variant's windows are switched, every server is sampled in full at its windows' edges alone, in every
     * round: a sample inside would fall on one part, of the switched server or of a neighbour that paces it, and one
     * sampling for all the windows keeps every variant's figures alike.
     */
    private static final Duration EDGES_ONLY = Duration.ofDays(1);

    private final LoadConfig load;
    private final InterleavedSettings settings;
    /** The quartets of a switched window; its round lasts as many windows. */
    private final int quartets;
    private final PrintStream out;
    private final WindowAudits audits;
    private final Map<String, List<StepOutcome>> outcomes;
    /** The comparison of the observations so far (without an audit), rewritten after every block. */
    private final Supplier<Comparison> progress;
    private final List<Observation> observations = new ArrayList<>();
    private final CompilerSettling compilers;
    /** All at once: the session measured last on each server, by the server's variant, drained before another's window. */
    private final Map<String, LoadSession> lastOnServer = new LinkedHashMap<>();
    /** Each variant's windows so far, by name: the run number of its next. */
    private final Map<String, Integer> windows = new LinkedHashMap<>();
    /** The variant whose server it is, by server: the setting a switched window alternates with its variant's. */
    private final Map<String, ResidentVariant> hosts = new LinkedHashMap<>();
    /** How often a window's servers are sampled: every 5 s, or at the edges alone where any variant is switched. */
    private Duration sampling = WINDOW_SAMPLE_INTERVAL;
    private volatile boolean interrupted;
    /** Blocks that count (after the burn-in), and blocks measured at all. */
    private int blocks;
    private int measured;
    /** Whether a block has been measured with every server's JIT compiler settled: from then on every block counts. */
    private boolean warm;
    private String stop = "running";
    /**
     * The comparison of the blocks so far, as after the last block (null before the first): the stop rule and the
     * console read it, since building it also rewrites the comparison's files.
     */
    private Comparison latest;

    BlockLoop(LoadConfig load, InterleavedSettings settings, int quartets, PrintStream out, WindowAudits audits,
              Map<String, List<StepOutcome>> outcomes, Supplier<Comparison> progress) {
        this.load = load;
        this.settings = settings;
        this.quartets = quartets;
        this.out = out;
        this.audits = audits;
        this.outcomes = outcomes;
        this.progress = progress;
        this.compilers = new CompilerSettling(maxJitShare(), load.measure().toMillis() / 1000.0);
    }

    void interrupt() {
        interrupted = true;
    }

    boolean interrupted() {
        return interrupted;
    }

    /** Blocks that count (after the burn-in). */
    int blocks() {
        return blocks;
    }

    /** Why the blocks stopped ("running" while they go on). */
    String stop() {
        return stop;
    }

    /** Every window measured so far, burn-in included. */
    List<Observation> observations() {
        synchronized (observations) { // read by a Ctrl-C's comparison while a block may add to it
            return List.copyOf(observations);
        }
    }

    /**
     * Measures blocks until the stop rule says enough.
     *
     * @param settled run once, after the first block in which every server's JIT compiler had settled; true when it
     *                changed the servers (their compilers' priority), so that this block, measured before, does not
     *                count and the next one is the first that does
     */
    void measure(List<ResidentVariant> residents, Map<String, LoadSession> sessions, BooleanSupplier settled)
            throws IOException, InterruptedException {
        residents.stream().filter(ResidentVariant::ownServer).forEach(r -> hosts.put(r.server(), r));
        sampling = residents.stream().anyMatch(r -> SwitchedWindow.applies(r, sessions.get(r.name()), load.measure()))
                ? EDGES_ONLY : WINDOW_SAMPLE_INTERVAL;
        var order = new BlockOrder(settings.seed());
        LoadSession previous = null;
        long blockNanos = 0;
        int sequence = 0;
        while (true) {
            Duration elapsed = Duration.ofNanos(System.nanoTime() - settings.startedNanos());
            Duration nextBlock = blockNanos > 0 ? Duration.ofNanos(blockNanos) : estimateBlock(residents, sessions);
            StopRule.Decision decision = interrupted ? StopRule.Decision.TIME_UP
                    : settings.stop().decide(blocks, elapsed, stopWidths(), nextBlock);
            if (decision != StopRule.Decision.GO_ON) {
                stop = interrupted ? "interrupted after " + blocks + " blocks"
                        : decision == StopRule.Decision.PRECISION_REACHED
                        ? String.format(Locale.ROOT, "precision reached: every headline interval within ±%s%s after %d blocks",
                        StopRule.formatPercent(settings.stop().precision()), spins().isEmpty() ? ""
                                : " and every spin's within its goal", blocks)
                        : String.format(Locale.ROOT, "time limit: %d blocks in %d min, the next would pass %d min; the widest headline "
                        + "interval ±%s%s", blocks, elapsed.toMinutes(), settings.stop().maxTime().toMinutes(), widest(),
                        forecast(elapsed, blockNanos));
                say("Stop: " + stop);
                return;
            }
            if (settings.pairing() == Pairing.DUET_ON_OWN_CORES && measured > 0) {
                try {
                    CorePinning.pin(residents, sessions, measured, out); // the cores change hands every block
                } catch (IOException e) { // a process started again: the blocks so far are compared, as at the time limit
                    stop = "stopped after " + blocks + " blocks: " + e.getMessage();
                    say("Stop: " + stop);
                    return;
                }
            }
            long blockStart = System.nanoTime();
            int block = ++measured;
            List<ResidentVariant> visits = order.next(residents);
            var windows = new ArrayList<Measured>();
            var rounds = settings.pairing().together() ? DuetRounds.of(visits) : null;
            say(String.format(Locale.ROOT, "=== Block %d: %s ===", block, rounds == null ? String.join(", ", visits.stream()
                    .map(ResidentVariant::name).toList()) : rounds.size() == 1 ? String.join(", ", visits.stream()
                    .map(ResidentVariant::name).toList()) + ", all at once" : String.join("; then ", rounds.stream().map(round ->
                    String.join(", ", round.stream().map(w -> w.name() + (w.partner() ? " (partner)" : "")).toList())).toList())
                    + ": " + rounds.size() + " rounds, each all at once"));
            if (rounds != null) {
                for (int turn = 0; turn < rounds.size() && !interrupted; turn++) {
                    measureTogether(block, turn, rounds.size(), rounds.get(turn), sessions, windows);
                }
            } else {
                previous = measureInTurn(block, visits, sessions, windows, previous);
            }
            // Blocks count from the first after which no server's JIT compiler took more than the warm-up's share: judged
            // per server, a shared one by the windows of every variant on it.
            windows.forEach(w -> w.outcomes().forEach(o -> compilers.add(w.variant().server(), o.server().serverCpuMillis(),
                    o.server().compilerCpuMillis())));
            var servers = new LinkedHashSet<String>();
            visits.forEach(r -> servers.add(r.server()));
            boolean burnIn = !warm;
            boolean changed = false;
            if (!warm && compilers.settled(servers)) {
                warm = true;
                changed = settled.getAsBoolean();
                burnIn = changed;
            }
            for (var w : windows) {
                var o = observation(++sequence, block, w, sessions.get(w.variant().name()), burnIn);
                synchronized (observations) {
                    observations.add(o);
                }
            }
            if (changed) {
                say(String.format(Locale.ROOT, "Block %d is burn-in: every server's JIT compiler had settled, with its threads at a "
                        + "higher priority; the blocks from the next on count", block));
            } else if (burnIn) {
                say(String.format(Locale.ROOT, "Block %d is burn-in: a server's JIT compiler took more than %s of its CPU over its "
                        + "latest windows holding a core's CPU of one window (%s)", block, StopRule.formatPercent(maxJitShare()),
                        compilers.shares(servers)));
            }
            if (!interrupted && !burnIn) {
                blocks++;
                blockNanos = System.nanoTime() - blockStart;
            }
            Comparison sofar = progress.get();
            latest = sofar;
            Duration sinceStart = Duration.ofNanos(System.nanoTime() - settings.startedNanos());
            say(String.format(Locale.ROOT, "Block %d done after %d min (%d counted): widest headline interval ±%s (asked: ±%s)%s", block,
                    sinceStart.toMinutes(), blocks, widest(), StopRule.formatPercent(settings.stop().precision()),
                    forecast(sinceStart, blockNanos)));
            sofar.ratios().stream().filter(r -> headline(r.metric())).forEach(r -> say(String.format(Locale.ROOT,
                    "  %s at %s, %s: %s", r.variant(), r.stepName(), r.metric(), r.verdict())));
            sofar.method().detected().forEach(d -> say(String.format(Locale.ROOT, "  %s at %s: %s µs found for %.0f%s", d.variant(),
                    d.stepName(), d.detectedMicros() == null ? "–" : String.format(Locale.ROOT, "%.1f", d.detectedMicros()),
                    d.injectedMicros(), d.halfWidthMicros() == null ? " (no interval yet)" : String.format(Locale.ROOT,
                            " ±%.1f (goal ±%.0f)", d.halfWidthMicros(), d.goalMicros()))));
        }
    }

    /** A window measured: the variant, its round within the block, whether a partner window, its steps and audit. */
    private record Measured(ResidentVariant variant, int turn, boolean partner, List<StepOutcome> outcomes, AuditResult audit,
                            List<Observation.Switched> switched, List<String> switchFailures) {
    }

    /**
     * The number of the variant's next window, its run in its folder: the block's, where a variant has one window per
     * block; a server's own variant with partner windows has more.
     */
    private int nextWindow(ResidentVariant r) {
        return windows.merge(r.name(), 1, Integer::sum);
    }

    /** The sessions of every variant on another server than {@code r}'s, measured now or idle. */
    private static List<LoadSession> otherServers(ResidentVariant r, List<ResidentVariant> all, Map<String, LoadSession> sessions) {
        return all.stream().filter(v -> !v.server().equals(r.server())).map(v -> sessions.get(v.name())).toList();
    }

    /**
     * Each variant's window in turn, the others idle and unsampled; a variant's replenish queue drained before the next
     * one's window, a shared server switched to the variant's runtime settings before it. Answers the last session
     * measured.
     */
    private LoadSession measureInTurn(int block, List<ResidentVariant> visits, Map<String, LoadSession> sessions,
                                      List<Measured> windows, LoadSession previous) throws IOException, InterruptedException {
        for (ResidentVariant r : visits) {
            if (previous != null && !previous.awaitQuiet(load.drainTimeout())) {
                say("Note: the previous variant's replenish queue was still busy when " + r.name() + " began");
            }
            LoadSession s = sessions.get(r.name());
            r.switcher().switchTo(); // on a shared server: this variant's runtime settings
            StockSnapshot before = audits.startWindow(r, s);
            quietAfterReset(r, s);
            boolean switched = SwitchedWindow.applies(r, s, load.measure());
            Duration window = window(switched);
            s.resumeSampling(sampling);
            var visit = new ArrayList<StepOutcome>();
            var parts = new ArrayList<Observation.Switched>();
            var failures = new ArrayList<String>();
            int run = nextWindow(r);
            try {
                for (int i = 0; i < load.steps().size(); i++) {
                    // In turn: measured alone, no neighbour to pace it; its database, where no other server uses it.
                    var within = switched ? SwitchedWindow.start(r, hosts.get(r.server()), s, window, quartets, run % 2 == 1,
                            List.of(), otherServers(r, visits, sessions)) : null;
                    try {
                        visit.add(s.step("block " + block, run, i, load.steps().get(i), load.warmUp(), window, null));
                    } catch (IOException | InterruptedException | RuntimeException e) {
                        abort(within == null ? List.of() : List.of(within));
                        throw e;
                    }
                    finish(within, load.steps().get(i), parts, failures);
                }
            } finally {
                s.pauseSampling();
            }
            var audit = audits.endWindow(r, s, before);
            synchronized (outcomes) { // an interrupt copies them from another thread
                outcomes.get(r.name()).addAll(visit);
            }
            windows.add(new Measured(r, 0, false, visit, audit, parts, failures));
            previous = s;
            if (interrupted) {
                break;
            }
        }
        return previous;
    }

    /**
     * One round of a block: every server's window at the same time, step by step (duet benchmarking: a slower spell of
     * the machine falls on every server of the round alike), each server first switched to its window's variant's
     * runtime settings. One driver process loads them all, so each window counts the driver's CPU by its share of the
     * transactions.
     */
    private void measureTogether(int block, int turn, int rounds, List<DuetRounds.Window> round, Map<String, LoadSession> sessions,
                                 List<Measured> windows) throws IOException, InterruptedException {
        var visits = round.stream().map(DuetRounds.Window::variant).toList();
        Map<String, StockSnapshot> before = new LinkedHashMap<>();
        Map<LoadSession, Integer> runs = new IdentityHashMap<>();
        Map<LoadSession, String> labels = new IdentityHashMap<>();
        Map<String, List<StepOutcome>> visited = new LinkedHashMap<>();
        Map<String, List<Observation.Switched>> switched = new LinkedHashMap<>();
        Map<String, List<String>> failures = new LinkedHashMap<>();
        for (var w : round) {
            var r = w.variant();
            LoadSession last = lastOnServer.put(r.server(), sessions.get(r.name()));
            if (last != null && last != sessions.get(r.name()) && !last.awaitQuiet(load.drainTimeout())) {
                say("Note: the replenish queue of the variant measured before on " + r.server() + "'s server was still busy when "
                        + r.name() + " began");
            }
            r.switcher().switchTo();
            before.put(r.name(), audits.startWindow(r, sessions.get(r.name())));
            runs.put(sessions.get(r.name()), nextWindow(r));
            labels.put(sessions.get(r.name()), "block " + block + (rounds > 1 ? ", round " + (turn + 1) : "")
                    + (w.partner() ? " (partner)" : ""));
            visited.put(r.name(), new ArrayList<>());
            if (SwitchedWindow.applies(r, sessions.get(r.name()), load.measure())) {
                switched.put(r.name(), new ArrayList<>());
                failures.put(r.name(), new ArrayList<>());
            }
        }
        for (ResidentVariant r : visits) { // after every reset: no database still busy with one when the windows begin
            quietAfterReset(r, sessions.get(r.name()));
        }
        Duration window = window(!switched.isEmpty()); // every window of a round as long as its switched one
        visits.forEach(r -> sessions.get(r.name()).resumeSampling(sampling));
        try {
            for (int i = 0; i < load.steps().size(); i++) {
                int index = i;
                Map<String, SwitchedWindow> within = new LinkedHashMap<>();
                int phase = 0; // switched windows at once begin with opposite settings: a spell common to them falls on both
                for (String name : switched.keySet()) {
                    var r = visits.stream().filter(v -> v.name().equals(name)).findFirst().orElseThrow();
                    LoadSession s = sessions.get(name);
                    // The other servers of the round, not switched themselves (their switches' CPU is no machine's pace).
                    var neighbours = visits.stream().filter(v -> !v.server().equals(r.server()) && !switched.containsKey(v.name()))
                            .map(v -> sessions.get(v.name())).toList();
                    within.put(name, SwitchedWindow.start(r, hosts.get(r.server()), s, window, quartets, (runs.get(s) + phase++) % 2 == 1,
                            neighbours, otherServers(r, visits, sessions)));
                }
                Map<String, StepOutcome> step;
                try {
                    step = AtOnce.step(visits, sessions, "the window of %s in block " + block, s -> s.step(labels.get(s),
                            runs.get(s), index, load.steps().get(index), load.warmUp(), window, null));
                } catch (IOException | InterruptedException | RuntimeException e) {
                    abort(within.values());
                    throw e;
                }
                for (var e : within.entrySet()) {
                    finish(e.getValue(), load.steps().get(index), switched.get(e.getKey()), failures.get(e.getKey()));
                }
                double all = step.values().stream().mapToDouble(o -> o.client().successes()).sum();
                step.forEach((name, o) -> visited.get(name).add(all > 0 && o.client().successes() > 0
                        ? o.withServer(o.server().sharingTheDriver(o.client().successes() / all)) : o));
            }
        } finally {
            visits.forEach(r -> sessions.get(r.name()).pauseSampling());
        }
        for (var w : round) {
            var r = w.variant();
            var audit = audits.endWindow(r, sessions.get(r.name()), before.get(r.name()));
            synchronized (outcomes) {
                outcomes.get(r.name()).addAll(visited.get(r.name()));
            }
            windows.add(new Measured(r, turn, w.partner(), visited.get(r.name()), audit, switched.getOrDefault(r.name(), List.of()),
                    failures.getOrDefault(r.name(), List.of())));
        }
    }

    /**
     * A switched window's parts, once its step has ended, added to the window's. A window that was switched without
     * all its parts being read is not valid: its figures are of both settings in unknown shares, neither the
     * variant's nor a quartet.
     */
    private void finish(SwitchedWindow within, double step, List<Observation.Switched> into, List<String> failures)
            throws InterruptedException {
        if (within == null) {
            return;
        }
        var parts = within.finish(step);
        if (parts.isEmpty()) {
            failures.add("its switched window failed: " + within.failure());
            say("Note: the switched window of " + within.variant().name() + " failed, so the window is not valid: " + within.failure());
        } else {
            say(within.describe(parts));
        }
        into.addAll(parts);
    }

    /** The switched windows of a step that failed, stopped. */
    private static void abort(java.util.Collection<SwitchedWindow> within) throws InterruptedException {
        for (var w : within) {
            w.abort();
        }
    }

    /** After a reset, the database's own work on it (flushing the pages it wrote, purging old row versions) done or bounded. */
    private void quietAfterReset(ResidentVariant r, LoadSession s) throws InterruptedException {
        if (settings.reset() == null) {
            return;
        }
        var wait = QuietDatabase.await(s.cpu());
        if (!wait.quiet()) {
            say(String.format(Locale.ROOT, "Note: the database of %s was still busy %.0f s after its reset (%s)", r.name(),
                    wait.seconds(), wait.lastRate()));
        }
    }

    /**
     * A window's length: the load's, or for a switched window (and the windows measured beside it) as many of those as
     * it holds quartets, so that the round's reset, settle and audit are paid once for all of them.
     */
    private Duration window(boolean switched) {
        return switched ? load.measure().multipliedBy(quartets) : load.measure();
    }

    /**
     * A first guess of a block's length before one was measured: its windows' steps one after another, settle and window
     * each, a round with a switched window as many windows longer as it holds quartets.
     */
    private Duration estimateBlock(List<ResidentVariant> residents, Map<String, LoadSession> sessions) {
        java.util.function.Predicate<ResidentVariant> switched = r -> SwitchedWindow.applies(r, sessions.get(r.name()), load.measure());
        long rounds = settings.pairing().together() ? DuetRounds.of(residents).size() : residents.size();
        long longer = settings.pairing().together()
                ? DuetRounds.of(residents).stream().filter(round -> round.stream().anyMatch(w -> switched.test(w.variant()))).count()
                : residents.stream().filter(switched).count();
        return load.warmUp().plus(load.measure()).plusSeconds(2).multipliedBy(rounds * load.steps().size())
                .plus(load.measure().multipliedBy(longer * (quartets - 1) * load.steps().size()));
    }

    /** The largest share of a server's CPU its JIT compiler may take in a window that counts: the warm-up's criterion. */
    private double maxJitShare() {
        return load.steadyState() == null ? 1 : load.steadyState().maxJitShare();
    }

    private Observation observation(int sequence, int block, Measured w, LoadSession s, boolean burnIn) {
        // The window's own rules (response times, mix, errors) and, when the data is reset before every window, its audit.
        var reasons = new ArrayList<String>();
        w.outcomes().forEach(o -> reasons.addAll(load.rules().check(o.client(), load.mix()).reasons()));
        reasons.addAll(w.switchFailures());
        if (w.audit() != null && !w.audit().pass()) {
            reasons.add("the audit failed" + (w.audit().findings().isEmpty() ? "" : ": " + w.audit().findings().get(0)));
        }
        Validity validity = Validity.of(reasons);
        String folder = settings.folder().relativize(s.folder()).toString();
        return new Observation(sequence, block, w.variant().name(), folder, validity.valid(), validity.reasons(),
                w.outcomes().stream().map(Observation.StepFigures::of).toList(), burnIn, w.turn(), w.partner(), w.switched());
    }

    private static boolean headline(String metric) {
        return metric.equals(Metric.THROUGHPUT.key()) || metric.equals(Metric.CPU.key());
    }

    /** The relative half-widths of the headline ratios (throughput, CPU per transaction) of the comparison so far. */
    private List<Double> headlineHalfWidths() {
        if (latest == null) {
            return List.of();
        }
        return latest.ratios().stream().filter(r -> headline(r.metric())).map(Comparison.Ratio::stopHalfWidth).toList();
    }

    /** The calibration's spins found so far (none in other experiments). */
    private List<Method.Detected> spins() {
        return latest == null ? List.of() : latest.method().detected();
    }

    /**
     * What the stop rule waits for: the headline ratios' half-widths and, in a calibration, each spin's interval against
     * its goal, or against the precision asked where that is looser (90 % of a 2-ms spin), in the precision's terms (a
     * spin's half-width at its tolerance counts as the precision itself).
     */
    private List<Double> stopWidths() {
        double precision = settings.stop().precision();
        var widths = new ArrayList<>(headlineHalfWidths());
        spins().forEach(d -> widths.add(d.halfWidthMicros() == null ? null
                : precision * d.halfWidthMicros() / Math.max(d.goalMicros(), precision * Math.abs(d.injectedMicros()))));
        return widths;
    }

    /**
     * "; at the spread so far every interval would be within its target after about N counted blocks, about M min from
     * the start": what the stop rule waits for (the headline ratios and the spins), forecast by {@link StopRule#blocksFor}
     * from the counted blocks and as long as the last counted block took; empty before the rule's minimum of blocks,
     * while an interval is missing, or once every one is within its target. The minutes are rounded up, so that a
     * {@code --max-time} of them leaves room for the last block. An approximation where intervals count other than
     * blocks: on own cores the ratios' count crossover groups.
     */
    private String forecast(Duration elapsed, long blockNanos) {
        var widths = stopWidths();
        if (blocks < settings.stop().minBlocks() || blockNanos <= 0 || widths.isEmpty() || widths.contains(null)) {
            return "";
        }
        double widest = widths.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        if (widest <= settings.stop().precision()) {
            return "";
        }
        Integer needed = settings.stop().blocksFor(blocks, widest);
        if (needed == null) {
            return String.format(Locale.ROOT, "; at the spread so far not within %d counted blocks", StopRule.LONGEST_FORECAST);
        }
        long minutes = (long) Math.ceil(elapsed.plusNanos(blockNanos * (needed - blocks)).toSeconds() / 60.0);
        return String.format(Locale.ROOT, "; at the spread so far every interval would be within its target after about %d counted "
                + "blocks, about %d min from the start", needed, minutes);
    }

    private String widest() {
        var widths = headlineHalfWidths();
        if (widths.isEmpty() || widths.stream().anyMatch(w -> w == null)) {
            return "unknown (no interval yet: it needs six counted blocks, on own cores six complete crossover groups)";
        }
        String blocksWidest = StopRule.formatPercent(widths.stream().mapToDouble(Double::doubleValue).max().orElse(0));
        var overServers = latest.ratios().stream().filter(r -> headline(r.metric()) && r.servers() != null).toList();
        if (overServers.isEmpty()) {
            return blocksWidest;
        }
        // Several servers a side: the blocks narrow each pair of servers' interval; the ratio's stops at their spread.
        return blocksWidest + " (each pair of servers over its blocks; the ratios over the servers ±" + StopRule.formatPercent(
                overServers.stream().mapToDouble(r -> r.halfWidth() == null ? Double.NaN : r.halfWidth()).max().orElse(0)) + ")";
    }

    private void say(String line) {
        out.println(line);
        out.flush();
    }
}

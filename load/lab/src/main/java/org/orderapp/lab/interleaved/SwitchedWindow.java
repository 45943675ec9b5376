package org.orderapp.lab.interleaved;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.locks.LockSupport;
import org.orderapp.driver.LoadSession;
import org.orderapp.driver.engine.Phase;
import org.orderapp.driver.engine.StepRecorder;
import org.orderapp.lab.experiment.Observation;
import org.orderapp.observation.ServerWindow;
import org.orderapp.observation.cpu.CpuClock;
import org.orderapp.observation.cpu.ServerCpuPart;
import org.orderapp.observation.cpu.ServerCpuParts;

/**
 * A runtime variant's window switched within itself: its server alternates between the variant's setting and its
 * host's in quartets of four parts (variant, host, host, variant, or the reverse in every other window, so that a drift
 * that is linear within a quartet falls on both settings alike), and the server's CPU and the transactions answered are
 * read at the start and the end of every part. The difference between the two settings is then taken within one server
 * seconds apart, not between windows a minute apart. A window of several quartets repeats the first (variant, host,
 * host, variant, variant, host, ...: the setting at a quartet's end is the next one's first, one switch fewer each).
 *
 * <p>A part begins once its switch has been answered and ends before the next switch is asked: a switch is an
 * authenticated request (the administrator's password checked against its bcrypt hash), which costs the server tens to
 * hundreds of milliseconds of CPU and took up to 2.3 s to be answered on a busy machine here; inside a
 * part, it fell on one setting and held the other's for part of it (the first switched calibration found half the
 * 200-µs spin). The parts share what is left of the window, a second after it opens (its edge sample's management
 * reads, about 30 ms of the server's CPU, done) to a quarter of a second before it closes; the window is sampled in
 * full only at its edges.
 *
 * <p>The machine's pace moves a server's CPU per transaction by up to half within one window here. The server's own
 * database (a process of this machine that serves no other server) is read at the same instants: it does the same
 * transactions' other half, so its CPU per transaction in each part lets the lab take the pace out (the calibration's
 * paced figure). Where other servers are measured at the same time (a duet), their processes' CPU and transactions are
 * read too: a second pace, alone or added to the database's, taken where it explains the machine clearly better
 * (Calibration.chosenPace; which one does changes from day to day here).
 */
final class SwitchedWindow {

    /** After the window opens: its edge sample's management reads are done well within it. */
    static final Duration AFTER_OPENING = Duration.ofSeconds(1);
    /** Before the window closes: the last reading is taken while the load still runs at full. */
    static final Duration BEFORE_CLOSING = Duration.ofMillis(250);
    /**
     * The parts a window must leave room for before the switches' time, to be switched at all: shorter parts count
     * too few transactions, and too few of the CPU clock's 10-ms ticks, to be worth it. Slow switches may shorten them
     * to half of this; a window whose switches leave less has no parts, and is not valid.
     */
    static final Duration SHORTEST_PART = Duration.ofSeconds(2);

    private final ResidentVariant variant;
    private final ResidentVariant host;
    private final LoadSession session;
    private final long pid;
    private final Duration measure;
    private final int quartets;
    private final boolean variantFirst;
    /**
     * The other servers' sessions measured at the same time (a duet's), whose CPU gives the machine's pace where the
     * server's own database cannot.
     */
    private final List<LoadSession> neighbours;
    /** Every other server's session, measured or idle: a database that serves one of them is not this server's own. */
    private final List<LoadSession> otherServers;
    private final List<Observation.Switched> parts = new ArrayList<>();
    /** How long each switch took to be answered, in seconds. */
    private final List<Double> switches = new ArrayList<>();
    private volatile String failure;
    private Thread thread;

    private SwitchedWindow(ResidentVariant variant, ResidentVariant host, LoadSession session, long pid, Duration measure,
                           int quartets, boolean variantFirst, List<LoadSession> neighbours, List<LoadSession> otherServers) {
        this.neighbours = List.copyOf(neighbours);
        this.otherServers = List.copyOf(otherServers);
        this.variant = variant;
        this.host = host;
        this.session = session;
        this.pid = pid;
        this.measure = measure;
        this.quartets = quartets;
        this.variantFirst = variantFirst;
    }

    /**
     * Whether a variant's windows are switched: it is measured on another variant's server (switched at runtime), the
     * server is a process of this machine, and the window (the load's) is long enough for a quartet's four parts.
     */
    static boolean applies(ResidentVariant r, LoadSession s, Duration measure) {
        return !r.ownServer() && s.cpu().serverPid().isPresent() && partLength(measure).compareTo(SHORTEST_PART) >= 0;
    }

    /** The shortest window that is switched. */
    static Duration shortestWindow() {
        return SHORTEST_PART.multipliedBy(4).plus(AFTER_OPENING).plus(BEFORE_CLOSING);
    }

    private static Duration partLength(Duration measure) {
        return measure.minus(AFTER_OPENING).minus(BEFORE_CLOSING).dividedBy(4);
    }

    /**
     * Each part's setting, true for the variant's: quartets of variant, host, host, variant (or the reverse), one after
     * another, so that each quartet cancels a drift linear within it and the next begins at the setting the last ended.
     */
    static boolean[] order(int quartets, boolean variantFirst) {
        boolean[] order = new boolean[4 * quartets];
        for (int i = 0; i < order.length; i++) {
            order[i] = (i % 4 == 0 || i % 4 == 3) == variantFirst;
        }
        return order;
    }

    /**
     * Starts switching for the step that the session begins next, on a thread of its own; {@link #finish} after the step.
     *
     * @param measure      the window's length: the load's window for each quartet
     * @param quartets     the quartets of four parts it holds
     * @param variantFirst whether the first part has the variant's setting (alternate it from window to window)
     * @param neighbours   the sessions of the other servers measured at the same time, read at the same instants: the
     *                     machine's pace within the window where the server's own database cannot give it (none where
     *                     the window is measured alone)
     * @param otherServers the sessions of every other server of the experiment, measured or idle: the server's database
     *                     is read as its pace only where it serves none of them
     */
    static SwitchedWindow start(ResidentVariant variant, ResidentVariant host, LoadSession session, Duration measure,
                                int quartets, boolean variantFirst, List<LoadSession> neighbours, List<LoadSession> otherServers) {
        var w = new SwitchedWindow(variant, host, session, session.cpu().serverPid().orElseThrow(), measure, quartets,
                variantFirst, neighbours, otherServers);
        StepRecorder before = session.currentStep();
        w.thread = new Thread(() -> w.run(before), "switched window of " + variant.name());
        w.thread.setDaemon(true);
        w.thread.start();
        return w;
    }

    /**
     * The window's parts, four a quartet, once its step has ended; empty when they could not all be read (the reason is then in
     * {@link #failure}). The parts end before the window does, so the thread has ended, or ends as soon as a switch it
     * is waiting for is answered: it is not interrupted, so that no switch is left in flight to land after the one
     * that sets the server back to the variant's setting.
     */
    List<Observation.Switched> finish(double step) throws InterruptedException {
        thread.join();
        try {
            variant.switcher().switchTo();
        } catch (IOException e) {
            failure = failure != null ? failure : "switching the server back to " + variant.name() + "'s setting failed: "
                    + e.getMessage();
        }
        if (failure != null || parts.size() != 4 * quartets) {
            failure = failure != null ? failure : "only " + parts.size() + " of its " + 4 * quartets + " parts were read";
            return List.of();
        }
        return parts.stream().map(p -> p.atStep(step)).toList();
    }

    /** Ends the switching after the window's step failed: the thread stopped, the server left as it is. */
    void abort() throws InterruptedException {
        thread.interrupt();
        thread.join();
    }

    /**
     * A switched window's parts on one line: each part's setting and server CPU per transaction, where the collector
     * and the JIT compiler, whose bursts fall on one part or another, took their share, its database's CPU per
     * transaction, and the other servers' CPU per
     * transaction in the part (the machine's pace) and their compilers' share, where they were read.
     */
    String describe(List<Observation.Switched> parts) {
        var r = variant;
        var b = new StringBuilder("[" + r.name() + "] switched window, server CPU per transaction by part:");
        for (var p : parts) {
            b.append(String.format(Locale.ROOT, " %s %.3f ms (%d tx, gc %.0f ms, jit %.0f ms, its database %.3f ms%s);",
                    p.variant() ? r.name() : r.server(),
                    p.transactions() == 0 ? Double.NaN : p.serverCpuMs() / p.transactions(), p.transactions(),
                    p.partsMs().getOrDefault("gc", Double.NaN), p.partsMs().getOrDefault("jit", Double.NaN),
                    p.databaseCpuMs() == null || p.transactions() == 0 ? Double.NaN : p.databaseCpuMs() / p.transactions(),
                    p.neighboursCpuMs() == null ? "" : String.format(Locale.ROOT, "; beside it %.3f ms, jit %.0f ms",
                            p.neighboursTransactions() == 0 ? Double.NaN : p.neighboursCpuMs() / p.neighboursTransactions(),
                            p.neighboursJitMs() == null ? Double.NaN : p.neighboursJitMs())));
        }
        return b.substring(0, b.length() - 1) + "; switches answered in " + String.join(", ", switches.stream()
                .map(t -> String.format(Locale.ROOT, "%.2f", t)).toList()) + " s";
    }

    ResidentVariant variant() {
        return variant;
    }

    /** Why the window has no parts, or null. */
    String failure() {
        return failure;
    }

    /**
     * neighboursCpuMs: null where a neighbour could not be read with its load running; neighboursJitMs and
     * neighboursGcMs: their compiler and collector threads' part of it, null where a neighbour's threads could not be
     * read; databaseCpuMs and neighboursDatabaseCpuMs: the server's own database's CPU (null where it is not a process of
     * this machine or serves another server too, {@link #ownDatabase}) and the neighbours' databases' (null where one is
     * not a process of this machine); neighbourSteps and
     * neighbourPhases: the step each neighbour was in, and its phase (a part is paced only if every neighbour was in the
     * same step and phase at both its ends: a window opening between them would put its opening sample on the part).
     */
    private record Reading(long nanos, double cpuMs, double ticksMs, long answered, Map<String, Double> partsMs,
                           Double neighboursCpuMs, double neighboursTicksMs, long neighboursAnswered, Double neighboursJitMs,
                           Double neighboursGcMs, Double databaseCpuMs, Double neighboursDatabaseCpuMs,
                           List<StepRecorder> neighbourSteps, List<Phase> neighbourPhases) {
    }

    /**
     * How far a part's CPU summed from the threads' clocks may exceed the process's own figure in ticks (each end
     * truncated to 10 ms in user and in system time) before the ticks are taken instead: a thread counted twice, which
     * the threads' sum guards against, would show as a spike of seconds in one part.
     */
    static final double TICKS_SLACK_MS = 25;

    /** A part's CPU from the threads' clocks, or from the process's ticks where the sum exceeds them by more than they can be off. */
    static double checked(double threadsMs, double ticksMs) {
        return Double.isNaN(ticksMs) || threadsMs <= ticksMs + TICKS_SLACK_MS ? threadsMs : ticksMs;
    }

    private void run(StepRecorder before) {
        try {
            StepRecorder step = awaitWindow(before);
            if (step == null) {
                failure = "its step ended before the thread that switches the server saw its window open";
                return;
            }
            long closing = System.nanoTime() + measure.minus(BEFORE_CLOSING).toNanos();
            sleepUntil(System.nanoTime() + AFTER_OPENING.toNanos());
            var serverParts = new ServerCpuParts(pid);
            // The databases' threads are summed as the servers' are (their thread names claim no part of a server's).
            var database = ownDatabase(session.cpu().databasePid(), otherServers.stream().map(o -> o.cpu().databasePid()).toList())
                    .map(ServerCpuParts::new).orElse(null);
            var neighbourParts = new ArrayList<ServerCpuParts>(); // by neighbour; null where its server is not a process here
            var neighbourDatabases = new ArrayList<ServerCpuParts>(); // likewise, their databases
            for (var n : neighbours) {
                neighbourParts.add(n.cpu().serverPid().map(ServerCpuParts::new).orElse(null));
                neighbourDatabases.add(n.cpu().databasePid().map(ServerCpuParts::new).orElse(null));
            }
            var readers = new Readers(serverParts, database, neighbourParts, neighbourDatabases);
            boolean[] order = order(quartets, variantFirst);
            long longestSwitch = 0;
            for (int i = 0; i < order.length; i++) {
                // Every part begins after a switch has been answered (before the first, to the setting it is at already
                // or to the host's) and ends before the next begins: a switch is an authenticated request whose own CPU
                // (the password's hash) and time would otherwise fall on one part, and whose setting holds only once
                // it is answered.
                if (i == 0 || order[i] != order[i - 1]) {
                    long asked = System.nanoTime();
                    (order[i] ? variant : host).switcher().switchTo();
                    long took = System.nanoTime() - asked;
                    switches.add(took / 1e9);
                    longestSwitch = Math.max(longestSwitch, took);
                }
                Reading first = read(step, readers);
                int switchesLeft = 0;
                for (int j = i + 1; j < order.length; j++) {
                    switchesLeft += order[j] != order[j - 1] ? 1 : 0;
                }
                long length = (closing - first.nanos() - switchesLeft * longestSwitch) / (order.length - i);
                if (length < SHORTEST_PART.toNanos() / 2) {
                    failure = String.format(Locale.ROOT, "the switches took too long (up to %.1f s) for %d parts to fit in the "
                            + "window", longestSwitch / 1e9, order.length);
                    return;
                }
                sleepUntil(first.nanos() + length);
                if (step.phase() != Phase.MEASURE) {
                    failure = "the window closed before its last part ended";
                    return;
                }
                Reading last = read(step, readers);
                double cpuMs = checked(last.cpuMs() - first.cpuMs(), last.ticksMs() - first.ticksMs());
                var partsMs = new LinkedHashMap<String, Double>();
                for (var e : last.partsMs().entrySet()) {
                    Double was = first.partsMs().get(e.getKey());
                    if (was != null) {
                        partsMs.put(e.getKey(), e.getValue() - was);
                    }
                }
                if (ServerCpuPart.THREADS.stream().allMatch(t -> partsMs.containsKey(t.key()))) { // what no thread part claims
                    double claimed = ServerCpuPart.THREADS.stream().mapToDouble(t -> partsMs.get(t.key())).sum();
                    partsMs.put(ServerWindow.REST, Math.max(0, cpuMs - claimed));
                }
                boolean paced = first.neighboursCpuMs() != null && last.neighboursCpuMs() != null
                        && first.neighbourSteps().equals(last.neighbourSteps())
                        && first.neighbourPhases().equals(last.neighbourPhases());
                parts.add(new Observation.Switched(0, order[i], (last.nanos() - first.nanos()) / 1e9, cpuMs,
                        last.answered() - first.answered(), partsMs, paced ? checked(last.neighboursCpuMs() - first.neighboursCpuMs(),
                        last.neighboursTicksMs() - first.neighboursTicksMs()) : null,
                        paced ? last.neighboursAnswered() - first.neighboursAnswered() : 0,
                        paced && first.neighboursJitMs() != null && last.neighboursJitMs() != null
                                ? last.neighboursJitMs() - first.neighboursJitMs() : null,
                        paced && first.neighboursGcMs() != null && last.neighboursGcMs() != null
                                ? last.neighboursGcMs() - first.neighboursGcMs() : null,
                        difference(first.databaseCpuMs(), last.databaseCpuMs()),
                        paced ? difference(first.neighboursDatabaseCpuMs(), last.neighboursDatabaseCpuMs()) : null));
            }
        } catch (InterruptedException e) {
            failure = failure == null ? "the step ended before the window's parts did" : failure;
        } catch (IOException | RuntimeException e) {
            failure = "switching the server failed: " + e.getMessage();
        }
    }

    /** The step begun after {@code before}, once its window is open; null if it ended first. */
    private StepRecorder awaitWindow(StepRecorder before) throws InterruptedException {
        while (true) {
            StepRecorder now = session.currentStep();
            if (now != null && now != before && now.phase() == Phase.MEASURE) {
                return now;
            }
            if (now != null && now != before && now.phase() == Phase.DONE) {
                return null;
            }
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            Thread.sleep(2);
        }
    }

    /** What a window reads its CPU from: its server's threads and its database's, and its neighbours' (null: not here). */
    private record Readers(ServerCpuParts server, ServerCpuParts database, List<ServerCpuParts> neighbours,
                           List<ServerCpuParts> neighbourDatabases) {
    }

    /**
     * The server's database process where it is the server's own: a process of this machine (its pid known) that no
     * other server's session uses (in turn, the variants may share one database, and the idle servers' own work, their
     * timers and a replenish queue still draining, would fall on it); empty otherwise.
     */
    static Optional<Long> ownDatabase(Optional<Long> database, List<Optional<Long>> otherServers) {
        return database.filter(db -> !otherServers.contains(Optional.of(db)));
    }

    /** A cumulative figure's growth between two readings; null where either is unknown. */
    private static Double difference(Double first, Double last) {
        return first == null || last == null ? null : last - first;
    }

    /** A process's CPU so far as the sum of its threads' clocks; null where it is not a process here or is gone. */
    private static Double threadsMillis(ServerCpuParts process) {
        return process == null || process.sample().isEmpty() ? null : process.allThreadsMillis();
    }

    private Reading read(StepRecorder step, Readers readers) throws IOException {
        var serverParts = readers.server();
        var neighbourParts = readers.neighbours();
        long nanos = System.nanoTime();
        // The process's CPU as the sum of its threads' clocks, read with its parts: the process's own figure, in 10-ms
        // ticks, can be off by 20 ms over a part, half of what a 50-µs spin adds to its transactions (its ticks are read
        // too, as a check on the sum). The compilers' bursts are taken out over the same span as the CPU they fall in.
        var partsMs = new LinkedHashMap<String, Double>();
        var sampled = serverParts.sample();
        sampled.ifPresent(p -> p.forEach((part, ms) -> partsMs.put(part.key(), ms)));
        OptionalDouble cpu = sampled.isPresent() ? OptionalDouble.of(serverParts.allThreadsMillis()) : OptionalDouble.empty();
        double ticks = CpuClock.processMillis(pid).orElse(Double.NaN);
        long answered = step.answered();
        Double database = threadsMillis(readers.database());
        Double neighboursDatabase = neighbours.isEmpty() ? null : 0.0;
        Double neighboursCpu = neighbours.isEmpty() ? null : 0.0;
        double neighboursTicks = 0;
        Double neighboursJit = neighboursCpu;
        Double neighboursGc = neighboursCpu;
        long neighboursAnswered = 0;
        var neighbourSteps = new ArrayList<StepRecorder>();
        var neighbourPhases = new ArrayList<Phase>();
        for (int i = 0; i < neighbours.size() && neighboursCpu != null; i++) {
            // Its load running (settling or measuring: a window's hooks may open it a little apart from this one's).
            StepRecorder theirs = neighbours.get(i).currentStep();
            // Its threads' clocks as the server's are read, with its compiler's threads: their bursts move its CPU per
            // transaction as much as the machine's pace does.
            var theirParts = neighbourParts.get(i) == null ? Optional.<Map<ServerCpuPart, Double>>empty()
                    : neighbourParts.get(i).sample();
            OptionalDouble theirCpu = theirParts.isPresent() ? OptionalDouble.of(neighbourParts.get(i).allThreadsMillis())
                    : OptionalDouble.empty();
            neighbourSteps.add(theirs);
            neighbourPhases.add(theirs == null ? null : theirs.phase());
            if (theirs == null || neighbourPhases.get(i) == Phase.DONE || theirCpu.isEmpty()) {
                neighboursCpu = null; // no load on it at this instant: this part is not paced by the other servers
            } else {
                neighboursCpu += theirCpu.getAsDouble();
                neighboursTicks += CpuClock.processMillis(neighbours.get(i).cpu().serverPid().orElseThrow()).orElse(Double.NaN);
                neighboursAnswered += theirs.answered();
                neighboursJit = neighboursJit == null ? null : neighboursJit + theirParts.get().get(ServerCpuPart.JIT);
                neighboursGc = neighboursGc == null ? null : neighboursGc + theirParts.get().get(ServerCpuPart.GC);
                Double theirDatabase = threadsMillis(readers.neighbourDatabases().get(i));
                neighboursDatabase = neighboursDatabase == null || theirDatabase == null ? null : neighboursDatabase + theirDatabase;
            }
        }
        if (neighboursCpu == null) {
            neighboursJit = null;
            neighboursGc = null;
            neighboursDatabase = null;
        }
        if (cpu.isEmpty()) {
            throw new IOException("the server's process " + pid + " is gone");
        }
        return new Reading(nanos, cpu.getAsDouble(), ticks, answered, partsMs, neighboursCpu, neighboursTicks, neighboursAnswered,
                neighboursJit, neighboursGc, database, neighboursDatabase, neighbourSteps, neighbourPhases);
    }

    private static void sleepUntil(long deadline) throws InterruptedException {
        long left;
        while ((left = deadline - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
    }
}

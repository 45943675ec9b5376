package org.orderapp.driver;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.orderapp.driver.EndpointProbe;
import org.orderapp.driver.engine.ClosedLoad;
import org.orderapp.driver.engine.LoadShape;
import org.orderapp.driver.engine.OpenLoad;
import org.orderapp.driver.engine.SteadyState;
import org.orderapp.driver.engine.StepController;
import org.orderapp.driver.engine.StepRecorder;
import org.orderapp.driver.engine.StepResult;
import org.orderapp.driver.engine.UserFactory;
import org.orderapp.driver.http.ReturningUsers;
import org.orderapp.driver.report.ResultFiles;
import org.orderapp.driver.report.RunFolder;
import org.orderapp.driver.report.StepOutcome;
import org.orderapp.driver.rules.Durability;
import org.orderapp.driver.settings.LoadConfig;
import org.orderapp.driver.workload.AcknowledgedOrder;
import org.orderapp.driver.workload.Catalog;
import org.orderapp.driver.workload.Deck;
import org.orderapp.driver.workload.Endpoint;
import org.orderapp.driver.workload.OrderKeys;
import org.orderapp.driver.workload.RequestType;
import org.orderapp.driver.workload.UserSession;
import org.orderapp.observation.CpuMeter;
import org.orderapp.observation.FirstMinutes;
import org.orderapp.observation.ServerReadings;
import org.orderapp.observation.ServerSample;
import org.orderapp.observation.ServerWindow;
import org.orderapp.observation.database.DatabaseCounters;
import org.orderapp.observation.database.LockContention;
import org.orderapp.observation.profile.CpuLayers;
import org.orderapp.target.Target;

/**
 * The driver's hold on one running application, for as many steps as its caller runs: the run folder, the catalog
 * of customers and products, the endpoints, and the server observed alongside (management readings, database
 * counters, CPU by role, lock recordings and CPU profiles per window). Every acknowledged order is kept for the audit.
 * A load run (LoadDriver) runs its steps on one; an experiment that interleaves its variants keeps one per variant
 * and samples only the one it measures.
 */
public final class LoadSession implements AutoCloseable {

    /** The tables a data reset empties (the order transactions'). */
    private static final List<String> RESET_TABLES = List.of("orders", "order_line", "replenishment");

    private final LoadConfig config;
    private final Target target;
    private final PrintStream out;
    private final long runStartNanos;
    private final Path folder;
    private final List<String> notes = new ArrayList<>();
    /** Whether a step has run: only the first has a fresh server's first minutes. */
    private boolean loaded;
    private final Connection db;
    private final DatabaseCounters counters;
    private final Catalog catalog;
    private final Endpoint endpoint;
    private final ServerInstruments instruments;
    private final StepController controller;
    private final UserSession.Settings settings;
    private final ConcurrentLinkedQueue<AcknowledgedOrder> ledger = new ConcurrentLinkedQueue<>();
    private final OrderKeys keys = new OrderKeys();
    /** The users come back from step to step and window to window with their cookies: the same HTTP session each. */
    private final ReturningUsers returning = new ReturningUsers();
    private Durability durability;
    /** Whether every later window's settle ends by taking the emptied tables' optimizer statistics afresh. */
    private boolean freshStatistics;
    /** Said once: why the statistics could not be taken afresh. */
    private boolean statisticsFailureSaid;

    private LoadSession(LoadConfig config, Target target, PrintStream out) throws IOException, SQLException {
        this.config = config;
        this.target = target;
        this.out = out;
        this.runStartNanos = System.nanoTime();
        this.folder = RunFolderCreation.create(config);
        RunFolder.writeConfig(folder, config, target);
        say("Run folder: " + folder);
        this.db = connect();
        try {
            this.counters = new DatabaseCounters(this::connect);
            this.catalog = Catalog.load(db, config.customers().min(), config.customers().max(), (int) config.lines().max());
            catalog.check(config.hotProducts());
            if (config.hotProducts() != null) {
                say(String.format(Locale.ROOT, "Hot products: the first %d products of every center; each order line names one with "
                        + "probability %.0f %%", config.hotProducts().products(), 100 * config.hotProducts().share()));
            }
            say("Catalog: " + catalog.customerCount() + " customers at " + catalog.centerCount()
                    + " distribution centers (smallest assortment " + catalog.smallestAssortment() + " products)");
            this.endpoint = EndpointProbe.resolve(config.endpoints(), target, catalog);
            say("Endpoints: " + (endpoint == Endpoint.FORM ? "form (/NewOrder, /OrderInquiry)" : "JSON API (/api/orders, /api/customers/{id}/orders)")
                    + (config.endpoints() == LoadConfig.Endpoints.AUTO ? ", detected" : ""));
            this.instruments = new ServerInstruments(config, target, folder, runStartNanos, counters, notes);
            recordWhatTheServerSays();
            this.controller = new StepController(config.sampleInterval(), runStartNanos, out);
            this.settings = new UserSession.Settings(target.application(), endpoint, config.mix(), config.lines(),
                    config.quantity(), config.browsePages(), config.hotProducts());
        } catch (IOException | SQLException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * config.json names the JVM the server runs on and its durability, as the server answers (the report puts a run
     * allowed an unsafe database first among its notes); the console says it too.
     */
    private void recordWhatTheServerSays() throws IOException {
        ServerReadings management = instruments.management();
        this.durability = Durability.of(management == null ? Optional.empty() : management.systemProperties());
        RunFolder.writeConfig(folder, config, target, management == null ? null : management.serverJvm().orElse(null), durability);
        say("Server: " + durability.line());
        durability.warning().ifPresent(this::say);
    }

    /** Opens a session on the target: a new run folder under the configuration's output, the catalog read, sampling on. */
    public static LoadSession open(LoadConfig config, Target target, PrintStream out) throws IOException, SQLException {
        var session = new LoadSession(config, target, out);
        session.resumeSampling();
        return session;
    }

    /**
     * Runs one step of the load ({@code round} names its repeat on the console, "run 1/3"): warm-up (until steady when a steady state is given), then the measurement window, with
     * the server sampled, and recorded and profiled if asked, inside it.
     */
    public StepOutcome step(String round, int repeat, int index, double step, Duration warmUp, Duration measure, SteadyState steadyState)
            throws IOException, InterruptedException {
        return step(round, repeat, index, step, warmUp, measure, steadyState, Duration.ZERO);
    }

    /**
     * The same step, an open load's rate rising evenly from 0 over {@code ramp} at its start (OpenLoad); a closed load
     * has its users from the start.
     */
    public StepOutcome step(String round, int repeat, int index, double step, Duration warmUp, Duration measure, SteadyState steadyState,
                            Duration ramp) throws IOException, InterruptedException {
        String name = config.stepName(step);
        // A step past the load's own (the interleaved method's warm-up after its rehearsal) has files of its own, no number.
        String label = index < config.steps().size()
                ? String.format(Locale.ROOT, "[%s step %d/%d: %s]", round, index + 1, config.steps().size(), name)
                : String.format(Locale.ROOT, "[%s: %s]", round, name);
        long seed = config.seed() * 1_000_003L + repeat * 10_007L + index * 101L;
        var deck = settings.mix().deck(new SplittableRandom(seed ^ 0x9E3779B97F4A7C15L)); // apart from the users'
        var lineCounts = Deck.lineCounts(settings.lines(), new SplittableRandom(seed ^ 0xC2B2AE3D27D4EB4FL));
        UserFactory users = (n, recorder) -> new UserSession(onUrl(settings, target.userApplication(n)), catalog,
                returning.connect(n, config.requestTimeout(), target.trust()), new SplittableRandom(seed + n), recorder, ledger::add, keys,
                deck, lineCounts);
        LoadShape load = config.model() == LoadConfig.Model.CLOSED
                ? new ClosedLoad((int) step, users, config.thinkTime(), config.exponentialThinkTime(), config.requestTimeout())
                : new OpenLoad(step, config.connections(), users, config.requestTimeout(), ramp);
        String stem = ResultFiles.stepStem(repeat, index, step, config);
        Path jfr = folder.resolve("jfr").resolve(stem + ".jfr");
        Path flameGraph = RunFolder.flameGraph(folder, stem);
        var hooks = instruments.hooks(jfr, flameGraph);
        if (freshStatistics) {
            hooks.beforeOpening = this::analyzeResetTables;
        }
        StepResult client;
        try (OutputStream hlog = Files.newOutputStream(RunFolder.histogramLog(folder, stem))) {
            client = controller.run(repeat, index, step, name, label, warmUp, measure, load, steadyState, hooks, hlog);
        }
        ServerWindow server = hooks.opened == null || hooks.closed == null ? new ServerWindow(Map.of())
                : ServerWindow.of(instruments.sampler().between(hooks.opened, hooks.closed), client.successes(), browseSearches(client));
        if (!loaded) { // a fresh server's first minutes are the session's first step's; later steps find it warmer
            loaded = true;
            server = withFirstMinutes(server, client);
        }
        LockContention contention = null;
        if (hooks.recorded) {
            try {
                contention = LockContention.read(jfr);
            } catch (IOException e) {
                hooks.recordingError = "the recording could not be read: " + e.getMessage();
            }
        }
        say(String.format(Locale.ROOT, "%s %.1f tx/s, %d errors%s%s%s%s%s%s", label, client.throughput(), client.errorCount(),
                client.refused() == 0 ? "" : String.format(Locale.ROOT, ", %d refused (%.1f/s, 503 with Retry-After)",
                        client.refused(), client.refusedPerSecond()),
                server.get("db.statementsPerTx") == null ? "" : String.format(Locale.ROOT, ", %.1f statements/tx",
                        server.get("db.statementsPerTx")),
                cpuLine(server),
                client.warmUp().steady() == null ? "" : String.format(Locale.ROOT, "; warm-up %.0f s, %s", client.warmUp().seconds(),
                        client.warmUp().steady() ? "steady" : "NOT steady"),
                hooks.recordingError == null ? "" : "; lock recording: " + hooks.recordingError,
                hooks.profileError == null ? "" : "; CPU profile unavailable: " + hooks.profileError));
        CpuLayers layers = null;
        if (hooks.profiled) {
            try {
                layers = CpuLayers.of(flameGraph);
            } catch (IOException | RuntimeException e) {
                say(label + " the flame graph's layers could not be read: " + e.getMessage());
            }
        }
        return new StepOutcome(client, server, contention, hooks.recorded ? folder.relativize(jfr).toString() : hooks.recordingError,
                hooks.profiled ? folder.relativize(flameGraph).toString() : null, layers,
                hooks.profileError == null ? null : "CPU profile unavailable: " + hooks.profileError);
    }

    /**
     * The window's figures and, when the step's load lasted long enough, its first minutes' ({@link FirstMinutes}). The
     * first interval is taken as one sample interval long (a warm-up shorter than that makes it up to two: a second
     * at most, against spans of minutes).
     */
    private ServerWindow withFirstMinutes(ServerWindow window, StepResult client) {
        List<FirstMinutes.Interval> intervals = new ArrayList<>();
        double previous = Double.NaN;
        for (StepResult.Tick tick : client.timeline()) {
            double seconds = Double.isNaN(previous) ? config.sampleInterval().toMillis() / 1000.0 : tick.seconds() - previous;
            intervals.add(new FirstMinutes.Interval(tick.seconds(), seconds, tick.txPerSecond() * seconds));
            previous = tick.seconds();
        }
        Map<String, Double> first = FirstMinutes.of(instruments.sampler().all(), intervals);
        if (first.isEmpty()) {
            return window;
        }
        Map<String, Double> figures = new TreeMap<>(window.figures());
        figures.putAll(first);
        return new ServerWindow(figures);
    }

    /**
     * The step running now, or the last one run (null before the first): its phase and its successful answers so far,
     * read while it runs by whoever changes the server within a window and counts what each part of it answered.
     */
    public StepRecorder currentStep() {
        return controller.current();
    }

    /** Stops sampling the server (its figures then stay as they were), e.g. while another variant is measured. */
    public void pauseSampling() {
        instruments.pauseSampling();
    }

    /** Samples the server again every sample interval. */
    public void resumeSampling() {
        instruments.resumeSampling();
    }

    /**
     * Samples the server again, full samples no more often than every {@code fullAtLeast} (the replenish MDB alone
     * still at the run's sample interval when that is below a second): the windows' edges, which the window's
     * figures come from, are sampled whatever it is. Sampling that is on already goes on as it was.
     */
    public void resumeSampling(Duration fullAtLeast) {
        instruments.resumeSampling(fullAtLeast);
    }

    /**
     * Waits until no replenish message is queued or being processed and the outbox holds no unpublished request (two
     * samples in a row); false on timeout.
     */
    public boolean awaitQuiet(Duration timeout) throws InterruptedException {
        return ReplenishQuiet.await(instruments.sampler(), target, timeout);
    }

    /** The Idempotency-Keys of this session's orders, and how many were sent again. */
    public OrderKeys orderKeys() {
        return keys;
    }

    /** The orders the application acknowledged to this session's users so far (since the last forget). */
    public List<AcknowledgedOrder> acknowledged() {
        return new ArrayList<>(ledger);
    }

    /** Forgets the orders acknowledged so far: the data was reset, and the next audit counts from here. */
    public void forgetAcknowledged() {
        ledger.clear();
    }

    public Path folder() {
        return folder;
    }

    public LoadConfig config() {
        return config;
    }

    public Target target() {
        return target;
    }

    public Catalog catalog() {
        return catalog;
    }

    public String endpointName() {
        return endpoint.name().toLowerCase(Locale.ROOT);
    }

    public long runStartNanos() {
        return runStartNanos;
    }

    public CpuMeter cpu() {
        return instruments.cpu();
    }

    /** The management readings, or null when they could not be read. */
    public ServerReadings management() {
        return instruments.management();
    }

    /** Whether the server refuses a database that may lose committed transactions, as it answered at the session's start. */
    public Durability durability() {
        return durability;
    }

    /** Notes for the run's report, so far. */
    public List<String> notes() {
        return notes;
    }

    /** Adds a note for the run's report. */
    public void note(String note) {
        notes.add(note);
    }

    public List<ServerSample> samples() {
        return instruments.samples();
    }

    /** The engine that profiled the server's CPU ("async-profiler 4.2 cpu"); null if none did or none was asked. */
    public String cpuProfilerEngine() {
        return instruments.cpuProfilerEngine();
    }

    /** The note on CPU profiling for the report: by which engine, or why unavailable; null when not asked. */
    public String cpuProfilerNote() {
        return instruments.cpuProfilerNote();
    }

    /**
     * From now on, every window's settle ends by taking the optimizer statistics of the tables a data reset empties
     * afresh (ANALYZE TABLE), once the settle's load has put rows in them. A reset (TRUNCATE) leaves statistics that
     * say the tables are empty, and InnoDB takes them again only in the background, at most every 10 s a table and
     * after enough rows changed; until then the inquiry's join reads order_line whole (an index scan) and looks each
     * line's order up, instead of reading the lines of five orders: seen here as 1-3 s bursts of the database 1-7 s
     * after each reset (up to 280 rows read a statement; EXPLAIN right after a reset shows the scan, a few seconds of
     * load later the lookup). A measured window then starts from statistics as a running server has them.
     */
    public void freshStatisticsBeforeWindows() {
        freshStatistics = true;
    }

    private void analyzeResetTables() {
        try (Connection c = connect(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("ANALYZE TABLE " + String.join(", ", RESET_TABLES))) {
            while (r.next()) { // one row a table, or more: an error is a row, not an exception
                if ("error".equalsIgnoreCase(r.getString("Msg_type"))) {
                    throw new SQLException(r.getString("Table") + ": " + r.getString("Msg_text"));
                }
            }
        } catch (SQLException e) {
            if (!statisticsFailureSaid) {
                statisticsFailureSaid = true;
                notes.add("The order tables' optimizer statistics could not be taken afresh before the windows: " + e.getMessage());
                say("Note: ANALYZE TABLE before the window failed (" + e.getMessage() + "); the window starts without it");
            }
        }
    }

    /** A connection to the application's database with the target's account. */
    public Connection connect() throws SQLException {
        return DriverManager.getConnection(target.dbUrl(), target.dbUser(), target.dbPassword());
    }

    /** The connection the session opened first (it does not survive a restart of the database). */
    public Connection connection() {
        return db;
    }

    @Override
    public void close() {
        if (instruments != null) {
            instruments.close();
        }
        try {
            if (counters != null) {
                counters.close();
            }
            if (db != null) {
                db.close();
            }
        } catch (SQLException ignored) {
            // closing
        }
    }

    /** Successful browse searches in the window (the page turns after them are served from memory). */
    private static long browseSearches(StepResult client) {
        var h = client.response().get(RequestType.BROWSE_SEARCH);
        return h == null ? 0 : h.getTotalCount();
    }

    /** A user's settings with the application URL it sends its requests to (several URLs: the users take them in turn). */
    private static UserSession.Settings onUrl(UserSession.Settings s, URI base) {
        return base.equals(s.base()) ? s : new UserSession.Settings(base, s.endpoint(), s.mix(), s.lines(), s.quantity(), s.browsePages(),
                s.hotProducts());
    }

    /** ", CPU ms/tx server 2.56 (JIT 4 %) db 0.94 driver 0.54 other 0.10", as far as known. */
    static String cpuLine(ServerWindow server) {
        var b = new StringBuilder();
        for (String role : ServerWindow.CPU_ROLES) {
            Double v = server.get(ServerWindow.CPU_PER_TX + role);
            if (v != null) {
                b.append(' ').append(role).append(' ').append(String.format(Locale.ROOT, "%.2f", v));
                Double jit = server.get(ServerWindow.SERVER_JIT_SHARE);
                if (role.equals("server") && jit != null) {
                    b.append(String.format(Locale.ROOT, " (JIT %.0f %%)", jit * 100));
                }
            }
        }
        return b.isEmpty() ? "" : ", CPU ms/tx" + b;
    }

    private void say(String line) {
        out.println(line);
        out.flush();
    }
}

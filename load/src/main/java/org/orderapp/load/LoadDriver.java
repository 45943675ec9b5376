package org.orderapp.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.orderapp.load.audit.Audit;
import org.orderapp.load.audit.AuditResult;
import org.orderapp.load.audit.StockSnapshot;
import org.orderapp.load.engine.ClosedLoad;
import org.orderapp.load.engine.LoadShape;
import org.orderapp.load.engine.OpenLoad;
import org.orderapp.load.engine.StepController;
import org.orderapp.load.engine.StepHooks;
import org.orderapp.load.engine.StepResult;
import org.orderapp.load.engine.UserFactory;
import org.orderapp.load.fault.Fault;
import org.orderapp.load.fault.FaultEvent;
import org.orderapp.load.fault.FaultInjector;
import org.orderapp.load.http.UserConnection;
import org.orderapp.load.report.RunFolder;
import org.orderapp.load.rules.Validity;
import org.orderapp.load.server.ApplicationMonitor;
import org.orderapp.load.server.ClusterFigures;
import org.orderapp.load.server.CpuMeter;
import org.orderapp.load.server.GaleraNodes;
import org.orderapp.load.server.CpuLayers;
import org.orderapp.load.server.CpuProfiler;
import org.orderapp.load.server.DatabaseCounters;
import org.orderapp.load.server.FlightRecording;
import org.orderapp.load.server.LockContention;
import org.orderapp.load.server.ManagementReader;
import org.orderapp.load.server.ServerProcess;
import org.orderapp.load.server.ServerSample;
import org.orderapp.load.server.ServerReadings;
import org.orderapp.load.server.ServerSampler;
import org.orderapp.load.server.ServerWindow;
import org.orderapp.load.workload.AcknowledgedOrder;
import org.orderapp.load.workload.Catalog;
import org.orderapp.load.workload.Endpoint;
import org.orderapp.load.workload.UserSession;

/**
 * Runs a load test against a running Order application and writes its run folder: the steps of every repeat
 * with the server sampled alongside, an optional lock-contention recording and CPU profile per measurement window,
 * and the audit at the end. The caller says where the application is; this module knows nothing of how it was started.
 */
public final class LoadDriver {

    private final LoadConfig config;
    private final Target target;
    private final PrintStream out;

    public LoadDriver(LoadConfig config, Target target, PrintStream out) {
        this.config = config;
        this.target = target;
        this.out = out;
    }

    public RunResult run() throws IOException, SQLException, InterruptedException {
        Instant started = Instant.now();
        long runStart = System.nanoTime();
        Path folder = newFolder();
        var notes = new ArrayList<String>();
        RunFolder.writeConfig(folder, config, target);
        say("Run folder: " + folder);

        try (Connection db = connect();
             var counters = new DatabaseCounters(this::connect)) {
            Catalog catalog = Catalog.load(db, config.customers().min(), config.customers().max(), (int) config.lines().max());
            catalog.check(config.hotProducts());
            if (config.hotProducts() != null) {
                say(String.format(Locale.ROOT, "Hot products: the first %d products of every center; each order line names one with "
                        + "probability %.0f %%", config.hotProducts().products(), 100 * config.hotProducts().share()));
            }
            say("Catalog: " + catalog.customerCount() + " customers at " + catalog.centerCount()
                    + " distribution centers (smallest assortment " + catalog.smallestAssortment() + " products)");
            Endpoint endpoint = resolveEndpoint(catalog);
            say("Endpoints: " + (endpoint == Endpoint.FORM ? "form (/NewOrder, /OrderInquiry)" : "JSON API (/api/orders, /api/customers/{id}/orders)")
                    + (config.endpoints() == LoadConfig.Endpoints.AUTO ? ", detected" : ""));

            ServerReadings management = target.cluster() ? ClusterFigures.connect(target.nodes())
                    : ManagementReader.connect(target.managementHost(), target.managementPort());
            var failure = management.probe();
            if (failure.isPresent()) {
                notes.add("The management interface at " + (target.cluster() ? "a node" : target.management())
                        + " could not be read (" + failure.get()
                        + "): pools, queue and cache figures are missing. It is read with local authentication, "
                        + "which needs the driver on the server's machine, as the server's user.");
                management.close();
                management = null;
            } else {
                management.jvmDescription().ifPresent(jvm -> notes.add("Server JVM: " + jvm));
            }
            FlightRecording recording = null;
            if (config.flightRecording()) {
                recording = prepareRecording(management, folder, notes);
            }
            CpuMeter cpu = CpuMeter.locate(target);
            notes.addAll(cpu.notes());
            CpuProfiler profiler = config.cpuProfile() ? prepareProfiler(cpu, folder) : null;
            if (profiler != null) {
                profiler.prime();
            }
            // A cluster's management readings hold each node's own monitor: the balancer would answer from any node.
            var monitor = target.cluster() ? null : new ApplicationMonitor(target.application());
            try (var sampler = new ServerSampler(management, monitor, counters, cpu, runStart);
                 var injector = new FaultInjector(config.faults(), runStart, cpu.databasePid(), cpu.serverPid(),
                         target.application(), target.adminAuthorization(), out).withNodes(target.nodes())
                         .withDatabaseNodes(GaleraNodes.of(target.dbUrl()))) {
                sampler.start(config.sampleInterval());
                boolean quiet = awaitQuiet(sampler, config.drainTimeout());
                if (!quiet) {
                    notes.add("The replenish queue was still busy when the run started; the audit counts what moved meanwhile.");
                }
                StockSnapshot before = config.audit() ? StockSnapshot.take(db) : null;
                var ledger = new ConcurrentLinkedQueue<AcknowledgedOrder>();
                var settings = new UserSession.Settings(target.application(), endpoint, config.mix(), config.lines(),
                        config.quantity(), config.browsePages(), config.hotProducts());
                var controller = new StepController(config.warmUp(), config.measure(), config.sampleInterval(), runStart, out);
                List<StepOutcome> outcomes = new ArrayList<>();
                injector.start();
                for (int repeat = 1; repeat <= config.repeats(); repeat++) {
                    for (int i = 0; i < config.steps().size(); i++) {
                        outcomes.add(runStep(controller, repeat, i, catalog, settings, ledger, sampler, recording, profiler, folder));
                    }
                }
                injector.close(); // nothing stays stopped while the audit reads the database
                List<FaultEvent> faults = faultEvents(injector, outcomes);
                faults = afterRecovery(faults, management);
                AuditResult audit = null;
                if (config.audit()) {
                    say("Audit: waiting for the replenish queue to drain ...");
                    boolean drained = awaitQuiet(sampler, config.drainTimeout());
                    Optional<GaleraNodes> galera = GaleraNodes.of(target.dbUrl());
                    if (galera.isPresent()) {
                        audit = auditCluster(galera.get(), before, new ArrayList<>(ledger), drained, faults, notes);
                    } else {
                        try (Connection fresh = connect()) { // the run's first connection did not survive a database restart
                            audit = Audit.check(fresh, before, StockSnapshot.take(fresh), new ArrayList<>(ledger), drained);
                        }
                        sayAudit(audit, "");
                    }
                }
                Validity validity = config.rules().check(outcomes.stream().map(StepOutcome::client).toList(), config.mix(), audit);
                say(validity.valid() ? "Run rules: VALID" : "Run rules: INVALID");
                validity.reasons().forEach(r -> say("  " + r));
                List<ServerSample> samples = sampler.all();
                String cpuProfiler = profiler == null ? null : profiler.engine().orElse(null);
                if (profiler != null) {
                    notes.add(cpuProfiler == null ? "CPU profile unavailable: " + String.join("; ", profiler.refusals())
                            : "CPU profiles by " + cpuProfiler + (profiler.refusals().isEmpty() ? ""
                            : " (" + String.join("; ", profiler.refusals()) + ")"));
                }
                var result = new RunResult(config, target, endpoint.name().toLowerCase(Locale.ROOT), started, Instant.now(),
                        folder, catalog.customerCount(), catalog.centerCount(), outcomes, samples, audit, validity, notes, faults,
                        cpuProfiler);
                RunFolder.write(result);
                notes.forEach(n -> say("Note: " + n));
                say("Report: " + folder.resolve("report.html"));
                return result;
            } finally {
                if (management != null) {
                    management.close();
                }
            }
        }
    }

    private StepOutcome runStep(StepController controller, int repeat, int index, Catalog catalog, UserSession.Settings settings,
                                ConcurrentLinkedQueue<AcknowledgedOrder> ledger, ServerSampler sampler,
                                FlightRecording recording, CpuProfiler profiler, Path folder)
            throws IOException, InterruptedException {
        double step = config.steps().get(index);
        String name = config.stepName(step);
        String label = String.format(Locale.ROOT, "[run %d/%d step %d/%d: %s]", repeat, config.repeats(), index + 1,
                config.steps().size(), name);
        long seed = config.seed() * 1_000_003L + repeat * 10_007L + index * 101L;
        UserFactory users = (n, recorder) -> new UserSession(onUrl(settings, target.userApplication(n)), catalog,
                new UserConnection(config.requestTimeout()), new SplittableRandom(seed + n), recorder, ledger::add);
        LoadShape load = config.model() == LoadConfig.Model.CLOSED
                ? new ClosedLoad((int) step, users, config.thinkTime(), config.exponentialThinkTime(), config.requestTimeout())
                : new OpenLoad(step, config.connections(), users, config.requestTimeout());
        String stem = RunFolder.stepStem(repeat, index, step, config);
        Path jfr = folder.resolve("jfr").resolve(stem + ".jfr");
        Path flameGraph = RunFolder.flameGraph(folder, stem);
        var hooks = new WindowHooks(sampler, recording, jfr, profiler, flameGraph);
        StepResult client;
        try (OutputStream hlog = Files.newOutputStream(RunFolder.histogramLog(folder, stem))) {
            // The first load on the server warms up until steady, if asked: later steps find the JIT's work done.
            var steadyState = repeat == 1 && index == 0 ? config.steadyState() : null;
            client = controller.run(repeat, index, step, name, label, load, steadyState, hooks, hlog);
        }
        ServerWindow server = hooks.opened == null || hooks.closed == null ? new ServerWindow(java.util.Map.of())
                : ServerWindow.of(sampler.between(hooks.opened, hooks.closed), client.successes(), browseSearches(client));
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

    /** Successful browse searches in the window (the page turns after them are served from memory). */
    private static long browseSearches(StepResult client) {
        var h = client.response().get(org.orderapp.load.workload.RequestType.BROWSE_SEARCH);
        return h == null ? 0 : h.getTotalCount();
    }

    /** A user's settings with the application URL it sends its requests to (several URLs: the users take them in turn). */
    private static UserSession.Settings onUrl(UserSession.Settings s, URI base) {
        return base.equals(s.base()) ? s : new UserSession.Settings(base, s.endpoint(), s.mix(), s.lines(), s.quantity(), s.browsePages(),
                s.hotProducts());
    }

    /** The faults injected, each with how the load came through it, as the run's timeline shows; said on the console. */
    private List<FaultEvent> faultEvents(FaultInjector injector, List<StepOutcome> outcomes) {
        List<StepResult.Tick> ticks = outcomes.stream().flatMap(o -> o.client().timeline().stream()).toList();
        List<FaultEvent> begun = injector.events(); // in the order they began
        List<FaultEvent> faults = new ArrayList<>();
        for (int i = 0; i < begun.size(); i++) {
            faults.add(begun.get(i).withRecovery(ticks, i + 1 < begun.size() ? begun.get(i + 1).startSeconds() : Double.MAX_VALUE));
        }
        for (FaultEvent f : faults) {
            say(String.format(Locale.ROOT, "Fault %s from %.1f s to %.1f s on %s: %s; %d errors; %s", f.kind(), f.startSeconds(),
                    f.endSeconds(), f.target(), f.outcome(), f.errorsDuring(), f.secondsUntilServedAgain() == null
                            ? "throughput did not come back during the run"
                            : String.format(Locale.ROOT, "served again %.0f s after its end", f.secondsUntilServedAgain())));
        }
        return faults;
    }

    /** Kills leave in-doubt transactions; the recovery manager settles them within its period (120 s) and backoff. */
    private static final java.time.Duration RECOVERY_WAIT = java.time.Duration.ofSeconds(180);
    private static final Set<String> KILLS = Set.of(Fault.Kind.SERVER_KILL.label(), Fault.Kind.DB_RESTART.label(),
            Fault.Kind.NODE_KILL.label(), Fault.Kind.DB_NODE_KILL.label());

    /**
     * After a kill of the server or the database: waits until the transaction manager's log is empty and the
     * broker holds no prepared transaction (recovery is periodic), at most RECOVERY_WAIT, before the audit, since
     * a recovered branch can still deliver a replenish message; each kill's event then says what became of them.
     */
    private List<FaultEvent> afterRecovery(List<FaultEvent> faults, ServerReadings management) {
        if (faults.stream().noneMatch(f -> KILLS.contains(f.kind()))) {
            return faults;
        }
        say("Transactions: waiting for the recovery of in-doubt transactions ...");
        long start = System.nanoTime();
        Optional<ManagementReader.InDoubt> left = management.inDoubtTransactions();
        while ((left.isEmpty() || !left.get().none()) && System.nanoTime() - start < RECOVERY_WAIT.toNanos()) {
            java.util.concurrent.locks.LockSupport.parkNanos(java.time.Duration.ofSeconds(5).toNanos());
            left = management.inDoubtTransactions();
        }
        long waited = Math.round((System.nanoTime() - start) / 1e9);
        String after = left.map(d -> "after the run" + (waited < 5 ? "" : " and " + waited + " s of recovery") + ", " + d)
                .orElse("after the run, the server's transaction log could not be read");
        say("Transactions: " + after);
        return faults.stream().map(f -> KILLS.contains(f.kind()) ? f.withOutcome(f.outcome() + "; " + after) : f).toList();
    }

    /** ", CPU ms/tx server 2.56 (JIT 4 %) db 0.94 driver 0.54 other 0.10", as far as known. */
    private static String cpuLine(ServerWindow server) {
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

    /** Marks the window's edges in the server samples, records lock contention and profiles the CPU inside it. */
    private static final class WindowHooks implements StepHooks {
        private final ServerSampler sampler;
        private final FlightRecording recording;
        private final Path file;
        private final CpuProfiler profiler;
        private final Path flameGraph;
        ServerSample opened;
        ServerSample closed;
        boolean started;
        boolean recorded;
        String recordingError;
        boolean profiling;
        boolean profiled;
        String profileError;

        WindowHooks(ServerSampler sampler, FlightRecording recording, Path file, CpuProfiler profiler, Path flameGraph) {
            this.sampler = sampler;
            this.recording = recording;
            this.file = file;
            this.profiler = profiler;
            this.flameGraph = flameGraph;
        }

        @Override
        public void beforeWindow() {
            if (recording != null) {
                try {
                    recording.start();
                    started = true;
                } catch (IOException e) {
                    recordingError = e.getMessage();
                }
            }
            if (profiler != null) {
                try {
                    profiler.start();
                    profiling = true;
                } catch (IOException e) {
                    profileError = e.getMessage();
                }
            }
        }

        @Override
        public void windowOpened() {
            opened = sampler.sample();
        }

        @Override
        public void windowClosed() {
            closed = sampler.sample();
        }

        @Override
        public void afterWindow() {
            if (profiling) { // first: the profile ends as close to the window as it began
                try {
                    profiler.stop(flameGraph);
                    profiled = true;
                } catch (IOException | RuntimeException e) {
                    profileError = e.getMessage();
                }
            }
            if (started) {
                try {
                    recording.stop(file);
                    recorded = true;
                } catch (IOException e) {
                    recordingError = e.getMessage();
                }
            }
        }

        @Override
        public java.util.OptionalDouble serverJitShare(Duration span) {
            return sampler.serverJitShare(span);
        }

        @Override
        public String serverStatus() {
            return sampler.status();
        }
    }

    /** The server's CPU profiler; one that says why for a server that is not a process of this machine. */
    private CpuProfiler prepareProfiler(CpuMeter cpu, Path folder) {
        return cpu.serverPid().map(pid -> CpuProfiler.forServer(pid, config.cpuInterval(), folder.resolve("jfr")))
                .orElseGet(() -> CpuProfiler.unavailable("the server's process was not found on this machine"));
    }

    private FlightRecording prepareRecording(ServerReadings management, Path folder, List<String> notes) {
        var pid = management != null ? management.serverPid() : java.util.Optional.<Long>empty();
        if (pid.isEmpty()) {
            pid = ServerProcess.listeningOn(target.application().getPort() > 0 ? target.application().getPort() : 80);
        }
        if (pid.isEmpty()) {
            notes.add("No lock-contention recording: the server's process was not found on this machine.");
            return null;
        }
        try {
            return FlightRecording.locks(pid.get(), folder.resolve("jfr"), config.lockThreshold());
        } catch (IOException e) {
            notes.add("No lock-contention recording: " + e.getMessage());
            return null;
        }
    }

    /** Waits until no replenish message is queued or being processed (two samples in a row); false on timeout. */
    private boolean awaitQuiet(ServerSampler sampler, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        int quietSamples = 0;
        while (System.nanoTime() < deadline) {
            ServerSample s = sampler.sample();
            // A cluster's sums are missing while a node does not answer (killed, starting again): its journal may still
            // hold messages, so the cluster is quiet only when every node says so.
            boolean known = !target.cluster() || s.get("queue.replenish.depth") != null && s.get("app.mdb.inFlight") != null;
            boolean quiet = known && zero(s.get("queue.replenish.depth")) && zero(s.get("queue.replenish.delivering"))
                    && zero(s.get("app.mdb.inFlight"));
            quietSamples = quiet ? quietSamples + 1 : 0;
            if (quietSamples >= 2) {
                return true;
            }
            Thread.sleep(250);
        }
        return false;
    }

    private static boolean zero(Double value) {
        return value == null || value == 0;
    }

    /** FORM or API as asked; AUTO: the form endpoint if the server answers it with JSON, else the API. */
    private Endpoint resolveEndpoint(Catalog catalog) throws InterruptedException {
        switch (config.endpoints()) {
            case FORM:
                return Endpoint.FORM;
            case API:
                return Endpoint.API;
            default:
                try {
                    var http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
                    URI probe = Endpoint.FORM.inquiry(target.application(), catalog.customerId(0));
                    var response = http.send(HttpRequest.newBuilder(probe).header("Accept", "application/json")
                            .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
                    if (response.statusCode() == 200 && new ObjectMapper().readTree(response.body()).isArray()) {
                        return Endpoint.FORM;
                    }
                } catch (IOException e) {
                    // not there, or not JSON: the API it is
                }
                return Endpoint.API;
        }
    }

    private Path newFolder() throws IOException {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        String name = stamp + "-" + config.model().name().toLowerCase(Locale.ROOT)
                + (config.label() == null || config.label().isBlank() ? "" : "-" + config.label().replaceAll("[^A-Za-z0-9._-]", "_"));
        Path folder = config.output().resolve(name);
        for (int n = 2; Files.exists(folder); n++) {
            folder = config.output().resolve(name + "-" + n);
        }
        Files.createDirectories(folder.resolve("histograms"));
        return folder;
    }

    private void sayAudit(AuditResult audit, String where) {
        say(String.format(Locale.ROOT, "Audit%s: %s — %d acknowledged orders, %d found, %d missing; %d placed; "
                        + "stock balanced at %d of %d centers that moved; replenish requests %d, applied %d, orphaned %d",
                where, audit.pass() ? "PASS" : "FAIL",
                audit.acknowledged(), audit.acknowledgedFound(), audit.acknowledgedMissing(), audit.ordersPlaced(),
                audit.centers().stream().filter(AuditResult.CenterBalance::balanced).count(), audit.centers().size(),
                audit.replenishRequested(), audit.replenishApplied(), audit.replenishOrphaned()));
        audit.findings().forEach(f -> say("  " + f));
    }

    /** How long the nodes of a database cluster get to agree before an audit reads one of them; a rejoin takes longer. */
    private static final java.time.Duration AGREEMENT_WAIT = java.time.Duration.ofMinutes(3);
    private static final java.time.Duration REJOIN_WAIT = java.time.Duration.ofMinutes(6);

    /**
     * The audit on a database cluster: once the nodes that were not killed agree (each Synced, all at the same last
     * committed transaction), on one of them, whose copy then holds everything any node committed; after a
     * db-node-kill, once the killed node has rejoined and caught up, again on it: its copy must hold the same.
     */
    private AuditResult auditCluster(GaleraNodes galera, StockSnapshot before, List<AcknowledgedOrder> acknowledged, boolean drained,
                                     List<FaultEvent> faults, List<String> notes) throws SQLException, InterruptedException {
        boolean killed = faults.stream()
                .anyMatch(f -> f.kind().equals(Fault.Kind.DB_NODE_KILL.label()) && f.outcome().startsWith("killed"));
        GaleraNodes.Node victim = galera.victim();
        List<GaleraNodes.Node> survivors = galera.nodes().stream().filter(n -> !killed || n != victim).toList();
        say("Audit: waiting until the database nodes " + survivors.stream().map(GaleraNodes.Node::name).toList()
                + " agree (Synced, at one position) ...");
        var states = galera.awaitAgreement(survivors, target.dbUser(), target.dbPassword(), AGREEMENT_WAIT);
        say("Audit: database nodes " + GaleraNodes.describe(survivors, states));
        if (!GaleraNodes.agreed(survivors, states)) {
            notes.add("The database nodes did not agree within " + AGREEMENT_WAIT.toSeconds() + " s: "
                    + GaleraNodes.describe(survivors, states));
        }
        GaleraNodes.Node first = survivors.stream().filter(states::containsKey).findFirst().orElse(survivors.get(0));
        AuditResult audit = auditOn(first, before, acknowledged, drained);
        sayAudit(audit, " on " + first.name());
        if (!killed) {
            notes.add("Audit on database node " + first.name() + ", once " + GaleraNodes.describe(survivors, states) + ".");
            return audit;
        }
        say("Audit: waiting until " + victim.name() + " has rejoined and caught up with the others ...");
        states = galera.awaitAgreement(galera.nodes(), target.dbUser(), target.dbPassword(), REJOIN_WAIT);
        say("Audit: database nodes " + GaleraNodes.describe(galera.nodes(), states));
        if (!states.containsKey(victim) || !states.get(victim).synced()) {
            notes.add("The killed database node " + victim.name() + " did not rejoin within " + REJOIN_WAIT.toSeconds() + " s");
            return audit.and(victim.name(), new AuditResult(false, acknowledged.size(), 0, acknowledged.size(), 0, 0, 0, 0, 0, 0, 0,
                    List.of(), 0, 0, 0, drained, List.of("not audited: it did not rejoin the cluster")));
        }
        AuditResult rejoined = auditOn(victim, before, acknowledged, drained);
        sayAudit(rejoined, " on " + victim.name() + " (killed, rejoined)");
        notes.add("Audit on database node " + first.name() + " after the others agreed, and again on " + victim.name()
                + " (killed) after it rejoined: " + (rejoined.pass() ? "PASS" : "FAIL") + " there; "
                + GaleraNodes.describe(galera.nodes(), states) + ".");
        return audit.and(victim.name() + " (rejoined)", rejoined);
    }

    private AuditResult auditOn(GaleraNodes.Node node, StockSnapshot before, List<AcknowledgedOrder> acknowledged, boolean drained)
            throws SQLException {
        try (Connection c = DriverManager.getConnection(node.url(), target.dbUser(), target.dbPassword())) {
            return Audit.check(c, before, StockSnapshot.take(c), acknowledged, drained);
        }
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(target.dbUrl(), target.dbUser(), target.dbPassword());
    }

    private void say(String line) {
        out.println(line);
        out.flush();
    }
}

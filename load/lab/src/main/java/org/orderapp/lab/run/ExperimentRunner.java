package org.orderapp.lab.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.orderapp.driver.LoadDriver;
import org.orderapp.driver.fault.Fault;
import org.orderapp.driver.report.RunResult;
import org.orderapp.driver.settings.LoadConfig;
import org.orderapp.lab.experiment.Comparison;
import org.orderapp.lab.experiment.ComparisonFiles;
import org.orderapp.lab.experiment.ExperimentDefinition;
import org.orderapp.lab.experiment.Metric;
import org.orderapp.lab.experiment.Observation;
import org.orderapp.lab.experiment.VariantDurability;
import org.orderapp.stack.ApplicationStack;
import org.orderapp.stack.StackOptions;
import org.orderapp.stack.layout.Folders;
import org.orderapp.stack.layout.ProjectLayout;
import org.orderapp.stack.layout.ServerAddress;
import org.orderapp.stack.layout.ServerProfile;
import org.orderapp.target.Target;

/**
 * Runs an experiment and owns everything it needs: per run it starts the database and the server of that variant,
 * brings the data to the same starting state (the reference data is loaded once, on the first run; every later run
 * removes the previous run's orders and puts every stock row back at its loaded quantity), runs the load (warmed
 * up until steady after each start), audits, stops the server and the database. Variants alternate in a balanced
 * order, so that drift of the machine falls on all of them alike. The comparison is rewritten after every run, so
 * Ctrl-C (which stops whatever runs) leaves the figures measured so far.
 */
public final class ExperimentRunner implements ExperimentExecution {

    /** Run folders of the load driver, inside the experiment's folder. */
    private static final String RUNS = "runs";

    private final ProjectLayout layout;
    private ExperimentDefinition definition;
    private final Path file;
    private final RunnerSettings settings;
    private final PrintStream out;
    private final ExperimentServers servers;
    private Path folder;
    private boolean auditFailed;
    private LoadConfig load;
    private RoundsRecord record;
    private volatile ApplicationStack current;
    private boolean finished;
    /** The experiment's reference data: loaded by the first run that gets that far, reset before every later one. */
    private ExperimentData data;
    /** What the host check found: variants left out, and why. */
    private final List<String> hostNotes = new ArrayList<>();

    /** Why this experiment is measured by rounds, for the plan and the comparison. */
    private final String because;
    /** The AOT cache of a variant that names one, trained before its measured start when missing. */
    private AotTraining aot;
    /** The measured start's time to order.ear deployed (null: a cluster, or not deployed). */
    private Duration deployment;

    public ExperimentRunner(ProjectLayout layout, ExperimentDefinition definition, Path file, RunnerSettings settings, String because,
                     PrintStream out) {
        this.because = because;
        this.layout = layout;
        this.definition = definition;
        this.file = file;
        this.settings = settings;
        this.out = out;
        this.servers = new ExperimentServers(layout, settings, out);
    }

    @Override
    public boolean auditFailed() {
        return auditFailed;
    }

    @Override
    public Path folder() {
        return folder;
    }

    @Override
    public Estimate estimate() {
        if (definition.benchmark() != null) {
            return new Estimate("rounds (benchmark)", START.plusMinutes(2), START.plusMinutes(15));
        }
        LoadConfig c = definition.loadConfig();
        var steady = c.steadyState();
        Duration steps = c.warmUp().plus(c.measure()).multipliedBy((long) c.steps().size() * c.repeats());
        int runs = definition.variants().size() * definition.roundsOrDefault();
        Duration per = START.plus(steps);
        return new Estimate("rounds", per.plus(steady == null ? Duration.ZERO : steady.min()).multipliedBy(runs),
                per.plus(steady == null ? Duration.ZERO : steady.max()).multipliedBy(runs));
    }

    @Override
    public int run() throws Exception {
        if (definition.benchmark() != null) {
            var benchmark = new BenchmarkExperiment(layout, definition, file, settings, servers, out);
            int exit = benchmark.run();
            folder = benchmark.folder();
            return exit;
        }
        load = definition.loadConfig();
        aot = new AotTraining(settings.state(), definition.quick().loadConfig(), this::say);
        List<PlannedRun> plan = PlannedRun.balanced(definition.variants(), definition.roundsOrDefault());
        Map<String, ProjectLayout> binaries = VariantBinaries.of(layout, definition);
        printPlan(plan);
        if (settings.dryRun()) {
            return 0;
        }
        servers.checkTheMachineIsFree();
        VariantBinaries.Prepared prepared = VariantBinaries.prepare(definition, binaries, this::say);
        if (prepared == null) {
            return 0; // nothing to compare here, and nothing measured: said, not faked
        }
        definition = prepared.definition();
        hostNotes.addAll(prepared.hostNotes());
        Map<String, ServerProfile> profiles = prepared.profiles();
        plan = PlannedRun.balanced(definition.variants(), definition.roundsOrDefault());

        Instant started = Instant.now();
        folder = ExperimentFolder.create(settings.output(), definition.name());
        Files.createDirectories(folder.resolve(RUNS));
        record = new RoundsRecord(new RoundsRecord.Setting(definition, file, settings, because, load, hostNotes), started, folder);
        record.machine().putAll(ExperimentFolder.machine(binaries));
        record.writeExperimentJson("running", plan);
        say("Experiment folder: " + folder);
        Thread stop = new Thread(this::interrupt, "experiment-stop");
        Runtime.getRuntime().addShutdownHook(stop);
        for (PlannedRun p : plan) {
            say("");
            say(String.format(Locale.ROOT, "=== Run %d of %d: round %d, variant %s (%s) ===", p.sequence(), plan.size(), p.round(),
                    p.variant().name(), p.variant().summary()));
            Observation o = runOne(p, binaries.get(p.variant().name()), profiles.get(p.variant().name()));
            synchronized (this) {
                if (finished) {
                    return 130; // interrupted while this run ended
                }
                record.add(o);
                record.writeComparison(false);
            }
        }
        Comparison comparison;
        synchronized (this) {
            finished = true;
            comparison = record.writeComparison(false);
            record.writeExperimentJson("finished", plan);
        }
        Runtime.getRuntime().removeShutdownHook(stop);
        ComparisonFiles.print(comparison, out);
        say("Comparison: " + folder.resolve("comparison.html"));
        return comparison.valid() ? 0 : 1;
    }

    private void printPlan(List<PlannedRun> plan) {
        say("Experiment " + definition.name() + " (" + file + "): " + definition.variants().size() + " variants, "
                + definition.roundsOrDefault() + " rounds, control " + definition.controlOrDefault());
        say("  method: rounds, because " + because);
        plan.forEach(p -> say(String.format(Locale.ROOT, "  run %2d: round %d, %s (%s)", p.sequence(), p.round(), p.variant().name(),
                p.variant().summary())));
        say("  load: " + String.join(" ", definition.loadArguments()));
        VariantDurability.notes(definition, settings.allowUnsafeDurability()).forEach(n -> say("  " + n));
    }

    /**
     * One run: for a variant with an AOT cache, first a training start when its build has none; then the measured start
     * and its load.
     */
    private Observation runOne(PlannedRun p, ProjectLayout binaries, ServerProfile profile) {
        String label = String.format(Locale.ROOT, "%02d-r%d-%s", p.sequence(), p.round(), p.variant().name());
        deployment = null;
        try {
            List<String> properties = servers.properties(p.variant().properties());
            List<String> cache = aot.measuredStartOptions(p.variant(), binaries, profile, properties, (jvm, training, name) ->
                    startAndLoad(p, binaries, profile, jvm, training.withOutput(folder.resolve(RUNS), String.format(Locale.ROOT,
                            "%02d-r%d-%s", p.sequence(), p.round(), name))));
            RunResult result = startAndLoad(p, binaries, profile, cache, load.withOutput(folder.resolve(RUNS), label));
            return observation(p, result);
        } catch (Exception e) {
            auditFailed = true; // a run that ended before its audit: nothing says its orders are safe
            String reason = "the run failed: " + (e.getMessage() != null ? e.getMessage() : e.toString());
            say("Run " + p.sequence() + " failed: " + reason);
            return new Observation(p.sequence(), p.round(), p.variant().name(), null, false, List.of(reason), List.of());
        }
    }

    /**
     * A fresh stack for the variant (its JVM options, then further ones), the data at its starting state, the load, the
     * stack stopped (a clean stop: the JVM's exit is where a training start writes its AOT cache).
     */
    private RunResult startAndLoad(PlannedRun p, ProjectLayout binaries, ServerProfile profile, List<String> furtherJvmOptions,
                                   LoadConfig runLoad) throws Exception {
        var stack = new ApplicationStack();
        current = stack;
        try {
            Path serverBase = settings.state().resolve("server");
            var jvmOptions = new ArrayList<>(p.variant().jvmOptions());
            jvmOptions.addAll(furtherJvmOptions);
            var properties = new ArrayList<>(servers.properties(p.variant().properties()));
            if (load.faults().stream().anyMatch(f -> f.kind() == Fault.Kind.SERVER_KILL_IN_COMMIT)) {
                properties.add("order.faults.halt-in-commit=true"); // the fault halts the server inside a commit
            }
            var options = new StackOptions(binaries, serverBase, settings.state().resolve("mariadb"), profile,
                    ServerAddress.DEFAULT_HTTP_PORT, properties, jvmOptions,
                    ExperimentServers.STARTUP_TIMEOUT, servers.admin(), p.variant().serverCli(), p.variant().nodesOrDefault(), p.variant().dbNodesOrDefault())
                    .withJavaHome(p.variant().javaHomePath()).allowingUnsafeDurability(settings.allowUnsafeDurability());
            Folders.deleteRecursively(serverBase.resolve("data")); // no messages or transaction log from an earlier run
            Folders.deleteRecursively(options.clusterBase()); // nor from an earlier run's nodes
            if (load.faults().stream().anyMatch(f -> f.kind() == Fault.Kind.DB_HANG)) {
                stack.throughDatabaseLink(); // the fault hangs the link between the server and the database
            }
            if (load.faults().stream().anyMatch(f -> f.kind() == Fault.Kind.DB_DISK_FULL)) {
                stack.onSmallDatabaseFilesystem(); // the fault fills the filesystem of the database's data
            }
            stack.start(options, this::say);
            deployment = stack.deploymentTime().orElse(null);
            stack.expectingKills(load.faults().stream().mapToInt(Fault::restartsCaused).sum());
            stack.supervise(this::say); // a fault of the load (db-restart, server-kill) is recovered from, as in ./order run
            Path database = options.dbNodes() > 1 ? options.galeraHome() : options.databaseHome();
            if (record.machine().get("database") == null) {
                record.machine().put("database", stack.database().probe().version());
            }
            data().prepare(stack.address().applicationUrl(), stack.trust(), database.toString());
            var cluster = stack.cluster();
            var target = new Target(stack.address().applicationUrl(), cluster == null ? stack.address().managementUrl()
                    : cluster.targets().get(0).management(), stack.database().url(), stack.database().user(),
                    stack.database().password(), servers.admin().authorization())
                    .withNodes(cluster == null ? List.of() : cluster.targets()).withTrust(stack.trust());
            RunResult result = new LoadDriver(runLoad, target, out).withDatabaseLink(stack.databaseLink()).run();
            var gaveUp = stack.gaveUp();
            if (gaveUp.isPresent()) { // what died stayed dead: the run did not measure the stack it names
                throw new IllegalStateException("the stack's supervisor gave up (" + gaveUp.get() + "); the load's figures are in "
                        + result.folder());
            }
            return result;
        } finally {
            say("Stopping the server and the database ...");
            stack.close();
            current = null;
        }
    }

    private ExperimentData data() throws IOException {
        if (data == null) {
            data = new ExperimentData(definition, servers.admin(), this::say);
        }
        return data;
    }

    private Observation observation(PlannedRun p, RunResult result) {
        Duration deployed = deployment;
        var steps = result.steps().stream().map(Observation.StepFigures::of)
                .map(s -> deployed == null ? s : s.withServer(Metric.DEPLOY_SECONDS, deployed.toMillis() / 1000.0)).toList();
        auditFailed |= result.audit() != null && !result.auditPassed();
        say(String.format(Locale.ROOT, "Run %d: %s", p.sequence(), result.validity().valid() ? "valid"
                : "INVALID: " + String.join("; ", result.validity().reasons())));
        return new Observation(p.sequence(), p.round(), p.variant().name(), folder.relativize(result.folder()).toString(),
                result.validity().valid(), result.validity().reasons(), steps);
    }

    /** Ctrl-C or SIGTERM: stop what runs, and leave the comparison of the runs that finished. */
    private void interrupt() {
        ApplicationStack stack = current;
        if (stack != null) {
            say("Interrupted: stopping the server and the database ...");
            stack.close();
        }
        synchronized (this) {
            if (finished) {
                return;
            }
            finished = true;
            try {
                record.writeComparison(true);
                record.writeExperimentJson("interrupted", PlannedRun.balanced(definition.variants(), definition.roundsOrDefault()));
                say("Interrupted: " + record.runs() + " finished run(s) compared in " + folder.resolve("comparison.html"));
            } catch (IOException e) {
                System.err.println("Writing the comparison failed: " + e);
            }
        }
    }

    private void say(String line) {
        out.println(line);
        out.flush();
    }
}

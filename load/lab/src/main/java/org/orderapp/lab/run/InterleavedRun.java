package org.orderapp.lab.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.orderapp.driver.settings.LoadConfig;
import org.orderapp.lab.experiment.Comparison;
import org.orderapp.lab.experiment.ComparisonFiles;
import org.orderapp.lab.experiment.ExperimentDefinition;
import org.orderapp.lab.experiment.RuntimeSwitches;
import org.orderapp.lab.experiment.VariantDurability;
import org.orderapp.lab.interleaved.InterleavedExperiment;
import org.orderapp.lab.interleaved.InterleavedSettings;
import org.orderapp.lab.interleaved.Pairing;
import org.orderapp.lab.interleaved.StopRule;
import org.orderapp.stack.RunState;
import org.orderapp.stack.admin.AdminCredentials;
import org.orderapp.stack.database.DatabaseTarget;
import org.orderapp.stack.layout.ProjectLayout;
import org.orderapp.stack.layout.ServerAddress;
import org.orderapp.target.ServerProcess;

/**
 * ./order experiment by the interleaved method: the plan and its estimate, every variant's server started once
 * (ResidentStacks; a server-of variant's is its host's), the measurement (InterleavedExperiment) until the precision or the time limit, experiment.json and
 * the comparison in the experiment's folder, and every server and database stopped at the end or on Ctrl-C.
 */
public final class InterleavedRun implements ExperimentExecution {

    private final ProjectLayout layout;
    private final ExperimentDefinition definition;
    private final Path file;
    private final RunnerSettings settings;
    private final StopRule stop;
    private final int warmUpUsers;
    private final Pairing pairing;
    private final PrintStream out;
    private Path folder;
    private boolean auditFailed;

    public InterleavedRun(ProjectLayout layout, ExperimentDefinition definition, Path file, RunnerSettings settings, StopRule stop,
                   int warmUpUsers, Pairing pairing, PrintStream out) {
        this.warmUpUsers = warmUpUsers;
        this.pairing = pairing;
        this.layout = layout;
        this.definition = definition;
        this.file = file;
        this.settings = settings;
        this.stop = stop;
        this.out = out;
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
        LoadConfig load = definition.loadConfig();
        var steady = load.steadyState();
        Duration block = block(load);
        // The warm-up, then its second part after the rehearsal (at least its windows judged afresh).
        Duration least = START.multipliedBy(definition.serverCount()).plus(steady == null ? load.warmUp() : steady.min())
                .plus(steady == null ? load.warmUp() : steady.span()).plus(block.multipliedBy(leastBlocks()));
        return new Estimate("interleaved", least, stop.maxTime().compareTo(least) > 0 ? stop.maxTime() : least);
    }

    /**
     * The blocks before the first interval: the stop rule's least; on own cores as many crossover groups (the ratios are
     * paired per group).
     */
    private int leastBlocks() {
        Integer crossover = pairing.crossover(definition.serverCount());
        return crossover == null ? stop.minBlocks() : stop.minBlocks() * crossover;
    }

    /**
     * A block's length: its windows, each with its settle, and where a switched window holds several quartets
     * (interleaved: quartets), its round as many windows longer.
     */
    private Duration block(LoadConfig load) {
        long switched = definition.variants().stream().filter(v -> v.serverOf() != null && !RuntimeSwitches.switched(v).isEmpty()).count();
        return load.warmUp().plus(load.measure()).multipliedBy((long) load.steps().size() * windowsPerBlock())
                .plus(load.measure().multipliedBy((long) load.steps().size() * switched * (definition.quartets() - 1)));
    }

    /** The windows of a block one after another: every variant's in turn; all at once, a round per variant on the busiest server. */
    private int windowsPerBlock() {
        return pairing.together() ? definition.mostOnOneServer() : definition.variants().size();
    }

    /**
     * All at once, a runtime variant and its host are measured in different rounds and compared through a server that
     * measures one variant in both: one with fewer variants than the busiest (its partner windows). Refused without one,
     * unless every runtime variant is switched within its windows and so compared with its host there.
     */
    static void checkPairable(ExperimentDefinition definition, Pairing pairing) {
        int rounds = definition.mostOnOneServer();
        if (!pairing.together() || rounds == 1 || InterleavedExperiment.runtimeVariantsSwitchedWithinWindows(definition)) {
            return;
        }
        if (definition.variantsPerServer().values().stream().allMatch(n -> n == rounds)) {
            throw new IllegalArgumentException(definition.name() + ": measured all at once (--duet), a variant on another's server "
                    + "(server-of) is compared with its host, measured in another round, through a server that measures one "
                    + "variant in both rounds, one with fewer variants (its partner windows); here every server has " + rounds
                    + " variants, so none does: measure in turn (without --duet), add a variant on a server of its own, or "
                    + "give windows of at least " + InterleavedExperiment.shortestSwitchedWindow().toMillis() / 1000.0
                    + " s (--measure), so that each runtime variant is switched within its own windows and needs no partner");
        }
    }

    @Override
    public int run() throws Exception {
        LoadConfig load = definition.loadConfig();
        var binaries = VariantBinaries.of(layout, definition);
        checkPairable(definition, pairing);
        printPlan(load);
        if (settings.dryRun()) {
            return 0;
        }
        checkTheMachineIsFree();
        long startedNanos = System.nanoTime();
        Instant started = Instant.now();
        VariantBinaries.Prepared prepared = VariantBinaries.prepare(definition, binaries, this::say);
        if (prepared == null) {
            return 0; // nothing to compare here, and nothing measured: said, not faked
        }
        folder = ExperimentFolder.create(settings.output(), definition.name());
        Files.createDirectories(folder.resolve("runs"));
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("experiment", definition.name());
        record.put("status", "running");
        record.put("file", file.toAbsolutePath().normalize().toString());
        record.put("command", settings.command());
        record.put("started", started.toString());
        record.put("method", "interleaved");
        record.put("pairing", pairing.words());
        record.put("precision", stop.precision());
        record.put("maxTime", stop.maxTime().toString());
        record.put("servers", ResidentStacks.serverPlan(prepared.definition(), pairing.together()));
        record.put("database", ResidentStacks.databasePlan(prepared.definition(), pairing.together()));
        record.put("definition", prepared.definition().asMap());
        record.put("loadArguments", prepared.definition().loadArguments());
        record.put("portOffset", settings.portOffset());
        record.put("durability", VariantDurability.labels(prepared.definition(), settings.allowUnsafeDurability()));
        record.put("machine", ExperimentFolder.machine(binaries));
        ExperimentFolder.writeExperimentJson(folder, record);
        say("Experiment folder: " + folder);

        var stacks = new ResidentStacks();
        var experiment = new InterleavedExperiment(prepared.definition(), load, new InterleavedSettings(stop, load.seed(), folder,
                startedNanos, started, settings.command(), warmUpUsers, stacks::reset,
                VariantDurability.notes(prepared.definition(), settings.allowUnsafeDurability()), pairing), out);
        // Ctrl-C: the comparison so far and the experiment's record say "interrupted" (the main thread does not get to).
        Thread onStop = new Thread(() -> {
            experiment.interrupt();
            stacks.close();
            var interrupted = new LinkedHashMap<>(record);
            interrupted.put("status", "interrupted");
            interrupted.put("finished", Instant.now().toString());
            try {
                ExperimentFolder.writeExperimentJson(folder, interrupted);
            } catch (IOException | RuntimeException e) {
                say("experiment.json could not be marked interrupted: " + e.getMessage());
            }
        }, "experiment-stop");
        Runtime.getRuntime().addShutdownHook(onStop);
        Comparison comparison;
        try {
            var residents = stacks.start(prepared, pairing.together(), settings.state(), settings.portOffset(), AdminCredentials.forServer(layout).credentials(),
                    ExperimentServers.STARTUP_TIMEOUT, settings.allowUnsafeDurability(), this::say);
            comparison = experiment.run(residents);
        } finally {
            say("Stopping the servers and the database ...");
            stacks.close();
            try {
                Runtime.getRuntime().removeShutdownHook(onStop);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C: the hook runs now
            }
        }
        record.put("status", comparison.interrupted() ? "interrupted" : "finished");
        record.put("finished", Instant.now().toString());
        ExperimentFolder.writeExperimentJson(folder, record);
        auditFailed = comparison.method() != null && !comparison.method().auditPassed();
        ComparisonFiles.print(comparison, out);
        say("Comparison: " + folder.resolve("comparison.html"));
        return comparison.valid() ? 0 : 1;
    }

    private void printPlan(LoadConfig load) {
        int variants = definition.variants().size();
        var steady = load.steadyState();
        Duration visit = load.warmUp().plus(load.measure()).multipliedBy(load.steps().size());
        Duration block = block(load);
        say("Experiment " + definition.name() + " (" + file + "): " + variants + " variants, control " + definition.controlOrDefault()
                + ", interleaved");
        definition.variants().forEach(v -> say("  " + v.name() + ": " + v.summary()));
        say("  load: " + String.join(" ", definition.loadArguments()));
        say("  servers: " + ResidentStacks.serverPlan(definition, pairing.together()));
        say("  database: " + ResidentStacks.databasePlan(definition, pairing.together()));
        VariantDurability.notes(definition, settings.allowUnsafeDurability()).forEach(n -> say("  " + n));
        say(String.format(Locale.ROOT, "  warm-up: every server at once, %s each, %s", load.model() == LoadConfig.Model.CLOSED
                        ? load.stepName(Math.min(load.steps().get(0), warmUpUsers)) : load.stepName(load.steps().get(0)),
                steady == null ? "for " + load.warmUp().toSeconds() + " s"
                : String.format(Locale.ROOT, "until each is steady: %d to %d min", steady.min().toMinutes(), steady.max().toMinutes()))
                + "; then a rehearsal of what a block asks (every server's data reset, each runtime variant switched on once) "
                + "and the warm-up again until steady");
        say(String.format(Locale.ROOT, "  blocks: each variant once, %s, %s a window (%d step(s) of %d s settle and %d s "
                        + "window%s), about %.1f min a block; at least %d blocks, then until every ratio of throughput and CPU per "
                        + "transaction is within ±%s; blocks until every server's JIT compiler takes at most the warm-up's share "
                        + "(over a core-window of its CPU) are burn-in, not counted",
                pairing.together() && windowsPerBlock() > 1 ? pairing.words() + ", in " + windowsPerBlock()
                        + " rounds of one window per server" : pairing.words(), formatMinutes(visit), load.steps().size(),
                load.warmUp().toSeconds(), load.measure().toSeconds(), (definition.quartets() == 1 ? "" : "; a round with a switched "
                        + "window, of " + definition.quartets() + " quartets, has " + load.measure().multipliedBy(definition.quartets())
                        .toSeconds() + "-s windows"), block.toSeconds() / 60.0,
                leastBlocks(), formatPercent(stop.precision())));
        Duration earliest = estimate().least();
        say(String.format(Locale.ROOT, "  estimate: at least %d min; at most %d min (--max-time), start and warm-up included",
                earliest.toMinutes(), stop.maxTime().toMinutes()));
        if (earliest.compareTo(stop.maxTime()) > 0) {
            say(String.format(Locale.ROOT, "  WARNING: its first %d blocks alone take longer than --max-time %d min, so it will "
                    + "stop before it can give an interval it trusts; give --max-time %dm or more", leastBlocks(),
                    stop.maxTime().toMinutes(), earliest.toMinutes() + 10));
        }
    }

    private static String formatMinutes(Duration d) {
        return d.toSeconds() < 120 ? d.toSeconds() + " s" : String.format(Locale.ROOT, "%.1f min", d.toSeconds() / 60.0);
    }

    private static String formatPercent(double share) {
        return String.format(Locale.ROOT, "%.3g %%", 100 * share);
    }

    /** Every variant's ports are free, and an external database may be emptied. */
    private void checkTheMachineIsFree() throws IOException {
        if (DatabaseTarget.external().isPresent() && !settings.resetAllowed()) {
            throw new IllegalArgumentException("the experiment replaces ALL data of the database ORDER_DB_URL names ("
                    + DatabaseTarget.external().get().displayUrl() + "); run again with --reset-all to allow it");
        }
        var servers = definition.servers().entrySet().stream()
                .filter(e -> e.getKey().equals(e.getValue())).map(Map.Entry::getKey).toList();
        for (int i = 0; i < servers.size(); i++) {
            var address = ServerAddress.of(ServerAddress.DEFAULT_HTTP_PORT,
                    List.of(ServerAddress.PORT_OFFSET + "=" + (settings.portOffset() + i * ServerAddress.NODE_PORT_STEP)));
            for (int port : new int[] {address.httpPort(), address.managementPort()}) {
                if (ServerProcess.listeningOn(port).isPresent()) {
                    throw new IllegalArgumentException("port " + port + " of variant " + servers.get(i)
                            + " is in use: another server runs with the experiment's ports (choose others with --port-offset)");
                }
            }
        }
        if (RunState.read(layout).isPresent()) {
            say("Note: ./order run is serving too; its server shares this machine and will disturb the figures.");
        }
    }

    private void say(String line) {
        out.println(line);
        out.flush();
    }
}

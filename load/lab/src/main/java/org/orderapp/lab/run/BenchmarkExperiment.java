package org.orderapp.lab.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.orderapp.lab.experiment.ExperimentDefinition;
import org.orderapp.lab.experiment.Variant;
import org.orderapp.stack.ApplicationStack;
import org.orderapp.stack.StackOptions;
import org.orderapp.stack.admin.AdminClient;
import org.orderapp.stack.layout.Folders;
import org.orderapp.stack.layout.ProjectLayout;
import org.orderapp.stack.layout.ServerAddress;
import org.orderapp.stack.layout.ServerProfile;

/** Runs an experiment whose measurement is a benchmark (batch-insert) instead of a load, on a server of its own. */
final class BenchmarkExperiment {

    private final ProjectLayout layout;
    private final ExperimentDefinition definition;
    private final Path file;
    private final RunnerSettings settings;
    private final ExperimentServers servers;
    private final PrintStream out;
    private Path folder;

    BenchmarkExperiment(ProjectLayout layout, ExperimentDefinition definition, Path file, RunnerSettings settings,
                        ExperimentServers servers, PrintStream out) {
        this.layout = layout;
        this.definition = definition;
        this.file = file;
        this.settings = settings;
        this.servers = servers;
        this.out = out;
    }

    /** The benchmark's folder once it ran; null before. */
    Path folder() {
        return folder;
    }

    /**
     * One database and one server of the experiment's own (baseline profile), the benchmark's rounds against it, its
     * comparison in the experiment's output, then both stopped.
     */
    int run() throws Exception {
        if (!BatchInsertBenchmark.NAME.equals(definition.benchmark())) {
            throw new IllegalArgumentException(file + ": unknown benchmark '" + definition.benchmark() + "'; known: "
                    + BatchInsertBenchmark.NAME);
        }
        var benchmark = new BatchInsertBenchmark(definition, out);
        var benchmarkSettings = benchmark.settings(null, null, null, null);
        say("Experiment " + definition.name() + " (" + file + "): the " + definition.benchmark() + " benchmark, "
                + benchmarkSettings.repeats() + " rounds of the loaders " + definition.variants().stream().map(Variant::name).toList()
                + ", control " + definition.controlOrDefault());
        say(String.format(Locale.ROOT, "  data: scale %s, seed %d, loaded into the database of the experiment's own server "
                + "(profile %s)", benchmarkSettings.scale(), benchmarkSettings.seed(), ServerProfile.DEFAULT));
        if (settings.dryRun()) {
            return 0;
        }
        servers.checkTheMachineIsFree();
        if (!layout.isBuilt()) {
            VariantBinaries.build(layout, this::say);
        }
        var stack = new ApplicationStack();
        Thread stop = new Thread(stack::close, "experiment-stop");
        Runtime.getRuntime().addShutdownHook(stop);
        try {
            Path serverBase = settings.state().resolve("server");
            Folders.deleteRecursively(serverBase.resolve("data"));
            stack.start(new StackOptions(layout, serverBase, settings.state().resolve("mariadb"),
                    ServerProfile.load(layout, ServerProfile.DEFAULT), ServerAddress.DEFAULT_HTTP_PORT, servers.properties(Map.of()),
                    List.of(), ExperimentServers.STARTUP_TIMEOUT, servers.admin()).allowingUnsafeDurability(settings.allowUnsafeDurability()),
                    this::say);
            var adminClient = new AdminClient(stack.address().applicationUrl(), Optional.of(servers.admin()), stack.trust());
            // The experiment's database is its own: every load may replace what an earlier experiment left.
            int exit = benchmark.run(benchmarkSettings, adminClient, stack.address().managementUrl(), stack.database(), true,
                    settings.output(), settings.command());
            folder = benchmark.folder();
            return exit;
        } finally {
            say("Stopping the server and the database ...");
            stack.close();
            try {
                Runtime.getRuntime().removeShutdownHook(stop);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C: the hook runs now
            }
        }
    }

    private void say(String line) {
        out.println(line);
        out.flush();
    }
}

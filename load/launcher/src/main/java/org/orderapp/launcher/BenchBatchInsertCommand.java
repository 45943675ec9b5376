package org.orderapp.launcher;

import java.util.Optional;
import java.util.concurrent.Callable;
import org.orderapp.lab.run.BatchInsertBenchmark;
import org.orderapp.stack.RunState;
import org.orderapp.stack.admin.AdminClient;
import org.orderapp.stack.layout.ProjectLayout;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * ./order bench batch-insert: the guide's Table 4.1 against the running application (./order run). The benchmark
 * itself is {@link BatchInsertBenchmark}; ./order experiment batch-insert runs the same on a server of its own.
 */
@Command(name = "batch-insert", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Benchmark rewriteBatchedStatements off against on (the guide's Table 4.1), and the JPA loader",
                "against plain JDBC multi-row INSERTs, in the running application (./order run).",
                "Every load empties ALL tables first: with existing data it needs --reset-all.",
                "Defaults of the data set and the rounds: load/experiments/batch-insert.yaml (data, rounds);",
                "./order experiment batch-insert runs the same on a database and server of its own."})
public class BenchBatchInsertCommand implements Callable<Integer> {

    @Option(names = "--scale", description = "Data set of each load (default: the definition's, 0.02: 195,069 rows).")
    Double scale;

    @Option(names = "--repeats", description = "Rounds of off/on, order alternating (default: the definition's rounds).")
    Integer repeats;

    @Option(names = "--batch-size", description = "Rows per chunk and JDBC batch (default: the batch-services unit's, as the loader).")
    Integer batchSize;

    @Option(names = "--seed", description = "Seed of the rows (default: the definition's).")
    Long seed;

    @Option(names = "--reset-all", description = "Allow the benchmark to remove all data (every load starts from empty tables).")
    boolean resetAll;

    @Mixin
    ApplicationOptions application;

    @Mixin
    ManagementOptions management;

    @Mixin
    ExperimentOutput output;

    @Override
    public Integer call() throws Exception {
        var layout = ProjectLayout.current();
        BatchInsertBenchmark benchmark;
        BatchInsertBenchmark.Settings settings;
        try {
            benchmark = new BatchInsertBenchmark(BatchInsertBenchmark.catalogued(layout), System.out);
            settings = benchmark.settings(scale, seed, repeats, batchSize);
        } catch (IllegalArgumentException e) {
            System.err.println("order bench batch-insert: " + e.getMessage());
            return 2;
        }
        Optional<RunState> run = RunState.read(layout);
        String command = "./order bench batch-insert --reset-all --scale " + settings.scale() + " --repeats " + settings.repeats()
                + " --seed " + settings.seed() + (batchSize == null ? "" : " --batch-size " + batchSize);
        return benchmark.run(settings, AdminClient.of(application.resolve(run), application.trust(run)), management.resolve(run),
                run.map(RunState::database).orElse(null), resetAll, output.resolve(layout), command);
    }
}

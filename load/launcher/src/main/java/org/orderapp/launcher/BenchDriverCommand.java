package org.orderapp.launcher;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.orderapp.lab.bench.DriverBench;
import org.orderapp.lab.experiment.ExperimentDefinition;
import org.orderapp.lab.experiment.Observation;
import org.orderapp.lab.experiment.Variant;
import org.orderapp.lab.run.ExperimentFolder;
import org.orderapp.stack.layout.ProjectLayout;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "driver", mixinStandardHelpOptions = true,
        description = {"Benchmark the load driver against wrk on a trivial endpoint (GET /Order/api/ping) of the running",
                "application, with the same connections, in alternating rounds; prints both rates and the ratio, and writes",
                "the comparison files (results/experiments/<time>-driver/).",
                "Exit status 1 when the driver reaches less than the required share of wrk's rate."})
public class BenchDriverCommand implements Callable<Integer> {

    private static final String WRK = "wrk";
    private static final String DRIVER = "driver";

    @Option(names = "--connections", defaultValue = "16", description = "Connections for both.")
    int connections;

    @Option(names = "--duration", defaultValue = "5s", description = "Length of each round.")
    Duration duration;

    @Option(names = "--rounds", defaultValue = "4", description = "Rounds, alternating which goes first.")
    int rounds;

    @Option(names = "--warm-up", defaultValue = "15s",
            description = "Warm-up of each before the rounds, long enough for the driver's JIT compilation.")
    Duration warmUp;

    @Option(names = "--required", defaultValue = "0.70", description = "Required driver/wrk ratio.")
    double required;

    @Option(names = "--wrk", defaultValue = "wrk", description = "The wrk executable.")
    String wrk;

    @Mixin
    ExperimentOutput output;

    @Mixin
    TargetOptions target;

    @Override
    public Integer call() throws Exception {
        var layout = ProjectLayout.current();
        var app = target.resolve(layout);
        var settings = new DriverBench.Settings(app.application().resolve("api/ping"), connections, duration, rounds, warmUp,
                required, wrk);
        Instant started = Instant.now();
        var result = new DriverBench(settings, System.out).run();
        writeComparison(result, started, layout);
        return result.pass() ? 0 : 1;
    }

    /** Each round's rate of wrk (the control) and of the driver, as observations of one step: the connections. */
    private void writeComparison(DriverBench.Result result, Instant started, ProjectLayout layout) throws Exception {
        var definition = new ExperimentDefinition(DRIVER, "the load generator: this driver against wrk",
                "GET " + result.settings().url() + " with " + connections + " keep-alive connections, rounds of "
                        + duration.toSeconds() + " s alternating which goes first; the driver must reach " + required
                        + " of wrk's rate.", null, null, null, Map.of(), rounds, WRK,
                List.of(Variant.named(WRK, "wrk, the reference"),
                        Variant.named(DRIVER, "the load driver's own HTTP client")));
        var observations = new ArrayList<Observation>();
        String step = connections + " connections";
        for (DriverBench.Round r : result.rounds()) {
            observations.add(new Observation(observations.size() + 1, r.number(), WRK, null, true, List.of(),
                    List.of(new Observation.StepFigures(connections, step, r.wrkRate(), null, null, Map.of()))));
            observations.add(new Observation(observations.size() + 1, r.number(), DRIVER, null, r.driverErrors() == 0,
                    r.driverErrors() == 0 ? List.of() : List.of(r.driverErrors() + " driver errors"),
                    List.of(new Observation.StepFigures(connections, step, r.driverRate(), r.driverP99Millis(), null, Map.of()))));
        }
        String command = "./order bench driver --connections " + connections + " --duration " + duration.toSeconds() + "s --rounds "
                + rounds + " --warm-up " + warmUp.toSeconds() + "s --required " + required;
        ExperimentFolder.writeBenchmark(output.resolve(layout), definition,
                command, started, Map.of("throughput", "requests/s", "step", "connections"), "a warm-up of " + warmUp.toSeconds()
                        + " s of each before the rounds", observations, result, List.of(), System.out);
    }
}

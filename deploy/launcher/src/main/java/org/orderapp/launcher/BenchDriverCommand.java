package org.orderapp.launcher;

import java.time.Duration;
import java.util.concurrent.Callable;
import org.orderapp.load.Durations;
import org.orderapp.load.bench.DriverBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "driver", mixinStandardHelpOptions = true,
        description = {"Benchmark the load driver against wrk on a trivial endpoint (GET /Order/api/ping) of the running",
                "application, with the same connections, in alternating rounds; prints both rates and the ratio.",
                "Exit status 1 when the driver reaches less than the required share of wrk's rate."})
class BenchDriverCommand implements Callable<Integer> {

    @Option(names = "--connections", defaultValue = "16", description = "Connections for both (default ${DEFAULT-VALUE}).")
    int connections;

    @Option(names = "--duration", defaultValue = "5s",
            description = "Length of each round (default ${DEFAULT-VALUE}).")
    Duration duration;

    @Option(names = "--rounds", defaultValue = "4", description = "Rounds, alternating which goes first (default ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--warm-up", defaultValue = "15s",
            description = "Warm-up of each before the rounds, long enough for the driver's JIT compilation (default ${DEFAULT-VALUE}).")
    Duration warmUp;

    @Option(names = "--required", defaultValue = "0.70", description = "Required driver/wrk ratio (default ${DEFAULT-VALUE}).")
    double required;

    @Option(names = "--wrk", defaultValue = "wrk", description = "The wrk executable (default ${DEFAULT-VALUE}).")
    String wrk;

    @Mixin
    TargetOptions target;

    @Override
    public Integer call() throws Exception {
        var app = target.resolve(ProjectLayout.current());
        var settings = new DriverBench.Settings(app.application().resolve("api/ping"), connections, duration, rounds, warmUp,
                required, wrk);
        return new DriverBench(settings, System.out).run().pass() ? 0 : 1;
    }
}

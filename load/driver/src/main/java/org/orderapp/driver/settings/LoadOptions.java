package org.orderapp.driver.settings;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.orderapp.driver.engine.SteadyState;
import org.orderapp.driver.fault.Fault;
import org.orderapp.driver.rules.RunRules;
import org.orderapp.driver.workload.HotProducts;
import org.orderapp.driver.workload.Range;
import org.orderapp.driver.workload.TransactionMix;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** The load driver's command-line options (a picocli mixin), turned into a {@link LoadConfig}. */
public class LoadOptions {

    @Option(names = "--model", paramLabel = "closed|open", defaultValue = "closed",
            description = "closed: a fixed number of users (the guide's model); open: a fixed arrival rate.")
    String model;

    @Option(names = "--users", paramLabel = "STEPS", defaultValue = "1..100/20",
            description = "Closed model: users per step, FROM..TO/STEP (1..100/20 is 1, 20, 40, 60, 80, 100) or a list 1,10,50.")
    String users;

    @Option(names = "--rates", paramLabel = "STEPS", defaultValue = "50,100,200",
            description = "Open model: arrival rates per step in transactions per second, a list or FROM..TO/STEP.")
    String rates;

    @Option(names = "--connections", defaultValue = "200",
            description = "Open model: connections (at most this many requests in flight).")
    int connections;

    @Option(names = "--think-time", paramLabel = "DURATION", defaultValue = "0s",
            description = "Closed model: pause between a user's transactions (the guide: 0 or 1s).")
    Duration thinkTime;

    @Option(names = "--think-exponential", description = "Draw think times from an exponential distribution with that mean.")
    boolean thinkExponential;

    @Option(names = "--warm-up", paramLabel = "DURATION", defaultValue = "10s",
            description = "Load before each step's measurement window, not counted.")
    Duration warmUp;

    @Option(names = "--steady-state",
            description = "Warm the first step up until its throughput is steady (after at least --warm-up and --steady-min): "
                    + "the last windows within --steady-tolerance of their mean and the server's JIT compiler below --steady-jit, at most "
                    + "--steady-max. For a freshly started server.")
    boolean steadyState;

    @Option(names = "--steady-min", paramLabel = "DURATION", defaultValue = "120s",
            description = "Steady state: the shortest warm-up of the first step.")
    Duration steadyMin;

    @Option(names = "--steady-window", paramLabel = "DURATION", defaultValue = "10s",
            description = "Steady state: length of each window compared.")
    Duration steadyWindow;

    @Option(names = "--steady-windows", paramLabel = "N", defaultValue = "3",
            description = "Steady state: how many successive windows must agree.")
    int steadyWindows;

    @Option(names = "--steady-tolerance", paramLabel = "SHARE", defaultValue = "10%",
            description = "Steady state: largest distance of a window from their mean.")
    String steadyTolerance;

    @Option(names = "--steady-jit", paramLabel = "SHARE", defaultValue = "5%",
            description = "Steady state: the largest share of the server's CPU its JIT compiler may take over the last windows "
                    + "(100%% for none; a server on another machine is judged by its throughput alone).")
    String steadyJit;

    @Option(names = "--steady-max", paramLabel = "DURATION", defaultValue = "900s",
            description = "Steady state: the longest warm-up; the run records whether it became steady.")
    Duration steadyMax;

    @Option(names = "--measure", paramLabel = "DURATION", defaultValue = "30s",
            description = "Each step's measurement window.")
    Duration measure;

    @Option(names = "--repeats", defaultValue = "1",
            description = "Whole runs, repeated for mean and spread (the guide ran 5).")
    int repeats;

    @Option(names = "--mix", defaultValue = "neworder=50,inquiry=40,browse=10",
            description = "Transaction weights.")
    String mix;

    @Option(names = "--lines", paramLabel = "N|MIN-MAX", defaultValue = "1-9",
            description = "Lines per order: a range, each count dealt once a deck (1-9 averages 5, as the guide's) or a fixed count "
                    + "(1, 5, 9, 15, 20 for the batching experiments).")
    String lines;

    @Option(names = "--quantity", paramLabel = "MIN-MAX", defaultValue = "1-10",
            description = "Quantity per line.")
    String quantity;

    @Option(names = "--browse-pages", defaultValue = "2",
            description = "Pages a browse turns after its search (while there are more).")
    int browsePages;

    @Option(names = "--endpoints", paramLabel = "auto|form|api", defaultValue = "auto",
            description = "NewOrder and OrderInquiry through the form endpoints (/NewOrder, /OrderInquiry), the JSON API, "
                    + "or auto: the form endpoints when the server has them.")
    String endpoints;

    @Option(names = "--customers", paramLabel = "FROM-TO",
            description = "Only customers with ids in this range (default: every customer in the database).")
    String customers;

    @Option(names = "--hot-products", paramLabel = "N[:SHARE]",
            description = "Concentrate orders on N hot products (the first N of every distribution center's assortment): "
                    + "each line names one of them with probability SHARE (a fraction or a percentage; default 1), another "
                    + "product otherwise. Concurrent orders then meet on the same stock rows. Default: every product alike.")
    String hotProducts;

    @Option(names = "--seed", defaultValue = "42", description = "Random seed: the same seed deals the transactions in the same order and gives each user the same "
            + "choices (with several users, which user takes which transaction follows their timing).")
    long seed;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "30s",
            description = "Request timeout; a timeout counts as an error.")
    Duration timeout;

    @Option(names = "--sample-interval", paramLabel = "DURATION", defaultValue = "1s",
            description = "Progress, histogram log and server sampling interval. Below 1s, only the replenish MDB (instances at "
                    + "work, pool in use) is sampled that often, everything else every second.")
    Duration sampleInterval;

    @Option(names = "--lock-profile",
            description = "Record lock contention in the server (JDK Flight Recorder via jcmd) during each measurement window.")
    boolean lockProfile;

    @Option(names = "--lock-threshold", paramLabel = "DURATION", defaultValue = "1ms",
            description = "Shortest blocked or parked time recorded.")
    Duration lockThreshold;

    @Option(names = "--cpu-profile",
            description = "Profile the server JVM's CPU during each measurement window and write a flame graph per step "
                    + "(flamegraphs/*.html, linked from the report): async-profiler attached to the server (perf events, "
                    + "else CPU timers), else the JDK's execution samples. Needs the server on this machine, as this user.")
    boolean cpuProfile;

    @Option(names = "--cpu-interval", paramLabel = "DURATION", defaultValue = "10ms",
            description = "CPU profile: sampling interval (CPU time between two samples).")
    Duration cpuInterval;

    @Option(names = "--no-audit", description = "Skip the audit at the end.")
    boolean noAudit;

    @Option(names = "--drain-timeout", paramLabel = "DURATION", defaultValue = "120s",
            description = "How long to wait for the replenish queue to drain before the audit.")
    Duration drainTimeout;

    @Option(names = "--rt-limit", showDefaultValue = Visibility.NEVER, paramLabel = "TYPE=DURATION", split = ",",
            description = "Run rule: 90th-percentile response-time limit of a request type (NewOrder, OrderInquiry, "
                    + "BrowseSearch, BrowseNext, Ping, or all), repeatable. Default " + RunRules.DEFAULT_P90_LIMIT + " for every type.")
    List<String> rtLimits = new ArrayList<>();

    @Option(names = "--mix-tolerance", paramLabel = "SHARE", defaultValue = RunRules.DEFAULT_MIX_TOLERANCE,
            description = "Run rule: largest difference of a transaction's achieved share from the configured one, in "
                    + "percentage points.")
    String mixTolerance;

    @Option(names = "--max-error-rate", paramLabel = "SHARE", defaultValue = RunRules.DEFAULT_MAX_ERROR_RATE,
            description = "Run rule: largest share of failed requests (timeouts, refused connections, error statuses) "
                    + "in a window.")
    String maxErrorRate;

    @Option(names = "--fault", showDefaultValue = Visibility.NEVER, paramLabel = "KIND@TIME[:DURATION|COUNT]", split = ",",
            description = "Inject a fault TIME after the run starts (the report timeline's clock), repeatable: db-stall "
                    + "(the database process stopped with SIGSTOP for DURATION, default 15s, then resumed), db-hang (the link "
                    + "between server and database drops everything for DURATION, default 15s; in experiments, whose server "
                    + "reaches the database through the driver's relay), db-restart (the "
                    + "database killed with SIGKILL), server-kill (the server JVM killed with SIGKILL), node-kill (a "
                    + "cluster's first node killed with SIGKILL; the balancer moves its users), db-node-kill (a database "
                    + "cluster's first node killed with SIGKILL; the others go on, it rejoins), db-partition (a database "
                    + "cluster's first node cut off from the others for DURATION, default 30s, by nftables rules; needs "
                    + "root); ./order run and "
                    + "experiments start a killed process again; these need the process on this machine. poison (one "
                    + "replenish message the MDB cannot process, through the admin API; it ends on ReplenishDLQ). "
                    + "server-kill-in-commit@TIME[:COUNT] (the server halted inside an order's commit COUNT times in a "
                    + "row, default 1, each once it serves again; needs a server started with "
                    + "order.faults.halt-in-commit=true, as an experiment's is). db-disk-full (the filesystem of the "
                    + "database's data directory filled for DURATION, default 15s, then emptied; an experiment's "
                    + "database gets one of its own, which takes root).")
    List<String> faults = new ArrayList<>();

    @Option(names = "--output", paramLabel = "DIR", description = "Where run folders are created (default: results/ in the project).")
    Path output;

    @Option(names = "--label", description = "A name added to the run folder's name.")
    String label;

    /**
     * The run these options describe. Durations are read by {@link Durations}, registered on the command line that
     * parsed them (see {@link #parse}).
     */
    public LoadConfig toConfig(Path defaultOutput) {
        var m = LoadConfig.Model.valueOf(model.toUpperCase(Locale.ROOT));
        return new LoadConfig(m, LoadConfig.parseSteps(m == LoadConfig.Model.CLOSED ? users : rates), connections, thinkTime,
                thinkExponential, warmUp, measure, repeats, TransactionMix.parse(mix), Range.parse(lines, "--lines"),
                Range.parse(quantity, "--quantity"), browsePages, LoadConfig.Endpoints.valueOf(endpoints.toUpperCase(Locale.ROOT)),
                customers == null ? new Range(1, Range.UNBOUNDED) : Range.parse(customers, "--customers"),
                hotProducts == null ? null : HotProducts.parse(hotProducts), seed, timeout,
                sampleInterval, lockProfile, lockThreshold, cpuProfile, cpuInterval, !noAudit, drainTimeout, output != null ? output : defaultOutput, label,
                steadyState ? new SteadyState(steadyMin, steadyWindow, steadyWindows,
                        RunRules.parseShare(steadyTolerance, "--steady-tolerance"), steadyMax,
                        RunRules.parseShare(steadyJit, "--steady-jit")) : null,
                new RunRules(RunRules.parseLimits(rtLimits, Durations::parse),
                        RunRules.parseShare(mixTolerance, "--mix-tolerance"), RunRules.parseShare(maxErrorRate, "--max-error-rate")),
                faults.stream().map(f -> Fault.parse(f, Durations::parse)).toList());
    }

    /** The run that these ./order load arguments describe, every other option at its default. */
    public static LoadConfig parse(Path defaultOutput, List<String> args) {
        var command = new Arguments();
        commandLine(command).parseArgs(args.toArray(String[]::new));
        return command.options.toConfig(defaultOutput);
    }

    /** A command line whose options read durations as people write them (30s, 500ms). */
    public static CommandLine commandLine(Object command) {
        return new CommandLine(command).registerConverter(Duration.class, new Durations());
    }

    @Command(name = "load")
    static final class Arguments {
        @Mixin
        LoadOptions options;
    }
}

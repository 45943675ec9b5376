package org.orderapp.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.orderapp.driver.rules.RunRules;
import org.orderapp.driver.settings.Durations;
import org.orderapp.lab.experiment.ExperimentDefinition;
import org.orderapp.lab.experiment.Instances;
import org.orderapp.lab.interleaved.InterleavedExperiment;
import org.orderapp.lab.interleaved.MethodChoice;
import org.orderapp.lab.interleaved.Pairing;
import org.orderapp.lab.interleaved.StopRule;
import org.orderapp.lab.run.CatalogueRun;
import org.orderapp.lab.run.ExperimentExecution;
import org.orderapp.lab.run.ExperimentRunner;
import org.orderapp.lab.run.InterleavedRun;
import org.orderapp.lab.run.RunnerSettings;
import org.orderapp.stack.layout.ProjectLayout;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** ./order experiment: one setting's effect, measured by the interleaved method or in rounds, with confidence intervals. */
@Command(name = "experiment", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run an experiment: every variant of a setting on the same load, then the means and paired ratios with",
                "95 %% confidence intervals, every window audited and judged by the run rules. By default the interleaved",
                "method: every variant's server started once and warmed up until steady, then blocks of short windows, each",
                "variant once per block in a random order, until --precision or --max-time (docs/experiments.md). Where a",
                "variant needs a fresh start (a benchmark, a cluster, a fault, an AOT cache) or with --rounds: alternating",
                "rounds (A B, B A ...), each run on a freshly started database and server. --list names each one's method.",
                "NAME is a file load/experiments/NAME.yaml; FILE is your own; 'all' runs every experiment of load/experiments",
                "one after the other (with --quick: a smoke check of the whole catalogue) and sums them up at the end.",
                "Results: results/experiments/<time>-NAME/.",
                "Exit status: 1 when a run fails --fail-on (by default: one was INVALID or failed its audit) or, with 'all',",
                "an experiment failed to run; 2 for a bad definition or option; else 0."})
public class ExperimentCommand implements Callable<Integer> {

    static final int DEFAULT_PORT_OFFSET = 200;
    /** The name that runs the whole catalogue. */
    static final String ALL = "all";

    @Parameters(arity = "0..1", paramLabel = "NAME|FILE|all",
            description = "The experiment: a name under load/experiments, a file, or all of load/experiments.")
    String experiment;

    @Option(names = "--quick", description = {"A smoke check, not a measurement: one round (a ratio without an interval), the "
            + "last step only, a 5-s warm-up and a 10-s window without steady state; a benchmark loads a small data set. "
            + "Options given beside it win."})
    boolean quick;

    @Option(names = "--list", description = "List the experiments: name, what each varies, the guide's figure and the method "
            + "each is measured by.")
    boolean list;

    @Option(names = "--precision", paramLabel = "SHARE", defaultValue = "3%",
            description = "Interleaved method: measure blocks until every ratio of throughput and of CPU per transaction (each "
                    + "variant against the control, at each step) has a 95 %% interval within this share of the ratio.")
    String precision;

    @Option(names = "--max-time", paramLabel = "DURATION",
            description = "Interleaved method: the experiment's longest wall time, start and warm-up included; it then stops "
                    + "and says how precise it got. Default: the experiment file's (interleaved: max-time), else "
                    + StopRule.DEFAULT_MAX_TIME_TEXT + ".")
    String maxTime;

    @Option(names = "--instances", paramLabel = "N",
            description = "Interleaved method: run every variant that has a server of its own on N servers (NAME, NAME@2 ...; "
                    + "from 1 to " + Instances.MAX + "), and take its ratios over them: two JVMs of one configuration differ by "
                    + "their JIT compilers' decisions (up to about 3 %% here), which no number of blocks averages out. "
                    + "Default: the experiment file's (interleaved: instances), else 1.")
    Integer instances;

    @Option(names = "--warm-up-users", paramLabel = "N", defaultValue = "" + InterleavedExperiment.DEFAULT_WARM_UP_USERS,
            description = "Interleaved method: users per server while every server warms up at once (at most the first step's): "
                    + "few leave the servers' JIT compilers more of the machine.")
    int warmUpUsers;

    @ArgGroup(exclusive = true)
    PairingChoice pairingChoice;

    /** How a block measures its variants, when the command line says it; else the experiment file's (interleaved: pairing). */
    static final class PairingChoice {
        @Option(names = "--duet", description = "Interleaved method: measure every variant's window at the same time, each "
                + "server on a database of its own, instead of one after another (duet benchmarking, Bulej et al., ICPE 2020): "
                + "a slower spell of this shared machine then falls on every variant of a block alike. Each server gets the "
                + "step's users, so the servers share the cores. A server hosting server-of variants measures them one per "
                + "round, the other servers beside them (partner windows). Default: the experiment file's "
                + "(interleaved: pairing), else in turn.")
        boolean duet;

        @Option(names = "--in-turn", description = "Interleaved method: measure a block's variants one after another, each "
                + "alone on the machine, where the experiment file asks for a duet.")
        boolean inTurn;
    }

    @Option(names = "--own-cores", description = "With --duet: each server and its database on cores of their own "
            + "(taskset; with more servers than cores, two or more to a core), so that the servers measured at the "
            + "same time do not take CPU from each other; the cores change hands before every block. The driver stays "
            + "on every core.")
    boolean ownCores;

    @Option(names = "--rounds", paramLabel = "N", description = "Use the method of rounds (a fresh database and server per run, "
            + "the variants alternating) with N rounds of every variant (the file's 'rounds' otherwise; default 3).")
    Integer rounds;

    @Option(names = "--warm-up", paramLabel = "DURATION", description = "Each step's warm-up (overrides the file's load).")
    String warmUp;

    @Option(names = "--measure", paramLabel = "DURATION", description = "Each step's measurement window (overrides the file's load).")
    String measure;

    @Option(names = "--users", paramLabel = "STEPS", description = "Users per step, e.g. 20,60,100 (overrides the file's load).")
    String users;

    @Option(names = "--steady-jit", paramLabel = "SHARE", description = "The warm-up's largest JIT compiler share of the "
            + "server's CPU (overrides the file's load; ./order load --help says more).")
    String steadyJit;

    @Option(names = "--steady-min", paramLabel = "DURATION", description = "The shortest warm-up until steady (overrides the "
            + "file's load).")
    String steadyMin;

    @Option(names = "--steady-max", paramLabel = "DURATION", description = "The longest warm-up until steady (overrides the "
            + "file's load); a run that did not become steady within it says so in its summary.")
    String steadyMax;

    @Option(names = "--no-steady-state", description = "Warm up for the --warm-up alone, not until steady (overrides the "
            + "file's load): shorter runs, with the JIT compiler still at work in the window, the same for every variant.")
    boolean noSteadyState;

    @Option(names = "--cpu-profile", description = "Profile each server's CPU in every window and draw, for every variant at "
            + "every step, the differential flame graph of its server against the control's, with the frames that changed most.")
    boolean cpuProfile;

    @Option(names = "--variants", paramLabel = "NAME", split = ",", description = "Only these variants (and the control, "
            + "always), e.g. --variants fetch-1,fetch-500; the control alone runs only it (by rounds: no ratio).")
    List<String> variants;

    @Option(names = "--port-offset", paramLabel = "N", defaultValue = "" + DEFAULT_PORT_OFFSET,
            description = "Offset of the experiment's server ports, so it does not collide with ./order run.")
    int portOffset;

    @Option(names = "--reset-all", description = "With ORDER_DB_URL: allow the experiment to replace ALL data of that database.")
    boolean resetAll;

    @Option(names = "--dry-run", description = "Check the definition and print the plan of runs; start nothing.")
    boolean dryRun;

    @Mixin
    ExperimentOutput output;

    @Mixin
    FailOnOption exit;

    @Option(names = "--state-dir", paramLabel = "DIR",
            description = "Where the experiment's embedded database and server keep their state (default: var/experiment).")
    Path stateDir;

    /** The JDK of the variants that name none (jdk or java-home in the file). */
    @Mixin
    JavaHomeOption jdk;

    @Mixin
    UnsafeDurabilityOption durability;

    @Override
    public Integer call() throws Exception {
        var layout = ProjectLayout.current();
        Path catalog = layout.experiments();
        if (list) {
            printList(catalog);
            return 0;
        }
        if (experiment == null) {
            System.err.println("order experiment: name an experiment or a file (./order experiment --list shows them)");
            return 2;
        }
        try {
            stopRule(null); // a bad --precision or --max-time is refused before anything starts
            jdk.resolve(); // so is a bad --java-home
            if (ownCores && (inTurnGiven() || (!duetGiven() && ALL.equals(experiment)))) {
                throw new IllegalArgumentException("--own-cores is a way of --duet: give both");
            }
            if ((duetGiven() || ownCores) && (rounds != null || quick)) {
                throw new IllegalArgumentException((ownCores ? "--own-cores" : "--duet") + " is a way of the interleaved method; "
                        + (quick ? "--quick" : "--rounds") + " asks for the method of rounds");
            }
            if (instances != null && (rounds != null || quick)) {
                throw new IllegalArgumentException("--instances is a way of the interleaved method; " + (quick ? "--quick" : "--rounds")
                        + " asks for the method of rounds, whose every round is a fresh JVM");
            }
            if (instances != null) {
                Instances.check(instances, "--instances");
            }
            if (inTurnGiven() && (rounds != null || quick)) {
                throw new IllegalArgumentException("--in-turn is a way of the interleaved method; " + (quick ? "--quick" : "--rounds")
                        + " asks for the method of rounds");
            }
        } catch (IllegalArgumentException e) {
            System.err.println("order experiment: " + e.getMessage());
            return 2;
        }
        if (experiment.equals(ALL)) {
            if (variants != null) {
                System.err.println("order experiment: --variants names one experiment's variants; it does not apply to all");
                return 2;
            }
            return new CatalogueRun(file -> {
                var definition = definition(file);
                return runner(layout, definition, file,
                        commandLine(file.getFileName().toString().replace(ExperimentDefinition.SUFFIX, ""), definition));
            }, quick, dryRun, layout, System.out, exit.failOn).run(ExperimentDefinition.list(catalog));
        }
        ExperimentDefinition definition;
        Path file;
        try {
            file = resolve(catalog, experiment);
            definition = definition(file);
        } catch (IllegalArgumentException e) {
            System.err.println("order experiment: " + e.getMessage());
            return 2;
        }
        try {
            var execution = runner(layout, definition, file, commandLine(experiment, definition));
            int status = execution.run();
            // 1: a run was invalid; --fail-on says whether that fails
            return status == 1 ? exit.failOn.exitStatus(false, execution.auditFailed()) : status;
        } catch (IllegalArgumentException e) {
            System.err.println("order experiment: " + e.getMessage());
            return 2;
        }
    }

    /** The definition in the file, made quick if asked, with the command line's overrides. */
    ExperimentDefinition definition(Path file) throws IOException {
        var d = ExperimentDefinition.read(file);
        if (variants != null) {
            d = d.only(variants);
        }
        return (quick ? d.quick() : d).with(rounds, overrides()).onJavaHome(jdk.given());
    }

    /** The experiment by the interleaved method, or by rounds where it must (MethodChoice says why). */
    ExperimentExecution runner(ProjectLayout layout, ExperimentDefinition definition, Path file, String command) {
        var settings = settings(layout, command);
        var rounds = MethodChoice.whyRoundsOrRefuse(definition, this.rounds != null, quick);
        if (rounds.isPresent() && (duetGiven() || inTurnGiven() || ownCores || instances != null) && !experiment.equals(ALL)) {
            throw new IllegalArgumentException((ownCores ? "--own-cores" : duetGiven() ? "--duet" : inTurnGiven() ? "--in-turn" : "--instances")
                    + " is a way of the interleaved method, and " + definition.name() + " is measured by rounds: " + rounds.get());
        }
        if (rounds.isPresent()) {
            return new ExperimentRunner(layout, definition, file, settings, rounds.get(), System.out);
        }
        return new InterleavedRun(layout, definition.withInstances(instances(definition)), file, settings, stopRule(definition),
                warmUpUsers, pairing(definition), System.out);
    }

    /** --instances, else the definition's, else one server per variant. */
    int instances(ExperimentDefinition definition) {
        if (instances != null) {
            return instances;
        }
        Integer own = definition.interleavedOrNone().instances();
        return own != null ? own : 1;
    }

    /**
     * How the interleaved method's blocks measure the definition's variants: --duet or --in-turn, else the file's
     * pairing, else in turn; --own-cores makes a duet one on own cores, and is refused for one in turn.
     */
    Pairing pairing(ExperimentDefinition definition) {
        boolean duet = duetGiven() || (!inTurnGiven() && "duet".equals(definition.interleavedOrNone().pairing()));
        if (ownCores && !duet) {
            throw new IllegalArgumentException("--own-cores is a way of --duet: give both (" + definition.name()
                    + " is measured in turn)");
        }
        return !duet ? Pairing.IN_TURN : ownCores ? Pairing.DUET_ON_OWN_CORES : Pairing.DUET;
    }

    private boolean duetGiven() {
        return pairingChoice != null && pairingChoice.duet;
    }

    private boolean inTurnGiven() {
        return pairingChoice != null && pairingChoice.inTurn;
    }

    /** --max-time, else the definition's (null: none yet read), else the default. */
    String maxTime(ExperimentDefinition definition) {
        if (maxTime != null) {
            return maxTime;
        }
        String own = definition == null ? null : definition.interleavedOrNone().maxTime();
        return own != null ? own : StopRule.DEFAULT_MAX_TIME_TEXT;
    }

    /** What the runners take from the command line beside the definition. */
    RunnerSettings settings(ProjectLayout layout, String command) {
        return new RunnerSettings(portOffset, output.resolve(layout),
                stateDir != null ? stateDir.toAbsolutePath() : layout.var().resolve("experiment"), resetAll, dryRun, command,
                durability.allowed);
    }

    /** --precision and --max-time (else the definition's); a bad value is refused before anything starts. */
    StopRule stopRule(ExperimentDefinition definition) {
        double share = RunRules.parseShare(precision, "--precision");
        java.time.Duration limit;
        try {
            limit = Durations.parse(maxTime(definition));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--max-time: " + e.getMessage());
        }
        try {
            return new StopRule(share, limit, StopRule.DEFAULT_MIN_BLOCKS);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException((e.getMessage().startsWith("a precision") ? "--precision: " : "--max-time: ") + e.getMessage());
        }
    }

    private Map<String, Object> overrides() {
        Map<String, Object> o = new LinkedHashMap<>();
        if (warmUp != null) {
            o.put("warm-up", warmUp);
        }
        if (steadyJit != null) {
            o.put("steady-jit", steadyJit);
        }
        if (steadyMin != null) {
            o.put("steady-min", steadyMin);
        }
        if (steadyMax != null) {
            o.put("steady-max", steadyMax);
        }
        if (noSteadyState) {
            o.put("steady-state", false);
        }
        if (measure != null) {
            o.put("measure", measure);
        }
        if (cpuProfile) {
            o.put("cpu-profile", true);
        }
        if (users != null) {
            o.put("users", users);
        }
        return o;
    }

    /**
     * The command of one experiment as run, for the comparison page (so a figure can be rerun): as typed, with the
     * interleaved method's settings that applied, wherever they came from.
     */
    String commandLine(String name, ExperimentDefinition definition) {
        var b = new StringBuilder("./order experiment ").append(name);
        if (quick) {
            b.append(" --quick");
        }
        if (rounds != null) {
            b.append(" --rounds ").append(rounds);
        } else if (!quick) {
            b.append(" --precision ").append(precision).append(" --max-time ").append(maxTime(definition));
        }
        if (rounds == null && !quick && MethodChoice.whyRounds(definition, false, false).isEmpty()) {
            b.append(switch (pairing(definition)) {
                case DUET -> " --duet";
                case DUET_ON_OWN_CORES -> " --duet --own-cores";
                case IN_TURN -> "duet".equals(definition.interleavedOrNone().pairing()) ? " --in-turn" : "";
            });
            if (instances(definition) > 1 || instances != null || definition.interleavedOrNone().instances() != null) {
                b.append(" --instances ").append(instances(definition));
            }
        }
        if (variants != null) {
            b.append(" --variants ").append(String.join(",", variants));
        }
        if (jdk.given() != null) {
            b.append(" --java-home ").append(jdk.given());
        }
        if (durability.allowed) {
            b.append(" --allow-unsafe-durability");
        }
        overrides().forEach((k, v) -> b.append(v instanceof Boolean flag ? (flag ? " --" + k : " --no-" + k) : " --" + k + " " + v));
        return b.toString();
    }

    static Path resolve(Path catalog, String experiment) throws IOException {
        Path asFile = Path.of(experiment);
        if (experiment.endsWith(ExperimentDefinition.SUFFIX) || experiment.contains("/") || Files.isRegularFile(asFile)) {
            if (!Files.isRegularFile(asFile)) {
                throw new IllegalArgumentException("no such file: " + asFile.toAbsolutePath());
            }
            return asFile;
        }
        Path named = catalog.resolve(experiment + ExperimentDefinition.SUFFIX);
        if (!Files.isRegularFile(named)) {
            var known = ExperimentDefinition.list(catalog).stream().map(p -> p.getFileName().toString().replace(ExperimentDefinition.SUFFIX, ""))
                    .toList();
            throw new IllegalArgumentException("no experiment '" + experiment + "'; known: " + String.join(", ", known));
        }
        return named;
    }

    private static void printList(Path catalog) throws IOException {
        for (Path file : ExperimentDefinition.list(catalog)) {
            try {
                var d = ExperimentDefinition.read(file);
                String guide = d.guide() == null ? "" : d.guide().reference() + (d.guide().figure() == null ? "" : ": " + d.guide().figure());
                System.out.printf("%-26s %s%n", d.name(), d.varies());
                if (!guide.isEmpty()) {
                    System.out.printf("%-26s   guide: %s%n", "", guide);
                }
                System.out.printf("%-26s   method: %s%n", "", MethodChoice.whyRounds(d, false, false)
                        .map(why -> "rounds (" + why + ")").orElse("interleaved (resident servers, blocks of windows"
                                + ("duet".equals(d.interleavedOrNone().pairing()) ? ", all at once: duet" : "")
                                + (d.interleavedOrNone().maxTime() != null ? ", at most " + d.interleavedOrNone().maxTime() : "")
                                + (d.interleavedOrNone().instances() != null ? ", " + d.interleavedOrNone().instances()
                                + " servers per variant" : "") + ")"));
            } catch (IllegalArgumentException e) {
                System.out.printf("%-26s INVALID: %s%n", file.getFileName(), e.getMessage());
            }
        }
    }
}

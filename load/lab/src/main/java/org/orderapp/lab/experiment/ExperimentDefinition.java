package org.orderapp.lab.experiment;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.orderapp.driver.settings.Durations;
import org.orderapp.driver.settings.LoadConfig;
import org.orderapp.driver.settings.LoadOptions;
import picocli.CommandLine;

/**
 * One experiment, as a YAML file (load/experiments/NAME.yaml, or a user's own): what it varies, the guide's figure it
 * is measured against, the load (any option of ./order load, by its long name), how many rounds and which variant is
 * the control. Keys are written in kebab case, as the command line's options are.
 *
 * @param name        the experiment's name (default: the file's name without .yaml)
 * @param varies      one line on what it varies, for the list
 * @param description what it varies and why, in a sentence or two
 * @param guide       the guide's section or table and its figure, if it measured one
 * @param benchmark   null for a load experiment; otherwise the benchmark whose loaders the variants name (batch-insert),
 *                    run on the experiment's own server instead of a load
 * @param data        the reference data loaded once for the experiment (a benchmark's data set)
 * @param load        ./order load options by long name without dashes: {users: "20,60,100", measure: 30s, ...}
 * @param rounds      rounds of every variant, in alternating order (default 3)
 * @param control     the variant the others are compared with (default the first)
 * @param variants    at least two
 * @param metrics     server figures compared besides throughput, p99, mean and CPU (Metric keys: gc_pause_ms_per_s, ...)
 * @param interleaved the interleaved method's defaults for this experiment, which the command line overrides
 */
public record ExperimentDefinition(String name, String varies, String description, Guide guide, String benchmark, Data data,
                                   Map<String, Object> load, Integer rounds, String control, List<Variant> variants,
                                   List<String> metrics, Interleaved interleaved) {

    public static final int DEFAULT_ROUNDS = 3;
    public static final String SUFFIX = ".yaml";
    /** What the names of an experiment and of its variants may hold. */
    private static final String NAME = "[A-Za-z0-9._-]+";

    /**
     * A smoke check (--quick): one round (a ratio without an interval), one step (the last, where the guide's figures
     * are), a short fixed warm-up and window, no steady state; a benchmark loads a small data set. It checks that
     * everything runs, answers rightly and passes the audit, not how fast: a server measured 5 s after its start is
     * cold, so the response-time limit is the request timeout and the mix tolerance is wide.
     */
    static final Map<String, Object> QUICK_LOAD = Map.of("warm-up", "5s", "measure", "10s", "steady-state", false,
            "rt-limit", List.of("all=30s"), "mix-tolerance", "20%");
    static final double QUICK_BENCHMARK_SCALE = 0.002;

    /** The reference data set of the experiment: the batch load's scale and seed (defaults: the seed data set). */
    public record Data(Double scale, Long seed) {
    }

    /**
     * How this experiment is best measured by the interleaved method, where the command line says nothing: its pairing
     * ("in-turn" or "duet", as --in-turn and --duet), its longest wall time (as --max-time) and its servers per variant
     * (as --instances, {@link Instances}). Null where not said. {@code quartets}, the file's alone: how many quartets a
     * runtime variant's switched window holds (1 to {@link #MAX_QUARTETS}, default 1), its round lasting as many
     * windows: the round's reset, settle and audit are paid once for all of them.
     */
    public record Interleaved(String pairing, String maxTime, Integer instances, Integer quartets) {

        /** The pairings a file may name. */
        public static final List<String> PAIRINGS = List.of("in-turn", "duet");
        /**
         * The most quartets a switched window may hold: past four, a block lasts several times its windows, and the
         * headline ratios, whose intervals count blocks, get too few of them within the time limit.
         */
        public static final int MAX_QUARTETS = 4;

        void check(Path file) {
            if (pairing != null && !PAIRINGS.contains(pairing)) {
                throw new IllegalArgumentException(file + ": interleaved: pairing '" + pairing + "' is not one of " + PAIRINGS);
            }
            if (maxTime != null) {
                try {
                    Durations.parse(maxTime);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(file + ": interleaved: max-time: " + e.getMessage());
                }
            }
            if (instances != null) {
                Instances.check(instances, file + ": interleaved");
            }
            if (quartets != null && (quartets < 1 || quartets > MAX_QUARTETS)) {
                throw new IllegalArgumentException(file + ": interleaved: quartets " + quartets + " is not from 1 to " + MAX_QUARTETS);
            }
        }
    }

    /** The interleaved method's defaults of the file; none said, an empty one. */
    public Interleaved interleavedOrNone() {
        return interleaved != null ? interleaved : new Interleaved(null, null, null, null);
    }

    /** The quartets of a runtime variant's switched window (interleaved: quartets; default 1). */
    public int quartets() {
        Integer q = interleavedOrNone().quartets();
        return q == null ? 1 : q;
    }

    @JsonCreator
    public ExperimentDefinition {
        load = load == null ? new LinkedHashMap<>() : new LinkedHashMap<>(load);
        variants = variants == null ? List.of() : List.copyOf(variants);
        metrics = metrics == null ? List.of() : List.copyOf(metrics);
    }

    /** A definition that compares throughput, p99, mean and CPU only, with the interleaved method's own defaults. */
    public ExperimentDefinition(String name, String varies, String description, Guide guide, String benchmark, Data data,
                                Map<String, Object> load, Integer rounds, String control, List<Variant> variants) {
        this(name, varies, description, guide, benchmark, data, load, rounds, control, variants, List.of(), null);
    }

    /** Throughput, p99, mean and CPU, then the server figures the definition names. */
    public List<Metric> comparedMetrics() {
        var all = new ArrayList<>(Metric.ALWAYS);
        metrics.stream().map(Metric::of).filter(m -> !all.contains(m)).forEach(all::add);
        return all;
    }

    /** Reads and checks a definition; every problem is an IllegalArgumentException naming the file. */
    public static ExperimentDefinition read(Path file) throws IOException {
        ExperimentDefinition d = DefinitionYaml.read(file, ExperimentDefinition.class);
        if (d == null) {
            throw new IllegalArgumentException(file + " is empty");
        }
        String fileName = file.getFileName().toString();
        String fallback = fileName.endsWith(SUFFIX) ? fileName.substring(0, fileName.length() - SUFFIX.length()) : fileName;
        d = new ExperimentDefinition(d.name() == null || d.name().isBlank() ? fallback : d.name(), d.varies(), d.description(),
                d.guide(), d.benchmark(), d.data(), d.load(), d.rounds(), d.control(), d.variants(), d.metrics(), d.interleaved());
        d.check(file);
        return d.withServersOf();
    }

    /** The variants on another's server (server-of) as what they run: their host's configuration and their properties. */
    private ExperimentDefinition withServersOf() {
        Map<String, Variant> byName = new LinkedHashMap<>();
        variants.forEach(v -> byName.put(v.name(), v));
        return withVariants(variants.stream().map(v -> v.serverOf() == null ? v : v.onServerOf(byName.get(v.serverOf()))).toList());
    }

    private void check(Path file) {
        if (!name.matches(NAME)) {
            throw new IllegalArgumentException(file + ": name '" + name + "' may hold letters, digits, '.', '_' and '-' only");
        }
        if (varies == null || varies.isBlank()) {
            throw new IllegalArgumentException(file + ": 'varies' is required: one line on what the experiment varies");
        }
        if (variants.size() < 2) {
            throw new IllegalArgumentException(file + ": an experiment compares at least two variants; it has " + variants.size());
        }
        var names = new HashSet<String>();
        for (Variant v : variants) {
            if (v.name() == null || !v.name().matches(NAME)) {
                throw new IllegalArgumentException(file + ": every variant needs a name of letters, digits, '.', '_' or '-'; got '"
                        + v.name() + "'");
            }
            if (!names.add(v.name())) {
                throw new IllegalArgumentException(file + ": two variants are called '" + v.name() + "'");
            }
            v.check(file);
        }
        if (benchmark != null) {
            if (!load.isEmpty()) {
                throw new IllegalArgumentException(file + ": a benchmark (" + benchmark + ") runs no load; remove 'load'");
            }
            for (Variant v : variants) {
                if (v.setsServer()) {
                    throw new IllegalArgumentException(file + ": variant " + v.name() + ": a benchmark's variants name its "
                            + "loaders and take no server settings");
                }
            }
        }
        for (Variant v : variants) {
            v.checkServerCli(file);
        }
        Map<String, Variant> byName = new LinkedHashMap<>();
        variants.forEach(v -> byName.put(v.name(), v));
        variants.stream().filter(v -> v.serverOf() != null).forEach(v -> RuntimeSwitches.check(file, v, byName));
        if (control != null && !names.contains(control)) {
            throw new IllegalArgumentException(file + ": the control '" + control + "' is not one of the variants " + names);
        }
        if (rounds != null && rounds < 1) {
            throw new IllegalArgumentException(file + ": rounds must be at least 1, got " + rounds);
        }
        if (interleaved != null) {
            interleaved.check(file);
            if (interleaved.quartets() != null && variants.stream().noneMatch(v -> v.serverOf() != null
                    && !RuntimeSwitches.switched(v).isEmpty())) {
                throw new IllegalArgumentException(file + ": interleaved: quartets is for a variant switched at runtime on "
                        + "another's server (server-of, switching " + RuntimeSwitches.SPIN_MICROS + "); this file has none");
            }
        }
        for (String m : metrics) {
            try {
                Metric.of(m);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + ": metrics: " + e.getMessage());
            }
        }
        if (data != null && data.scale() != null && !(data.scale() > 0)) {
            throw new IllegalArgumentException(file + ": data scale must be positive");
        }
        if (guide != null) {
            for (Guide.Expected e : guide.expected()) {
                if (!names.contains(e.variant())) {
                    throw new IllegalArgumentException(file + ": the guide's expected figure names no variant of this experiment: "
                            + e.variant());
                }
                Metric.of(e.metric());
            }
        }
    }

    public int roundsOrDefault() {
        return rounds == null ? DEFAULT_ROUNDS : rounds;
    }

    public String controlOrDefault() {
        return control != null ? control : variants.get(0).name();
    }

    /**
     * The variant whose server each variant runs on (interleaved method), by name, in the file's order: its own, or
     * (server-of) its host's when the host is among the variants, switched to the variant's settings at runtime.
     */
    public Map<String, String> servers() {
        var names = variants.stream().map(Variant::name).toList();
        var servers = new LinkedHashMap<String, String>();
        variants.forEach(v -> servers.put(v.name(), v.serverOf() != null && names.contains(v.serverOf()) ? v.serverOf() : v.name()));
        return servers;
    }

    /** The servers an interleaved experiment starts: one per variant, less those measured on another's. */
    public int serverCount() {
        return (int) servers().entrySet().stream().filter(e -> e.getKey().equals(e.getValue())).count();
    }

    /**
     * The most variants on one server: the rounds of a block measured all at once (duet), since a server measures one
     * variant at a time.
     */
    public int mostOnOneServer() {
        return variantsPerServer().values().stream().mapToInt(Integer::intValue).max().orElse(1);
    }

    /** How many variants each server is measured with (interleaved method), by its own variant's name. */
    public Map<String, Integer> variantsPerServer() {
        var counts = new LinkedHashMap<String, Integer>();
        servers().values().forEach(s -> counts.merge(s, 1, Integer::sum));
        return counts;
    }

    /** The same experiment with other rounds or load options (the command line's overrides). */
    public ExperimentDefinition with(Integer rounds, Map<String, Object> loadOverrides) {
        if (benchmark != null && !loadOverrides.isEmpty()) {
            throw new IllegalArgumentException(name + " is a benchmark (" + benchmark + "): it runs no load, so "
                    + String.join(", ", loadOverrides.keySet().stream().map(k -> "--" + k).toList()) + " do not apply");
        }
        var merged = new LinkedHashMap<>(load);
        merged.putAll(loadOverrides);
        return new ExperimentDefinition(name, varies, description, guide, benchmark, data, merged,
                rounds != null ? rounds : this.rounds, control, variants, metrics, interleaved);
    }

    /**
     * The same experiment with only the named variants, the control (which every ratio needs) and the hosts of named
     * variants on another's server (server-of), in the file's order; a name the file does not have is refused. Naming the control alone keeps it alone: its runs and their
     * audits, no ratio (a fault test needs one implementation's run, not a comparison).
     */
    public ExperimentDefinition only(List<String> names) {
        var known = variants.stream().map(Variant::name).toList();
        var unknown = names.stream().filter(n -> !known.contains(n)).toList();
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException(name + " has no variant " + String.join(", ", unknown) + "; its variants: "
                    + String.join(", ", known));
        }
        String controlName = controlOrDefault();
        var hosts = variants.stream().filter(v -> names.contains(v.name()) && v.serverOf() != null).map(Variant::serverOf).toList();
        var kept = variants.stream().filter(v -> v.name().equals(controlName) || names.contains(v.name()) || hosts.contains(v.name()))
                .toList();
        return withVariants(kept);
    }

    /**
     * The same experiment with the variants that name no JDK on the one in that folder (--java-home); null, or a
     * benchmark (whose server is the experiment's own, on the default JDK), leaves it as it is.
     */
    public ExperimentDefinition onJavaHome(Path home) {
        if (home == null || benchmark != null) {
            return this;
        }
        return withVariants(variants.stream().map(v -> v.namesJdk() ? v : v.onJavaHome(home)).toList());
    }

    /**
     * The same experiment with every variant on a server of its own run on n servers (the interleaved method's
     * instances: NAME, NAME@2 ... NAME@n); 1 leaves it as it is.
     */
    public ExperimentDefinition withInstances(int n) {
        Instances.check(n, name);
        if (n == 1) {
            return this;
        }
        var control = variants.stream().filter(v -> v.name().equals(controlOrDefault())).findFirst().orElseThrow();
        if (control.serverOf() != null) {
            throw new IllegalArgumentException(name + ": instances: the control " + control.name() + " is measured on "
                    + control.serverOf() + "'s server, so its servers would not be its own; make a variant with a server of "
                    + "its own the control");
        }
        var expanded = withVariants(Instances.expand(variants, n));
        if (expanded.serverCount() > Instances.MAX_SERVERS) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "%s: instances: %d servers per variant "
                    + "would start %d servers (and as many databases all at once); at most %d on one machine: fewer "
                    + "instances, or fewer variants (--variants)", name, n, expanded.serverCount(), Instances.MAX_SERVERS));
        }
        return expanded;
    }

    /** The servers per variant the definition runs on (1 before {@link #withInstances}). */
    public int instances() {
        return Instances.count(variants.stream().map(Variant::name).toList());
    }

    /** The same experiment with only some of its variants (those the host can run). */
    public ExperimentDefinition withVariants(List<Variant> kept) {
        return new ExperimentDefinition(name, varies, description, guide, benchmark, data, load, rounds, control, kept, metrics, interleaved);
    }

    /**
     * The same experiment as a smoke check: one round, the last step only, a 5-s warm-up and a 10-s window without
     * steady state; a benchmark loads a small data set instead.
     */
    public ExperimentDefinition quick() {
        if (benchmark != null) {
            double scale = data != null && data.scale() != null ? Math.min(data.scale(), QUICK_BENCHMARK_SCALE) : QUICK_BENCHMARK_SCALE;
            return new ExperimentDefinition(name, varies, description, guide, benchmark,
                    new Data(scale, data == null ? null : data.seed()), load, 1, control, variants, metrics, interleaved);
        }
        LoadConfig full = loadConfig();
        var quick = new LinkedHashMap<>(load);
        quick.putAll(QUICK_LOAD);
        double last = full.steps().get(full.steps().size() - 1);
        String step = last == Math.rint(last) ? Long.toString((long) last) : Double.toString(last);
        quick.put(full.model() == LoadConfig.Model.CLOSED ? "users" : "rates", step);
        return new ExperimentDefinition(name, varies, description, guide, benchmark, data, quick, 1, control, variants, metrics, interleaved);
    }

    /**
     * The load as command-line arguments of ./order load: {users: "20,60"} is --users 20,60; true is a flag, false
     * leaves it out; a list repeats the option.
     */
    public List<String> loadArguments() {
        var args = new ArrayList<String>();
        load.forEach((key, value) -> {
            String option = "--" + key;
            if (value instanceof Boolean b) {
                if (b) {
                    args.add(option);
                }
            } else if (value instanceof List<?> list) {
                if (key.equals("users") || key.equals("rates")) {
                    args.add(option);
                    args.add(String.join(",", list.stream().map(String::valueOf).toList()));
                } else {
                    list.forEach(item -> {
                        args.add(option);
                        args.add(String.valueOf(item));
                    });
                }
            } else if (value != null) {
                args.add(option);
                args.add(String.valueOf(value));
            }
        });
        return args;
    }

    /**
     * The load as ./order load would take it, checked by the same parser; the experiment sets the output, the label
     * and the rounds itself. A freshly started server is warmed up until steady unless the file says otherwise.
     */
    public LoadConfig loadConfig() {
        for (String owned : List.of("repeats", "output", "label")) {
            if (load.containsKey(owned)) {
                throw new IllegalArgumentException(name + ": load option '" + owned + "' is the experiment's to set"
                        + (owned.equals("repeats") ? " (use rounds)" : ""));
            }
        }
        var args = new ArrayList<String>();
        if (!load.containsKey("steady-state")) {
            args.add("--steady-state");
        }
        args.addAll(loadArguments());
        try {
            return LoadOptions.parse(Path.of("."), args);
        } catch (CommandLine.ParameterException | IllegalArgumentException e) {
            throw new IllegalArgumentException(name + ": load: " + e.getMessage());
        }
    }

    /** Every definition in a folder, by name. */
    public static List<Path> list(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(p -> p.getFileName().toString().endsWith(SUFFIX)).sorted().toList();
        }
    }

    /** The guide's expected ratio for a variant, metric and step, if it gives one. */
    public Double expected(String variant, Metric metric, double step) {
        if (guide == null) {
            return null;
        }
        return guide.expected().stream()
                .filter(e -> e.variant().equals(variant) && e.metric().equals(metric.key()) && (e.step() == null || e.step() == step))
                .map(Guide.Expected::ratio).findFirst().orElse(null);
    }

    /** For reports: everything as it was run, with the keys of the file. */
    public Map<String, Object> asMap() {
        return DefinitionYaml.asMap(this);
    }
}

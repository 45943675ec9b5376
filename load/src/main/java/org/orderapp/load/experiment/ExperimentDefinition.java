package org.orderapp.load.experiment;

import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.orderapp.load.LoadConfig;
import org.orderapp.load.LoadOptions;
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
 * @param data        the reference data loaded once for the experiment
 * @param load        ./order load options by long name without dashes: {users: "20,60,100", measure: 30s, ...}
 * @param rounds      rounds of every variant, in alternating order (default 3)
 * @param control     the variant the others are compared with (default the first)
 * @param variants    at least two
 */
public record ExperimentDefinition(String name, String varies, String description, Guide guide, Data data,
                                   Map<String, Object> load, Integer rounds, String control, List<Variant> variants) {

    public static final int DEFAULT_ROUNDS = 3;
    public static final String SUFFIX = ".yaml";

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .setPropertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    /**
     * The guide's reference: a section, table or figure, its result in words, and the ratios it reports, drawn
     * beside ours ({variant: tuned, metric: throughput, step: 100, ratio: 1.778}).
     */
    public record Guide(String reference, String figure, List<Expected> expected) {
        public Guide {
            expected = expected == null ? List.of() : List.copyOf(expected);
        }
    }

    public record Expected(String variant, String metric, Double step, double ratio) {
    }

    /** The reference data set of the experiment: the batch load's scale and seed (defaults: the seed data set). */
    public record Data(Double scale, Long seed) {
    }

    /**
     * A configuration to measure: a server profile, server system properties, extra JVM options, and optionally
     * another checkout of Order (a folder with its own ./order) whose server and application run instead of this one.
     */
    public record Variant(String name, String description, String profile, Map<String, String> properties,
                          List<String> jvmOptions, String checkout, Integer nodes) {
        public Variant {
            properties = properties == null ? Map.of() : new LinkedHashMap<>(properties);
            jvmOptions = jvmOptions == null ? List.of() : List.copyOf(jvmOptions);
        }

        public Variant(String name, String description, String profile, Map<String, String> properties,
                       List<String> jvmOptions, String checkout) {
            this(name, description, profile, properties, jvmOptions, checkout, null);
        }

        /** Application servers: 1, the single server; more, a cluster of that many nodes behind a load balancer. */
        public int nodesOrDefault() {
            return nodes == null ? 1 : nodes;
        }

        /** "profile tuned, -Dorder.ds.max-pool-size=40", for reports. */
        public String summary() {
            var parts = new ArrayList<String>();
            parts.add("profile " + (profile == null ? "baseline" : profile));
            if (nodesOrDefault() > 1) {
                parts.add(nodes + " nodes");
            }
            properties.forEach((k, v) -> parts.add("-D" + k + "=" + v));
            parts.addAll(jvmOptions);
            if (checkout != null) {
                parts.add("checkout " + checkout);
            }
            return String.join(", ", parts);
        }
    }

    /** The most nodes a variant may run on one machine (./order run --nodes allows as many). */
    public static final int MAX_NODES = 8;

    public ExperimentDefinition {
        load = load == null ? new LinkedHashMap<>() : new LinkedHashMap<>(load);
        variants = variants == null ? List.of() : List.copyOf(variants);
    }

    /** Reads and checks a definition; every problem is an IllegalArgumentException naming the file. */
    public static ExperimentDefinition read(Path file) throws IOException {
        ExperimentDefinition d;
        try {
            d = YAML.readValue(file.toFile(), ExperimentDefinition.class);
        } catch (UnrecognizedPropertyException e) {
            throw new IllegalArgumentException(file + ": unknown key '" + e.getPropertyName() + "'"
                    + (e.getKnownPropertyIds() == null ? "" : "; known here: " + e.getKnownPropertyIds()));
        } catch (JsonMappingException e) {
            boolean syntax = e.getCause() instanceof StreamReadException;
            throw new IllegalArgumentException(file + ": " + (syntax ? "not valid YAML: " : "")
                    + e.getOriginalMessage().lines().findFirst().orElse("")
                    + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")"));
        } catch (StreamReadException e) {
            throw new IllegalArgumentException(file + ": not valid YAML: " + e.getOriginalMessage().lines().findFirst().orElse("")
                    + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")"));
        }
        if (d == null) {
            throw new IllegalArgumentException(file + " is empty");
        }
        String fileName = file.getFileName().toString();
        String fallback = fileName.endsWith(SUFFIX) ? fileName.substring(0, fileName.length() - SUFFIX.length()) : fileName;
        d = new ExperimentDefinition(d.name() == null || d.name().isBlank() ? fallback : d.name(), d.varies(), d.description(),
                d.guide(), d.data(), d.load(), d.rounds(), d.control(), d.variants());
        d.check(file);
        return d;
    }

    private void check(Path file) {
        if (!name.matches("[A-Za-z0-9._-]+")) {
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
            if (v.name() == null || !v.name().matches("[A-Za-z0-9._-]+")) {
                throw new IllegalArgumentException(file + ": every variant needs a name of letters, digits, '.', '_' or '-'; got '"
                        + v.name() + "'");
            }
            if (!names.add(v.name())) {
                throw new IllegalArgumentException(file + ": two variants are called '" + v.name() + "'");
            }
            if (v.nodes() != null && (v.nodes() < 1 || v.nodes() > MAX_NODES)) {
                throw new IllegalArgumentException(file + ": variant " + v.name() + " has " + v.nodes() + " nodes; from 1 to "
                        + MAX_NODES);
            }
        }
        if (control != null && !names.contains(control)) {
            throw new IllegalArgumentException(file + ": the control '" + control + "' is not one of the variants " + names);
        }
        if (rounds != null && rounds < 1) {
            throw new IllegalArgumentException(file + ": rounds must be at least 1, got " + rounds);
        }
        if (data != null && data.scale() != null && !(data.scale() > 0)) {
            throw new IllegalArgumentException(file + ": data scale must be positive");
        }
        if (guide != null) {
            for (Expected e : guide.expected()) {
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

    /** The same experiment with other rounds or load options (the command line's overrides). */
    public ExperimentDefinition with(Integer rounds, Map<String, Object> loadOverrides) {
        var merged = new LinkedHashMap<>(load);
        merged.putAll(loadOverrides);
        return new ExperimentDefinition(name, varies, description, guide, data, merged, rounds != null ? rounds : this.rounds,
                control, variants);
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
                .map(Expected::ratio).findFirst().orElse(null);
    }

    /** For reports: everything as it was run, with the keys of the file. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> asMap() {
        return YAML.convertValue(this, Map.class);
    }
}

package org.orderapp.lab.experiment;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import org.orderapp.lab.experiment.Observation.StepFigures;

/**
 * What an experiment found: per variant and step the mean of each metric over its valid rounds with a 95 % interval,
 * CPU per transaction by role, and per variant against the control the ratio of paired rounds with its interval and
 * a verdict in words. Invalid runs are listed with their reasons and left out of the means and the ratios.
 * Written as comparison.json, comparison.csv and comparison.html; the same shape for every A/B result of the project.
 */
public record Comparison(String experiment, String description, String command, String started, String finished,
                         Guide guide, String control, Map<String, String> units, int rounds,
                         boolean valid, boolean interrupted, List<String> notes, String warmUp,
                         Map<String, String> metrics, List<VariantFigures> variants, List<Ratio> ratios, List<Run> runs,
                         Method method) {

    /** A mean with its 95 % interval ([low, high], or null for a single value) over n rounds. */
    public record Figure(double mean, List<Double> ci95, int n) {
        static Figure of(Interval i) {
            return i == null ? null : new Figure(i.estimate(), i.hasInterval() ? List.of(i.low(), i.high()) : null, i.n());
        }
    }

    /** A variant's figures at the headline step (the last, usually the peak), and at every step. */
    public record VariantFigures(String name, String description, Figure throughput, @JsonProperty("p99_ms") Figure p99Ms,
                                 @JsonProperty("mean_ms") Figure meanMs,
                                 @JsonProperty("cpu_ms_per_tx") Map<String, Double> cpuMsPerTx, List<StepSummary> steps,
                                 List<Run> runs) {
    }

    /**
     * @param server  the server figures the definition compares, by metric key (gc_pause_ms_per_s, ...)
     * @param figures further figures of the step by name (contention), each a mean over the valid rounds
     */
    public record StepSummary(double step, String name, Figure throughput, @JsonProperty("p99_ms") Figure p99Ms,
                              @JsonProperty("mean_ms") Figure meanMs,
                              @JsonProperty("cpu_ms_per_tx") Map<String, Double> cpuMsPerTx, Map<String, Figure> server,
                              List<RoundValue> rounds, Map<String, Figure> figures) {
    }

    /** One round's (or block's) figures of a step, for the drift plot: throughput, p99 and CPU per transaction. */
    public record RoundValue(int round, Double throughput, @JsonProperty("p99_ms") Double p99Ms,
                             @JsonProperty("cpu_ms_per_tx") Double cpuMsPerTx, boolean valid, boolean burnIn) {
    }

    /**
     * A variant against the control at one step, for one metric; halfWidth: the interval's farther end from the ratio,
     * as a share of it; guide: the guide's ratio, if it gives one; servers: how many servers the interval is over, where
     * a side ran on several ({@link Instances}), else null; blocksHalfWidth: then the widest of the instance pairs' own
     * intervals over the blocks, what more blocks narrow (the ratio's own stops at the servers' spread), and what the
     * stop rule waits for.
     */
    public record Ratio(String variant, String metric, double step, String stepName, Double ratio, List<Double> ci95, int n,
                        String verdict, Double guide, Double halfWidth, Integer servers, Double blocksHalfWidth) {

        public Ratio(String variant, String metric, double step, String stepName, Double ratio, List<Double> ci95, int n,
                     String verdict, Double guide, Double halfWidth) {
            this(variant, metric, step, stepName, ratio, ci95, n, verdict, guide, halfWidth, null, null);
        }

        /** The half-width the stop rule waits for: over the blocks where the ratio is over several servers. */
        public Double stopHalfWidth() {
            return servers == null ? halfWidth : blocksHalfWidth;
        }
    }

    /**
     * @param turn, partner the window's round within its block, and whether it is a partner window ({@link Observation})
     * @param switched      a switched window's parts, each with its setting, CPU and transactions, and the other servers'
     *                      CPU and transactions in it where they were read ({@link Observation})
     */
    public record Run(int sequence, int round, String variant, String folder, boolean valid, List<String> reasons,
                      String report, boolean burnIn, int turn, boolean partner, List<Observation.Switched> switched) {
    }

    /** What a step is counted in under a closed load: the users. */
    public static final String USERS = "users";
    /** What a step is counted in under an open load: its arrival rate. */
    public static final String OFFERED = "tx/s offered";
    /**
     * Under an open load, a server that completed at least this share of the offered arrivals in its windows kept up:
     * the arrivals are evenly spaced (OpenLoad), so what it falls short by is the few transactions still in flight at a
     * window's end (well under 0.1 % at 75 tx/s and 10 ms over 25 s) or a backlog, which is 1 % within seconds.
     */
    static final double KEPT_UP = 0.99;

    /** The units of a comparison's throughput and steps, for a closed or an open load. */
    public static Map<String, String> units(boolean openLoad) {
        return Map.of("throughput", "tx/s", "step", openLoad ? OFFERED : USERS);
    }

    /** The settings of the comparison that are not in the definition; method null: rounds. */
    public record Context(String command, String started, String finished, Map<String, String> units, String warmUp,
                          boolean interrupted, List<String> notes, Method method) {

        public Context(String command, String started, String finished, Map<String, String> units, String warmUp,
                       boolean interrupted, List<String> notes) {
            this(command, started, finished, units, warmUp, interrupted, notes, null);
        }
    }

    public static Comparison of(ExperimentDefinition definition, Context context, List<Observation> all) {
        // Burn-in windows (a server's JIT compiler still at work) are listed and drawn, not counted.
        List<Observation> observations = all.stream().filter(o -> !o.burnIn()).toList();
        String control = definition.controlOrDefault();
        Map<Double, String> stepNames = new LinkedHashMap<>(); // in order of appearance

        for (Observation o : observations) {
            for (StepFigures s : o.steps()) {
                stepNames.putIfAbsent(s.step(), s.name());
            }
        }
        Double headline = stepNames.isEmpty() ? null : new ArrayList<>(stepNames.keySet()).get(stepNames.size() - 1);

        var notes = new ArrayList<String>(context.notes());
        var runs = all.stream().map(Comparison::run).toList();
        var burnIn = all.stream().filter(Observation::burnIn).mapToInt(Observation::round).distinct().sorted().toArray();
        if (burnIn.length > 0) {
            notes.add(String.format(Locale.ROOT, "Block%s %s %s burn-in: a server's JIT compiler was still at work in it; %s drawn, not "
                            + "counted.", burnIn.length == 1 ? "" : "s", burnIn.length == 1 ? Integer.toString(burnIn[0])
                            : burnIn[0] + "–" + burnIn[burnIn.length - 1], burnIn.length == 1 ? "was" : "were",
                    burnIn.length == 1 ? "it is" : "they are"));
        }
        for (Observation o : observations) {
            if (!o.valid()) {
                notes.add(String.format(Locale.ROOT, "Run %d (%s, round %d%s) was invalid: %s. It is left out of the means and ratios.",
                        o.sequence(), o.variant(), o.round(), o.partner() ? ", a partner window" : "", String.join("; ", o.reasons())));
            }
        }
        var variants = new ArrayList<VariantFigures>();
        for (var v : definition.variants()) {
            // A partner window is a reference for the pairing, not the variant's window of its block.
            var own = observations.stream().filter(o -> o.variant().equals(v.name()) && !o.partner()).toList();
            var drawn = all.stream().filter(o -> o.variant().equals(v.name()) && !o.partner()).toList();
            if (!own.isEmpty() && own.stream().noneMatch(Observation::valid)) {
                notes.add("Variant " + v.name() + " has no valid run: it has no figures and no ratios.");
            }
            var steps = new ArrayList<StepSummary>();
            for (var e : stepNames.entrySet()) {
                steps.add(stepSummary(definition, own, drawn, e.getKey(), e.getValue()));
            }
            StepSummary top = steps.stream().filter(s -> headline != null && s.step() == headline).findFirst().orElse(null);
            variants.add(new VariantFigures(v.name(), v.description() != null ? v.description() : v.summary(),
                    top == null ? null : top.throughput(), top == null ? null : top.p99Ms(), top == null ? null : top.meanMs(),
                    top == null ? Map.of() : top.cpuMsPerTx(), steps, drawn.stream().map(Comparison::run).toList()));
        }
        // Blocks of the interleaved method: the robust interval (a stalled window moves it by a rank, not by its size).
        boolean robust = context.method() != null && Method.INTERLEAVED.equals(context.method().name());
        int crossover = context.method() != null && context.method().crossover() != null ? context.method().crossover() : 1;
        var ratios = new ArrayList<Ratio>();
        var names = definition.variants().stream().map(Variant::name).toList();
        int instances = definition.instances();
        if (instances > 1) {
            notes.add("Every variant on a server of its own ran on " + instances + " servers (" + String.join(", ",
                    Instances.of(control, names)) + " ...): two JVMs of one configuration differ by their JIT compilers' "
                    + "decisions, which no number of blocks averages out. A ratio between such variants is the mean of "
                    + "every pair of their instances' paired ratios, with a t interval from how far the instances differ "
                    + "(n is the blocks of the fewest paired); each instance's own figures are listed as a variant.");
        }
        for (var v : definition.variants()) {
            if (Instances.groupOf(v.name()).equals(control) || Instances.isExtra(v.name())) {
                continue;
            }
            if (observations.stream().anyMatch(o -> o.variant().equals(v.name()) && !o.switched().isEmpty())) {
                notes.add("Variant " + v.name() + "'s windows were switched: its server alternated between its setting and "
                        + v.serverOf() + "'s within each of them, so its figures are of both and it has no ratios; what its "
                        + "setting costs is the difference found within its windows, beside the method.");
                continue;
            }
            for (var e : stepNames.entrySet()) {
                for (Metric m : definition.comparedMetrics()) {
                    // On several servers a side, over them; a runtime variant on the control's server within its JVM, as
                    // with one; on another's server, its one server against the control's several.
                    boolean onControls = control.equals(definition.servers().get(v.name())) && v.serverOf() != null;
                    boolean across = instances > 1 && !onControls;
                    List<String> mine = across && v.serverOf() == null ? Instances.of(v.name(), names) : List.of(v.name());
                    List<String> theirs = across ? Instances.of(control, names) : List.of(control);
                    Ratio r = across
                            ? ratioAcrossInstances(definition, observations, mine, theirs, m, e.getKey(), e.getValue(), robust, crossover)
                            : ratio(definition, observations, v.name(), control, m, e.getKey(), e.getValue(), robust, crossover);
                    if (r != null && r.ratio() != null && m == Metric.THROUGHPUT && OFFERED.equals(context.units().get("step"))
                            && keptUp(variants, e.getKey(), mine, theirs)) {
                        r = offeredRate(r, e.getValue());
                    } else if (r != null && robust && instances == 1 && v.serverOf() == null) {
                        r = withinTwoJvms(r, m);
                    }
                    if (r != null) {
                        ratios.add(r);
                    }
                }
            }
        }
        boolean valid = !observations.isEmpty() && observations.stream().allMatch(Observation::valid) 
                && (context.method() == null || context.method().auditPassed());
        return new Comparison(definition.name(), definition.description(), context.command(), context.started(),
                context.finished(), definition.guide(), control, context.units(), definition.roundsOrDefault(), valid,
                context.interrupted(), notes, context.warmUp(), labels(definition), variants, ratios, runs,
                context.method() != null ? context.method()
                        : new Method(Method.ROUNDS, "a fresh database and server per run, the variants alternating; a ratio per round",
                        null, null, null, null, null, null, null, null, null));
    }

    /** Each compared metric's key and what it is, with its unit (for the page and the CSV's readers). */
    private static Map<String, String> labels(ExperimentDefinition definition) {
        Map<String, String> labels = new LinkedHashMap<>();
        definition.comparedMetrics().forEach(m -> labels.put(m.key(), m.label()));
        return labels;
    }

    private static Run run(Observation o) {
        return new Run(o.sequence(), o.round(), o.variant(), o.folder(), o.valid(), o.reasons(),
                o.folder() == null ? null : o.folder() + "/report.html", o.burnIn(), o.turn(), o.partner(), o.switched());
    }

    private static StepSummary stepSummary(ExperimentDefinition definition, List<Observation> own, List<Observation> drawn, double step,
                                           String name) {
        var valid = own.stream().filter(Observation::valid).map(o -> figures(o, step)).filter(Objects::nonNull).toList();
        Map<String, Double> cpu = new LinkedHashMap<>();
        for (String role : List.of("server", "db", "driver", "other")) {
            double[] values = valid.stream().map(s -> s.cpuMsPerTx().get(role)).filter(Objects::nonNull)
                    .mapToDouble(Double::doubleValue).toArray();
            cpu.put(role, values.length == 0 ? null : Statistics.average(values));
        }
        var rounds = drawn.stream().filter(o -> figures(o, step) != null)
                .map(o -> new RoundValue(o.round(), figures(o, step).throughput(), figures(o, step).p99Ms(), figures(o, step).cpuTotal(),
                        o.valid(), o.burnIn())).toList();
        Map<String, Figure> server = new LinkedHashMap<>();
        for (Metric m : definition.comparedMetrics()) {
            if (m.serverFigure() != null) {
                server.put(m.key(), mean(valid, m));
            }
        }
        Map<String, Figure> further = new LinkedHashMap<>();
        valid.stream().flatMap(s -> s.figures().keySet().stream()).distinct().forEach(key -> {
            double[] values = valid.stream().map(s -> s.figures().get(key)).filter(Objects::nonNull).mapToDouble(Double::doubleValue).toArray();
            if (values.length > 0) {
                further.put(key, Figure.of(Statistics.mean(values)));
            }
        });
        return new StepSummary(step, name, mean(valid, Metric.THROUGHPUT), mean(valid, Metric.P99), mean(valid, Metric.MEAN),
                cpu, server, rounds, further);
    }

    private static Figure mean(List<StepFigures> steps, Metric metric) {
        double[] values = steps.stream().map(s -> s.value(metric)).filter(Objects::nonNull).mapToDouble(Double::doubleValue).toArray();
        return values.length == 0 ? null : Figure.of(Statistics.mean(values));
    }

    private static Ratio ratio(ExperimentDefinition definition, List<Observation> observations, String variant, String control,
                               Metric metric, double step, String stepName, boolean robust, int crossover) {
        List<double[]> pairs = paired(observations, variant, control, step, f -> f.value(metric), crossover);
        Double guide = definition.expected(variant, metric, step);
        if (pairs.isEmpty()) {
            return measuredAtAll(observations, metric, step) ? new Ratio(variant, metric.key(), step, stepName, null, null, 0,
                    "no valid paired rounds: nothing to compare", guide, null) : null;
        }
        Interval r = pairedInterval(pairs, robust);
        return new Ratio(variant, metric.key(), step, stepName, r == null ? null : r.estimate(),
                r == null || !r.hasInterval() ? null : List.of(r.low(), r.high()), pairs.size(), metric.verdict(r), guide,
                Statistics.relativeHalfWidth(r));
    }

    /** The ratio of paired rounds or blocks: robustly (the interleaved method's blocks), or the t interval of rounds. */
    private static Interval pairedInterval(List<double[]> pairs, boolean robust) {
        double[] mine = pairs.stream().mapToDouble(p -> p[0]).toArray();
        double[] theirs = pairs.stream().mapToDouble(p -> p[1]).toArray();
        return robust ? Statistics.pairedRatioRobust(mine, theirs) : Statistics.pairedRatio(mine, theirs);
    }

    /** Whether any observation has the metric at the step (else the ratio is left out, not reported as missing). */
    private static boolean measuredAtAll(List<Observation> observations, Metric metric, double step) {
        return observations.stream().anyMatch(o -> figures(o, step) != null && figures(o, step).value(metric) != null);
    }

    /**
     * Whether every server of both sides served at least {@link #KEPT_UP} of an open load's arrivals at the step on
     * average over its counted windows (the step is the offered rate).
     */
    private static boolean keptUp(List<VariantFigures> variants, double step, List<String> variant, List<String> control) {
        var names = new ArrayList<>(variant);
        names.addAll(control);
        return names.stream().allMatch(name -> variants.stream().filter(v -> v.name().equals(name)).flatMap(v -> v.steps().stream())
                .filter(s -> s.step() == step).anyMatch(s -> s.throughput() != null && s.throughput().mean() >= KEPT_UP * step));
    }

    /**
     * An open load's throughput ratio between servers that both kept up: their throughput is the arrival rate, the same
     * on both sides, and its ratio can be as narrow as it likes (a difference of 0.03 % with an interval of 0.01 % is
     * the transactions in flight at the windows' ends, not a server doing more); its verdict says so, whatever the
     * interval, and the figures stay as measured.
     */
    static Ratio offeredRate(Ratio r, String stepName) {
        return new Ratio(r.variant(), r.metric(), r.step(), r.stepName(), r.ratio(), r.ci95(), r.n(), "both served the offered "
                + stepName + " (an open load: while a server keeps up its throughput is the arrival rate, so response times "
                + "and CPU per transaction tell them apart)", r.guide(), r.halfWidth(), r.servers(), r.blocksHalfWidth());
    }

    /**
     * A difference found between two servers, one a side, whose interval reaches within what two JVMs of one
     * configuration differ by ({@link Instances#JVM_DIFFERENCE}), for throughput and CPU per transaction: its verdict
     * says that it may be the JVMs' and how to tell. A difference wholly beyond that, or none found, is left as it is.
     */
    static Ratio withinTwoJvms(Ratio r, Metric metric) {
        if ((metric != Metric.THROUGHPUT && metric != Metric.CPU) || r.ci95() == null) {
            return r;
        }
        double low = r.ci95().get(0);
        double high = r.ci95().get(1);
        double band = 1 + Instances.JVM_DIFFERENCE;
        boolean excludesOne = low > 1 || high < 1;
        if (!excludesOne || low >= band || high <= 1 / band) {
            return r;
        }
        return new Ratio(r.variant(), r.metric(), r.step(), r.stepName(), r.ratio(), r.ci95(), r.n(), r.verdict()
                + String.format(Locale.ROOT, "; but within what two JVMs of one configuration differ by here (up to %.0f %%), "
                + "one server a side: it may be theirs, not the setting's (--instances 3 tells)", 100 * Instances.JVM_DIFFERENCE),
                r.guide(), r.halfWidth());
    }

    /**
     * A variant on several servers against the control on several ({@link Instances}): each pair of instances' paired
     * ratio over the blocks (as {@link #ratio} takes it), then exp of the mean of their logarithms with the interval of
     * {@link Statistics#acrossInstances}, which assumes the JVMs of both configurations spread alike (with as many
     * servers a side, its standard error is Welch's). Before every pair has an interval of its own over the blocks (six
     * blocks for the signed-rank one) the ratio has none, as with one server a side: a stalled window among few blocks
     * would otherwise go straight into its server's effect. A pair without a ratio at all (a value of zero, or no valid
     * paired block) leaves no ratio: the servers it has would not be a fair sample.
     */
    private static Ratio ratioAcrossInstances(ExperimentDefinition definition, List<Observation> observations, List<String> variant,
                                              List<String> control, Metric metric, double step, String stepName, boolean robust,
                                              int crossover) {
        String name = variant.get(0);
        Double guide = definition.expected(name, metric, step);
        double[][] logs = new double[variant.size()][control.size()];
        int fewest = Integer.MAX_VALUE;
        boolean zero = false;
        boolean everyPairHasAnInterval = true;
        double widestPair = 0;
        for (int i = 0; i < variant.size(); i++) {
            for (int j = 0; j < control.size(); j++) {
                List<double[]> pairs = paired(observations, variant.get(i), control.get(j), step, f -> f.value(metric), crossover);
                fewest = Math.min(fewest, pairs.size());
                if (pairs.isEmpty()) {
                    continue;
                }
                Interval r = pairedInterval(pairs, robust);
                if (r == null) {
                    zero = true;
                    continue;
                }
                logs[i][j] = Math.log(r.estimate());
                Double width = Statistics.relativeHalfWidth(r);
                everyPairHasAnInterval &= width != null;
                widestPair = width == null ? widestPair : Math.max(widestPair, width);
            }
        }
        int servers = variant.size() + control.size();
        if (zero) {
            return new Ratio(name, metric.key(), step, stepName, null, null, fewest, metric.verdict(null), guide, null, servers, null);
        }
        if (fewest == 0) {
            return measuredAtAll(observations, metric, step) ? new Ratio(name, metric.key(), step, stepName, null, null, 0, "no valid paired blocks between "
                    + "every server of " + name + " and every server of the control: nothing to compare", guide, null, servers, null) : null;
        }
        Interval across = Statistics.acrossInstances(logs);
        Interval r = everyPairHasAnInterval ? across : new Interval(across.estimate(), null, null, fewest);
        return new Ratio(name, metric.key(), step, stepName, r.estimate(), r.hasInterval() ? List.of(r.low(), r.high()) : null,
                fewest, metric.verdict(r), guide, Statistics.relativeHalfWidth(r), servers, everyPairHasAnInterval ? widestPair : null);
    }

    /**
     * A variant's figure at a step paired with the control's in the same round or block, each once, the variant's
     * window counted and the control's counted, or else usable (a partner window; burn-in windows are not); with a
     * crossover group of more than one block, one pair per complete group ({@link #crossoverGroups}). The one pairing of
     * the ratios and of the calibration's differences.
     * <p>
     * Within a block the two are taken from windows measured at the same time where there are such (a round of a block
     * measured all at once in which both had a window, counted or partner); else (a variant switched at runtime on the
     * control's server, measured in another round than the control) the control's figure is carried to the variant's
     * round by how much the windows of the other servers that measured one variant in both rounds changed between
     * them (the geometric mean of their ratios): (V / P_k) / (C / P_j) for the ratio, V against C × P_k / P_j for
     * a difference; a block without such a reference (a partner window invalid or burn-in) gives no pair. Measured in
     * turn, or by rounds, every window has turn 0, and the two windows of the block or round are paired as they are.
     */
    public static List<double[]> paired(List<Observation> observations, String variant, String control, double step,
                                        Function<StepFigures, Double> value, int crossover) {
        return paired(observations, variant, control, step, value, value, crossover);
    }

    /**
     * The same pairs with the machine's change between rounds read from another figure ({@code driftBy}): a part of a
     * figure (a part of the server's CPU, often a few clock ticks a window and sometimes none) changes with the
     * machine as the whole does, and its own ratio between two windows is mostly noise. With {@code driftBy} null, the
     * control's figure is taken as it was measured in its own round: for a variant switched at runtime on the control's
     * server, the two windows of one server a round apart, which no other server's response to either variant can
     * move (the other servers measured beside the variant see it as their neighbour), at the price of the machine's
     * change between the rounds left in the pair.
     */
    public static List<double[]> paired(List<Observation> observations, String variant, String control, double step,
                                        Function<StepFigures, Double> value, Function<StepFigures, Double> driftBy, int crossover) {
        Map<Integer, double[]> pairs = new TreeMap<>(); // round: the variant's figure, the control's
        for (Observation o : observations) {
            if (!o.variant().equals(variant) || !o.counts() || pairs.containsKey(o.round())) {
                continue;
            }
            var block = observations.stream().filter(w -> w.round() == o.round() && w.usable()).toList();
            Observation counted = block.stream().filter(c -> c.variant().equals(control) && c.counts()).findFirst().orElse(null);
            if (counted == null) {
                continue;
            }
            double[] pair = sameTime(block, variant, control, o.turn(), step, value);
            if (pair == null) {
                pair = sameTime(block, variant, control, counted.turn(), step, value);
            }
            if (pair == null) {
                Double a = valueAt(o, step, value);
                Double b = valueAt(counted, step, value);
                Double drift = driftBy == null ? Double.valueOf(1)
                        : drift(block, Set.of(variant, control), counted.turn(), o.turn(), step, driftBy);
                if (a == null || b == null || drift == null) {
                    continue; // no window of another server in both rounds (an invalid partner window): no pair
                }
                pair = new double[] {a, b * drift};
            }
            pairs.put(o.round(), pair);
        }
        return crossover > 1 ? crossoverGroups(pairs, crossover) : List.copyOf(pairs.values());
    }

    /** The variant's and the control's figures from windows of one turn of a block, or null if either has none there. */
    private static double[] sameTime(List<Observation> block, String variant, String control, int turn, double step,
                                     Function<StepFigures, Double> value) {
        Double a = at(block, variant, turn, step, value);
        Double b = at(block, control, turn, step, value);
        return a == null || b == null ? null : new double[] {a, b};
    }

    /**
     * How much the machine changed from turn {@code from} to turn {@code to} of a block, as the servers that measured
     * one variant (not one of {@code besides}) in both saw it: the geometric mean of their figures' ratios; null without one.
     */
    private static Double drift(List<Observation> block, Set<String> besides, int from, int to, double step,
                                Function<StepFigures, Double> value) {
        if (from == to) {
            return 1.0;
        }
        double logs = 0;
        int n = 0;
        for (String other : block.stream().map(Observation::variant).filter(v -> !besides.contains(v)).distinct().toList()) {
            Double then = at(block, other, from, step, value);
            Double now = at(block, other, to, step, value);
            if (then != null && now != null && then > 0 && now > 0) {
                logs += Math.log(now / then);
                n++;
            }
        }
        return n == 0 ? null : Math.exp(logs / n);
    }

    private static Double at(List<Observation> block, String variant, int turn, double step, Function<StepFigures, Double> value) {
        return block.stream().filter(w -> w.variant().equals(variant) && w.turn() == turn).map(w -> valueAt(w, step, value))
                .filter(Objects::nonNull).findFirst().orElse(null);
    }

    private static Double valueAt(Observation o, double step, Function<StepFigures, Double> value) {
        StepFigures f = figures(o, step);
        return f == null ? null : value.apply(f);
    }

    /**
     * The pairs of every complete crossover group (blocks 1 to n, n+1 to 2n, ...), each the geometric mean of its
     * blocks' figures: a group in which a block is missing (burn-in, invalid) is left out, since without it a variant
     * would have had one place more often than another.
     */
    public static List<double[]> crossoverGroups(Map<Integer, double[]> byRound, int size) {
        Map<Integer, List<double[]>> groups = new TreeMap<>();
        byRound.forEach((round, pair) -> groups.computeIfAbsent((round - 1) / size, g -> new ArrayList<>()).add(pair));
        return groups.values().stream().filter(g -> g.size() == size).map(g -> {
            boolean positive = g.stream().allMatch(p -> p[0] > 0 && p[1] > 0); // one kind of mean on both sides
            return new double[] {mean(g, 0, positive), mean(g, 1, positive)};
        }).toList();
    }

    /** The geometric mean of one side's figures, or the arithmetic one where a figure is 0 (such as no collector pause). */
    private static double mean(List<double[]> pairs, int side, boolean geometric) {
        return geometric ? Math.exp(pairs.stream().mapToDouble(p -> Math.log(p[side])).average().orElseThrow())
                : pairs.stream().mapToDouble(p -> p[side]).average().orElseThrow();
    }

    private static StepFigures figures(Observation o, double step) {
        return o.steps().stream().filter(s -> s.step() == step).findFirst().orElse(null);
    }
}

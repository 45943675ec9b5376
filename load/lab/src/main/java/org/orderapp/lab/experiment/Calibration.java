package org.orderapp.lab.experiment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;
import org.orderapp.observation.ServerWindow;
import org.orderapp.observation.cpu.ServerCpuPart;

/**
 * The instrument checked against a known cause: a variant whose server spins a known amount of CPU per request
 * (order.calibration.spin-micros, a servlet filter of the application that is a test instrument only) against the
 * control. What the lab finds is the paired difference, block by block, of the server's CPU per transaction, in
 * microseconds: its Hodges-Lehmann estimate with the signed-rank 95 % interval, over the blocks that count (burn-in
 * blocks, a JIT compiler still at work, are left out as they are from the ratios), on own cores over the crossover
 * groups. The driver counts every request as a
 * transaction, so the spin per request is the spin per transaction. The same difference is taken for each part of the
 * server's CPU that was measured (its request threads, I/O threads, collector, compiler, the rest; and the kernel's
 * time), so that what the spin cost beyond its own frame shows where it went.
 *
 * <p>Where the spin variants' windows were switched (the interleaved method's SwitchedWindow: the spin alternated with its host's setting
 * in four parts of each window), the difference is taken within each window instead, between the parts at the two
 * settings, a quartet at a time: the same server seconds apart, not two windows a minute apart, each of which the
 * machine's own pace moves by more than a 50-µs spin. The machine's pace within the window is read from the server's
 * own database (the same transactions' other half), from the other servers measured at the same time (a duet) or from
 * the two added, whichever of those read in every part leaves the host's parts nearest each other, the database unless
 * another does so clearly ({@link #sameSettingSpreads}, {@link #chosenPace}), and taken out ({@link #pacedMicros}); the figure not paced is kept beside it. Both are of the server's CPU less its JIT compiler's, where the compiler's threads were read in every
 * part ({@link #COMPILER_APART}: its bursts fall on one part or another), and less its collector's where that was read
 * too ({@link #COMPILER_AND_COLLECTOR_APART}: so do an old generation's collections), with the whole CPU's figure beside
 * them. A spin switched on both servers of the A/A pair at once ({@link #twins}) is found from both: a block's figure is
 * the mean of its two windows', which begin with opposite settings, so that a spell of the machine common to both falls
 * on each setting once, and where the servers move on their own, two windows a block still halve the spread's square
 * (the calibration of 2026-12-02 08:34, 11 blocks: the two windows' figures moved against each other at correlations of
 * −0.04 for the 50-µs spin and −0.52 for the 200, and a block's mean spread 0.70 and 0.49 times as far as one window's).
 */
public final class Calibration {

    private Calibration() {
    }

    /**
     * @param crossover on own cores, the blocks of a crossover group: the differences are then taken per complete group
     *                  (between the geometric means of its blocks, as the ratios are), else per block
     */
    public static List<Method.Detected> detected(ExperimentDefinition definition, List<Observation> observations, Integer crossover) {
        String control = definition.controlOrDefault();
        double controlSpin = spin(definition, control);
        var found = new ArrayList<Method.Detected>();
        for (var v : definition.variants()) {
            if (v.name().equals(control) || Instances.isExtra(v.name()) || !v.properties().containsKey(RuntimeSwitches.SPIN_MICROS)) {
                continue;
            }
            double injected = spin(definition, v.name()) - (v.serverOf() != null ? spin(definition, v.serverOf()) : controlSpin);
            Map<Double, String> steps = new LinkedHashMap<>();
            observations.forEach(o -> o.steps().forEach(s -> steps.putIfAbsent(s.step(), s.name())));
            List<String> twins = twins(definition, v);
            for (var step : steps.entrySet()) {
                // Switched on several servers: found once, from every server's windows, under the first's name.
                var pooled = twins.stream().filter(t -> switchedMicros(observations, List.of(t), step.getKey(), WHOLE).length > 0)
                        .toList();
                if (!pooled.isEmpty() && !pooled.get(0).equals(v.name())) {
                    continue;
                }
                double[] quartets = switchedMicros(observations, pooled, step.getKey(), WHOLE);
                if (quartets.length > 0) {
                    // A quartet sets the variant's spin against its host's, whichever the control is.
                    double against = spin(definition, v.name()) - spin(definition, v.serverOf() != null ? v.serverOf() : control);
                    // The compiler's CPU apart wherever every quartet's parts had it read, and the collector's with it
                    // wherever they had that read too.
                    // Counted by window, not block: a twin's window without it would leave its block to the other's.
                    int windows = switchedWindows(observations, pooled, step.getKey(), WHOLE);
                    boolean apart = switchedWindows(observations, pooled, step.getKey(), COMPILER_APART) == windows;
                    boolean collectorApart = apart && switchedWindows(observations, pooled, step.getKey(),
                            COMPILER_AND_COLLECTOR_APART) == windows;
                    var own = collectorApart ? COMPILER_AND_COLLECTOR_APART : apart ? COMPILER_APART : WHOLE;
                    Interval unpaced = Statistics.hodgesLehmann(switchedMicros(observations, pooled, step.getKey(), own));
                    // Paced where every quartet could be, by the pace that best explains the host's parts among those
                    // read in every part: the server's own database, the other servers beside it, the two added.
                    var neighbours = collectorApart ? NEIGHBOURS_COMPILER_AND_COLLECTOR_APART
                            : apart ? NEIGHBOURS_COMPILER_APART : NEIGHBOURS_WHOLE;
                    var candidates = paces(DATABASE_PACE, neighbours);
                    candidates.values().removeIf(p -> windowCount(observations, pooled, step.getKey(),
                            quartet -> pacedQuartet(quartet, own, p)) != windows);
                    Map<String, Double> spreads = sameSettingSpreads(observations, step.getKey(), own, candidates);
                    String chosen = chosenPace(spreads);
                    boolean byPace = chosen != null;
                    var pace = byPace ? candidates.get(chosen) : null;
                    double[] paced = byPace ? pacedMicros(observations, pooled, step.getKey(), own, pace) : new double[0];
                    Interval d = byPace ? Statistics.hodgesLehmann(paced) : unpaced;
                    Interval response = byPace ? Statistics.hodgesLehmann(paceMicros(observations, pooled, step.getKey(), pace))
                            : null;
                    // The same quartets with the compiler's (and the collector's) CPU counted, paced alike.
                    Interval whole = !apart ? null : Statistics.hodgesLehmann(byPace ? pacedMicros(observations, pooled,
                            step.getKey(), WHOLE, paces(DATABASE_PACE, NEIGHBOURS_WHOLE).get(chosen)) : quartets);
                    Map<String, Double> parts = new LinkedHashMap<>();
                    for (String part : ServerWindow.SERVER_PARTS) {
                        double[] p = switchedMicros(observations, pooled, step.getKey(), s -> s.partsMs().get(part));
                        if (p.length > 0) {
                            parts.put(part, Statistics.hodgesLehmann(p).estimate());
                        }
                    }
                    found.add(new Method.Detected(v.name(), step.getKey(), step.getValue(), against, d.estimate(),
                            d.hasInterval() ? List.of(d.low(), d.high()) : null, d.n(), parts,
                            byPace ? unpaced.estimate() : null,
                            byPace && unpaced.hasInterval() ? List.of(unpaced.low(), unpaced.high()) : null, byPace ? unpaced.n() : 0,
                            byPace ? Method.Detected.PACED : Method.Detected.SWITCHED, goalMicros(against),
                            chosen,
                            byPace ? response.estimate() : null,
                            byPace && response.hasInterval() ? List.of(response.low(), response.high()) : null,
                            apart, collectorApart, whole == null ? null : whole.estimate(),
                            whole == null || !whole.hasInterval() ? null : List.of(whole.low(), whole.high()),
                            byPace ? spreads : null, pooled.size() > 1 ? pooled : null));
                    continue;
                }
                // Against its host where it has one (spin-50-b: control-2, not control, whose JVM is another), else the
                // control; within the host's server alone where measured all at once beside other servers.
                String host = v.serverOf() != null ? v.serverOf() : control;
                double[] withinServer = v.serverOf() != null && measuredBesideOthers(observations)
                        ? differencesMicros(observations, v.name(), host, step.getKey(), crossover, SERVER, null) : new double[0];
                Interval within = withinServer.length == 0 ? null : Statistics.hodgesLehmann(withinServer);
                Double withinMicros = within == null ? null : within.estimate();
                List<Double> withinCi = within == null || !within.hasInterval() ? null : List.of(within.low(), within.high());
                int withinN = within == null ? 0 : within.n();
                double[] differences = differencesMicros(observations, v.name(), host, step.getKey(), crossover, SERVER, SERVER);
                if (differences.length == 0) {
                    found.add(new Method.Detected(v.name(), step.getKey(), step.getValue(), injected, null, null, 0, Map.of(),
                            withinMicros, withinCi, withinN, Method.Detected.PAIRED, goalMicros(injected), null, null, null,
                            false, false, null, null, null, null));
                    continue;
                }
                Interval d = Statistics.hodgesLehmann(differences);
                Map<String, Double> parts = new LinkedHashMap<>();
                for (String part : ServerWindow.SERVER_PARTS) {
                    double[] p = differencesMicros(observations, v.name(), host, step.getKey(), crossover,
                            s -> s.server().get(ServerWindow.serverPartPerTx(part)), SERVER);
                    if (p.length > 0) {
                        parts.put(part, Statistics.hodgesLehmann(p).estimate());
                    }
                }
                found.add(new Method.Detected(v.name(), step.getKey(), step.getValue(), injected, d.estimate(),
                        d.hasInterval() ? List.of(d.low(), d.high()) : null, d.n(), parts, withinMicros, withinCi, withinN,
                        Method.Detected.PAIRED, goalMicros(injected), null, null, null, false, false, null, null, null, null));
            }
        }
        return found;
    }

    /**
     * How near the injected CPU the found figure must be: ±15 µs, or 15 % of a larger spin (the goals: 50 ± 15 and
     * 200 ± 30 µs).
     */
    public static double goalMicros(double injectedMicros) {
        return Math.max(15, 0.15 * Math.abs(injectedMicros));
    }

    /** A part's server CPU, whole. */
    static final Function<Observation.Switched, Double> WHOLE = Observation.Switched::serverCpuMs;
    /**
     * A part's server CPU less its JIT compiler threads' (null where they were not read). On a server warmed until its
     * compiler settled, the compiler still takes a few per cent of its CPU, in bursts of up to 380 ms in one part here,
     * each on whichever part it falls, several times a 50-µs spin over a part's transactions (docs/results: "Compiler
     * apart"). The compiler's own difference is still given among the parts, and the whole CPU's figure beside.
     */
    static final Function<Observation.Switched, Double> COMPILER_APART = s -> {
        Double jit = s.partsMs().get(ServerCpuPart.JIT.key());
        return jit == null ? null : s.serverCpuMs() - jit;
    };
    /**
     * A part's server CPU less its JIT compiler threads' and its collector threads' (null where either was not read). A
     * spin allocates nothing, so the collector's work does not depend on it; but an old generation's collection, rare on
     * a warm server, takes hundreds of milliseconds in the one part it falls on (670 ms in one part of the calibration of
     * 2026-12-01 21:05, where a part's collector otherwise took 3–60 ms), and that part's window then spread the 200-µs
     * spin's figure by 206 µs against 67 with the collector apart. The collector's own difference is still given among
     * the parts, and the whole CPU's figure beside.
     */
    static final Function<Observation.Switched, Double> COMPILER_AND_COLLECTOR_APART = s -> {
        Double apart = COMPILER_APART.apply(s);
        Double gc = s.partsMs().get(ServerCpuPart.GC.key());
        return apart == null || gc == null ? null : apart - gc;
    };
    /**
     * The machine's pace in a part, read from the server's own database: its CPU per transaction, the same transactions'
     * other half (null where not read, or where the database served another server at the same time). A setting of the
     * server does not change the database's work, so its CPU per transaction moves only with the machine's pace and with
     * the transactions' own weight (their order lines, the rows they touch), both of which move the server's alike. In a
     * calibration of 2026-12-01 it narrowed the spins' window spread by a tenth to nearly half against the other
     * servers' pace (docs/results: "Paced by its own database").
     */
    static final Function<Observation.Switched, Double> DATABASE_PACE = s ->
            s.databaseCpuMs() == null || s.transactions() <= 0 ? null : s.databaseCpuMs() / s.transactions();
    /** The machine's pace in a part read from the other servers: their CPU per transaction, whole (null where not read). */
    static final Function<Observation.Switched, Double> NEIGHBOURS_WHOLE = s ->
            s.neighboursCpuMs() == null || s.neighboursTransactions() <= 0 ? null : s.neighboursCpuMs() / s.neighboursTransactions();
    /**
     * The other servers' CPU per transaction in a part less their compilers' (null where not read): their bursts are not
     * the machine's pace.
     */
    static final Function<Observation.Switched, Double> NEIGHBOURS_COMPILER_APART = s ->
            s.neighboursCpuMs() == null || s.neighboursJitMs() == null || s.neighboursTransactions() <= 0 ? null
                    : (s.neighboursCpuMs() - s.neighboursJitMs()) / s.neighboursTransactions();

    /** The other servers' CPU per transaction in a part less their compilers' and collectors' (null where not read). */
    static final Function<Observation.Switched, Double> NEIGHBOURS_COMPILER_AND_COLLECTOR_APART = s ->
            s.neighboursCpuMs() == null || s.neighboursJitMs() == null || s.neighboursGcMs() == null
                    || s.neighboursTransactions() <= 0 ? null
                    : (s.neighboursCpuMs() - s.neighboursJitMs() - s.neighboursGcMs()) / s.neighboursTransactions();

    /**
     * The paces a quartet may be read by, in their order of preference where they explain the parts alike: the server's
     * own database ({@code database}), the other servers measured at the same time ({@code neighbours}), and the two
     * added (their CPU per transaction summed: where each moves with the machine and on its own besides, their sum's
     * own moves partly cancel). Which one explains the machine best changes from one day to the next here: in the
     * calibrations of 2026-12-01 the database narrowed the spins' window spread most, in that of 2026-12-02 01:11 the
     * other servers and the two added did, by up to half (docs/results: "Pace chosen by the parts at one setting").
     */
    static Map<String, Function<Observation.Switched, Double>> paces(Function<Observation.Switched, Double> database,
                                                                    Function<Observation.Switched, Double> neighbours) {
        var paces = new LinkedHashMap<String, Function<Observation.Switched, Double>>();
        paces.put(Method.Detected.BY_DATABASE, database);
        paces.put(Method.Detected.BY_NEIGHBOURS, neighbours);
        paces.put(Method.Detected.BY_DATABASE_AND_NEIGHBOURS, s -> {
            Double a = database.apply(s);
            Double b = neighbours.apply(s);
            return a == null || b == null ? null : a + b;
        });
        return paces;
    }

    /**
     * How much nearer than the database's another pace must leave the host's parts to be taken instead: by more than a
     * fifth. With about twenty pairs of host parts a run, a spread's own standard error is about a sixth of it, so a
     * smaller gap may be chance, and the database, the pace of the most runs here, stays.
     */
    static final double CLEARLY_NEARER = 0.8;

    /**
     * The pace taken, of those with a spread ({@link #sameSettingSpreads}, in their order of preference): the database
     * where it has one, unless another leaves the host's parts {@link #CLEARLY_NEARER clearly nearer}, then the nearest
     * of those; null where none has a spread.
     */
    static String chosenPace(Map<String, Double> spreads) {
        var read = spreads.entrySet().stream().filter(e -> e.getValue() != null).toList();
        if (read.isEmpty()) {
            return null;
        }
        var nearest = read.stream().min(Map.Entry.comparingByValue()).orElseThrow();
        Double database = spreads.get(Method.Detected.BY_DATABASE);
        return database == null || nearest.getValue() < CLEARLY_NEARER * database ? nearest.getKey() : Method.Detected.BY_DATABASE;
    }

    /**
     * How far each pace leaves apart the parts at one setting, in microseconds per transaction (null where no quartet
     * could be read by every pace): within each quartet of every switched window that counts at the step (every switched
     * variant's, since the machine is the same), the two parts at the host's setting, their difference of the server's
     * CPU per transaction ({@code own}) once the second part's is carried to the first's pace; the root mean square over
     * the quartets every pace could read. Those two parts differ by the machine alone, so the pace that leaves them
     * nearest explains the machine best. The variant's two parts are left out: its spin, counted in CPU time, is not
     * carried by the pace, so their difference would hold a share of it. And h1 − h2 is another contrast of the
     * quartet's four parts than the one the spin is found by (v1 + v2 − h1 − h2): the pace is not chosen by the spin it
     * finds.
     */
    static Map<String, Double> sameSettingSpreads(List<Observation> observations, double step, Function<Observation.Switched, Double> own,
                                                  Map<String, Function<Observation.Switched, Double>> paces) {
        var squares = new LinkedHashMap<String, Double>();
        paces.keySet().forEach(name -> squares.put(name, 0.0));
        int pairs = 0;
        for (Observation o : observations) {
            if (!o.usable()) {
                continue;
            }
            var parts = o.switched().stream().filter(s -> s.step() == step).toList();
            for (int q = 0; q + 4 <= parts.size(); q += 4) {
                var host = parts.subList(q, q + 4).stream().filter(s -> !s.variant()).toList();
                if (host.size() != 2) {
                    continue;
                }
                var differences = new LinkedHashMap<String, Double>();
                paces.forEach((name, pace) -> differences.put(name, pacedDifference(host.get(0), host.get(1), own, pace)));
                if (differences.values().stream().allMatch(java.util.Objects::nonNull)) {
                    differences.forEach((name, d) -> squares.merge(name, d * d, Double::sum));
                    pairs++;
                }
            }
        }
        var spreads = new LinkedHashMap<String, Double>();
        int n = pairs;
        squares.forEach((name, sum) -> spreads.put(name, n == 0 ? null : Math.sqrt(sum / n)));
        return spreads;
    }

    /** The first part's CPU per transaction less the second's carried to the first's pace, in µs; null where unread. */
    private static Double pacedDifference(Observation.Switched a, Observation.Switched b, Function<Observation.Switched, Double> own,
                                          Function<Observation.Switched, Double> pace) {
        Double ownA = own.apply(a);
        Double ownB = own.apply(b);
        Double paceA = pace.apply(a);
        Double paceB = pace.apply(b);
        if (ownA == null || ownB == null || paceA == null || paceB == null || paceB <= 0 || a.transactions() <= 0
                || b.transactions() <= 0) {
            return null;
        }
        return 1000 * (ownA / a.transactions() - ownB / b.transactions() * paceA / paceB);
    }

    /**
     * The differences, in microseconds per transaction, between the variant's setting and its host's within each
     * quartet of the variant's switched windows that count: the server's CPU ({@code cpu} of each part: {@link #WHOLE},
     * {@link #COMPILER_APART}, {@link #COMPILER_AND_COLLECTOR_APART}, or one part of it) over the transactions answered in the two parts at each setting. A
     * window whose parts are not a whole quartet, or in which a setting answered nothing or the figure was not read,
     * gives none.
     */
    static double[] switchedMicros(List<Observation> observations, List<String> variants, double step,
                                   Function<Observation.Switched, Double> cpu) {
        return perWindow(observations, variants, step, quartet -> perTxDifference(quartet, cpu));
    }

    /**
     * The differences of {@link #switchedMicros} with the machine's pace taken out: in each quartet, the variant's
     * parts' CPU ({@code own} of each part) per transaction less what the host's setting would have spent on their
     * transactions at their pace: the host's parts' CPU per transaction and unit of pace, the pace of a part being
     * {@code pace}'s CPU per transaction in it (the server's own database's, or the other servers', read at the same
     * instants). The machine's pace moves a server's CPU per transaction by up to half within one window here, far more
     * than a 50-µs spin, in part alike on every process; what it moves alike cancels, what it moves on the server alone
     * does not. The host's figure is the one carried: the spin is counted in CPU time (the filter spins until its thread
     * has used that much), so the pace does not scale it. A quartet with a part whose figures were not read gives none.
     */
    static double[] pacedMicros(List<Observation> observations, List<String> variants, double step,
                                Function<Observation.Switched, Double> own, Function<Observation.Switched, Double> pace) {
        return perWindow(observations, variants, step, quartet -> pacedQuartet(quartet, own, pace));
    }

    /** One quartet's figure of {@link #pacedMicros}; null where a part's figures were not read or a setting answered nothing. */
    private static Double pacedQuartet(List<Observation.Switched> quartet, Function<Observation.Switched, Double> own,
                                       Function<Observation.Switched, Double> pace) {
        double[] cpu = new double[2];
        long[] tx = new long[2];
        double[] paced = new double[2]; // transactions weighed by the pace's CPU per transaction in their part
        for (var s : quartet) {
            Double ours = own.apply(s);
            Double perTx = pace.apply(s);
            if (ours == null || perTx == null || perTx <= 0) {
                return null;
            }
            int k = s.variant() ? 1 : 0;
            cpu[k] += ours;
            tx[k] += s.transactions();
            paced[k] += s.transactions() * perTx;
        }
        if (tx[0] == 0 || tx[1] == 0) {
            return null;
        }
        // The host's CPU per transaction at the pace, spent on the variant's parts' transactions.
        double expected = cpu[0] / paced[0] * paced[1];
        return 1000 * (cpu[1] - expected) / tx[1];
    }

    /**
     * The pace's own difference in each quartet of {@link #pacedMicros}: its CPU per transaction ({@code pace}) in the
     * variant's parts less in the host's, each part weighed by the server's transactions in it, in microseconds.
     */
    static double[] paceMicros(List<Observation> observations, List<String> variants, double step,
                               Function<Observation.Switched, Double> pace) {
        return perWindow(observations, variants, step, quartet -> perTxDifference(quartet, s -> {
            Double perTx = pace.apply(s);
            return perTx == null ? null : s.transactions() * perTx;
        }));
    }

    /**
     * A quartet's CPU per transaction in the variant's parts less in the host's, in microseconds: {@code cpu} of each
     * part over the server's transactions in it; null where a part's CPU was not read or a setting answered nothing.
     */
    private static Double perTxDifference(List<Observation.Switched> quartet, Function<Observation.Switched, Double> cpu) {
        double[] sum = new double[2];
        long[] answered = new long[2];
        for (var s : quartet) {
            Double ms = cpu.apply(s);
            if (ms == null) {
                return null;
            }
            sum[s.variant() ? 1 : 0] += ms;
            answered[s.variant() ? 1 : 0] += s.transactions();
        }
        return answered[0] > 0 && answered[1] > 0 ? 1000 * (sum[1] / answered[1] - sum[0] / answered[0]) : null;
    }

    /**
     * A figure of each block that counts, at one step, from the switched windows in it of these variants (one, or a spin's
     * twins on several servers, {@link #twins}): the mean of their figures, each the mean of its quartets' (each of four
     * parts in the order measured). A window of several quartets (interleaved: quartets) gives one figure, not one per
     * quartet: its quartets are seconds apart and may share one spell of the machine, so the window, not the quartet, is
     * what the interval may take as independent; and the twins' windows of one block, not each of them, since they share
     * its spells too. A window with a quartet the figure cannot be had of (null) gives none, as a window of one such
     * quartet does; a block with no window that gives one, none.
     */
    private static double[] perWindow(List<Observation> observations, List<String> variants, double step,
                                       Function<List<Observation.Switched>, Double> figure) {
        return windowFigures(observations, variants, step, figure).values().stream()
                .mapToDouble(w -> w.stream().mapToDouble(Double::doubleValue).average().orElseThrow()).toArray();
    }

    /** How many of these variants' switched windows that count give a figure of {@code cpu} at the step. */
    static int switchedWindows(List<Observation> observations, List<String> variants, double step,
                               Function<Observation.Switched, Double> cpu) {
        return windowCount(observations, variants, step, quartet -> perTxDifference(quartet, cpu));
    }

    /** How many of these variants' switched windows that count give {@code figure} at the step. */
    private static int windowCount(List<Observation> observations, List<String> variants, double step,
                                   Function<List<Observation.Switched>, Double> figure) {
        return windowFigures(observations, variants, step, figure).values().stream().mapToInt(List::size).sum();
    }

    /** Each block's figures of {@link #perWindow}, one per window that gives one, by block. */
    private static Map<Integer, List<Double>> windowFigures(List<Observation> observations, List<String> variants, double step,
                                                            Function<List<Observation.Switched>, Double> figure) {
        Map<Integer, List<Double>> byBlock = new TreeMap<>();
        for (Observation o : observations) {
            if (!variants.contains(o.variant()) || !o.usable()) {
                continue;
            }
            var parts = o.switched().stream().filter(s -> s.step() == step).toList();
            double sum = 0;
            int quartets = 0;
            for (int q = 0; q + 4 <= parts.size(); q += 4) {
                Double f = figure.apply(parts.subList(q, q + 4));
                if (f == null) {
                    quartets = 0;
                    break;
                }
                sum += f;
                quartets++;
            }
            if (quartets > 0) {
                byBlock.computeIfAbsent(o.round(), b -> new ArrayList<>()).add(sum / quartets);
            }
        }
        return byBlock;
    }

    /**
     * The variants whose switched windows are pooled with {@code v}'s, {@code v} among them, in the definition's order: those
     * switched at runtime to the same spin on a server (its own or another) whose own setting spins as {@code v}'s
     * host's does (the calibration's spin on each server of its A/A pair, measured at once in one round; in a copy of
     * it with a second pair of the 50-µs spin, spin-50-c and spin-50-d, in another round too). The windows of one round
     * see the same spell of the machine in opposite phases (BlockLoop: the switched windows of a round begin with
     * opposite settings), so what that spell moves alike on both falls on each setting once; the block's figure is the
     * mean of all its windows.
     */
    static List<String> twins(ExperimentDefinition definition, Variant v) {
        if (v.serverOf() == null) {
            return List.of(v.name());
        }
        return definition.variants().stream().filter(w -> w.name().equals(v.name()) || w.serverOf() != null
                && !Instances.isExtra(w.name())
                && w.properties().containsKey(RuntimeSwitches.SPIN_MICROS)
                && spin(definition, w.name()) == spin(definition, v.name())
                && sameConfiguration(definition, w.serverOf(), v.serverOf())).map(Variant::name).toList();
    }

    /** Whether two variants' servers are of one configuration (an A/A pair): profile, properties, JVM options, CLI. */
    private static boolean sameConfiguration(ExperimentDefinition definition, String a, String b) {
        var x = definition.variants().stream().filter(v -> v.name().equals(a)).findFirst();
        var y = definition.variants().stream().filter(v -> v.name().equals(b)).findFirst();
        return x.isPresent() && y.isPresent() && Objects.equals(x.get().profile(), y.get().profile())
                && Objects.equals(x.get().properties(), y.get().properties())
                && Objects.equals(x.get().jvmOptions(), y.get().jvmOptions())
                && Objects.equals(x.get().serverCli(), y.get().serverCli());
    }

    /** The server's CPU per transaction, whose change between rounds carries a control's figure to its variant's round. */
    private static final Function<Observation.StepFigures, Double> SERVER = s -> s.cpuMsPerTx().get("server");

    /**
     * The paired differences, variant less control, of the server's CPU per transaction or a part of it, in
     * microseconds; the machine's change between rounds (partner windows) is read from {@code driftBy}, the server's
     * whole CPU, or not at all (null: within the variant's server alone).
     */
    private static double[] differencesMicros(List<Observation> observations, String variant, String control, double step,
                                              Integer crossover, Function<Observation.StepFigures, Double> figure,
                                              Function<Observation.StepFigures, Double> driftBy) {
        return Comparison.paired(observations, variant, control, step, figure, driftBy, crossover == null ? 1 : crossover)
                .stream().mapToDouble(p -> 1000 * (p[0] - p[1])).toArray();
    }

    /** Whether the windows were measured all at once, some of them beside another server's (a round after the first). */
    private static boolean measuredBesideOthers(List<Observation> observations) {
        return observations.stream().anyMatch(Observation::partner);
    }

    private static double spin(ExperimentDefinition definition, String variant) {
        return definition.variants().stream().filter(v -> v.name().equals(variant)).findFirst()
                .map(v -> v.properties().get(RuntimeSwitches.SPIN_MICROS)).map(Double::parseDouble).orElse(0.0);
    }
}

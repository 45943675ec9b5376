package org.orderapp.lab.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orderapp.lab.experiment.Observation.StepFigures;
import org.orderapp.lab.experiment.Variant;

/** A comparison built from known observations: means over valid rounds, paired ratios, invalid runs left out. */
class ComparisonTest {

    private static final ExperimentDefinition DEFINITION = new ExperimentDefinition("demo", "a against b", "A against B.",
            new Guide("Table 9.9", "b is twice as fast",
                    List.of(new Guide.Expected("b", "throughput", 20.0, 2.0))),
            null, null, Map.of(), 3, "a", List.of(variant("a"), variant("b")));

    private static Variant variant(String name) {
        return Variant.named(name, null);
    }

    private static Observation run(int sequence, int round, String variant, double tps, double p99, boolean valid) {
        var cpu = Map.of("server", 2.0 * 100 / tps, "db", 1.0, "driver", 0.5, "other", 0.1);
        return new Observation(sequence, round, variant, "runs/" + sequence, valid, valid ? List.of() : List.of("20 users: broken"),
                List.of(new StepFigures(20, "20 users", tps, p99, p99 / 3, cpu)));
    }

    private static List<Observation> observations(boolean invalidRound) {
        var o = new ArrayList<Observation>();
        o.add(run(1, 1, "a", 100, 30, true));
        o.add(run(2, 1, "b", 110, 27, true));
        o.add(run(3, 2, "b", 240, 25, !invalidRound));
        o.add(run(4, 2, "a", 200, 33, true));
        o.add(run(5, 3, "a", 200, 31, true));
        o.add(run(6, 3, "b", 230, 26, true));
        return o;
    }

    private static Comparison compare(List<Observation> observations) {
        return Comparison.of(DEFINITION, new Comparison.Context("./order experiment demo", "t0", "t1",
                Map.of("throughput", "tx/s", "step", "users"), "fixed: 10s before each step", false, List.of()), observations);
    }

    @Test
    void meansAndRatiosOfValidRounds() {
        Comparison c = compare(observations(false));
        assertTrue(c.valid());
        var a = c.variants().get(0);
        assertEquals("a", a.name());
        assertEquals(500.0 / 3, a.throughput().mean(), 1e-9);
        assertEquals(3, a.throughput().n());
        assertNotNull(a.throughput().ci95());
        var ratio = c.ratios().stream().filter(r -> r.metric().equals("throughput")).findFirst().orElseThrow();
        assertEquals("b", ratio.variant());
        assertEquals(1.149275, ratio.ratio(), 1e-6); // rounds 1.10, 1.20, 1.15
        assertEquals(List.of(1.031535622268331, 1.2804529279245043).get(0), ratio.ci95().get(0), 1e-9);
        assertEquals("faster by 15 % (95 % CI 3.2–28 %)", ratio.verdict());
        assertEquals(2.0, ratio.guide());
        assertTrue(c.ratios().stream().anyMatch(r -> r.metric().equals("p99_ms")));
        assertTrue(c.ratios().stream().anyMatch(r -> r.metric().equals("cpu_ms_per_tx")));
    }

    /**
     * Own cores, the cores changing hands every block: one core 1.7 times as fast as the other (as measured here on
     * 2026-11-28) moves every block's ratio far up or down; paired per crossover group the true ratio comes back with
     * a narrow interval.
     */
    @Test
    void crossoverGroupsCancelACoreFasterThanTheOther() {
        var o = new ArrayList<Observation>();
        double[] noise = {1.02, 0.97, 1.01, 0.99, 1.03, 0.98, 1.00, 1.02, 0.99, 1.01, 0.97, 1.03, 1.00, 0.98};
        for (int block = 1; block <= 14; block++) {
            double core = block % 2 == 1 ? 1.7 : 1 / 1.7; // the control on the fast core in odd blocks
            o.add(run(o.size() + 1, block, "a", 300 * Math.sqrt(core), 30, true));
            o.add(run(o.size() + 1, block, "b", 0.8 * 300 / Math.sqrt(core) * noise[block - 1], 30, true));
        }
        var method = new Method(Method.INTERLEAVED, "own cores", 0.03, 14, "test", 10.0, null, null, "PASS", null, 2);
        Comparison paired = Comparison.of(DEFINITION, new Comparison.Context("cmd", "t0", "t1", Map.of("throughput", "tx/s"), "w",
                false, List.of(), method), o);
        var r = paired.ratios().stream().filter(x -> x.metric().equals("throughput")).findFirst().orElseThrow();
        assertEquals(7, r.n(), "seven groups of two blocks");
        assertEquals(0.8, r.ratio(), 0.01);
        assertTrue(r.ci95().get(0) > 0.78 && r.ci95().get(1) < 0.82, "narrow: " + r.ci95());
        var perBlock = new Method(Method.INTERLEAVED, "in turn", 0.03, 14, "test", 10.0, null, null, "PASS", null, null);
        var wide = Comparison.of(DEFINITION, new Comparison.Context("cmd", "t0", "t1", Map.of("throughput", "tx/s"), "w",
                false, List.of(), perBlock), o).ratios().stream().filter(x -> x.metric().equals("throughput")).findFirst().orElseThrow();
        assertEquals(14, wide.n());
        assertTrue(wide.ci95().get(1) / wide.ci95().get(0) > 1.5, "per block the core's difference is in every ratio: " + wide.ci95());
    }

    /**
     * Two servers per variant, each JVM a few per cent off its configuration's own figure for good: every block agrees
     * exactly, yet the ratio's interval is as wide as the servers differ, where one server a side would have found a
     * ratio of one pair of JVMs with no interval to speak of.
     */
    @Test
    void instancesGiveTheRatioOverTheServersWithTheirSpreadInItsInterval(@TempDir Path dir) throws Exception {
        var definition = DEFINITION.withInstances(2);
        Map<String, Double> jvm = Map.of("a", 1.00, "a@2", 1.04, "b", 1.10 * 0.98, "b@2", 1.10 * 1.02);
        double[] pace = {1.0, 0.8, 1.1, 0.9, 1.05, 0.95, 1.0};
        var o = new ArrayList<Observation>();
        for (int block = 1; block <= pace.length; block++) {
            for (String v : List.of("a", "a@2", "b", "b@2")) {
                o.add(window(o.size() + 1, block, 0, v, 200 * pace[block - 1] * jvm.get(v), false, true));
            }
        }
        var method = new Method(Method.INTERLEAVED, "in turn", 0.03, pace.length, "test", 10.0, null, null, "PASS", null, null);
        Comparison c = Comparison.of(definition, new Comparison.Context("cmd", "t0", "t1", Map.of("throughput", "tx/s"), "w",
                false, List.of(), method), o);
        var r = c.ratios().stream().filter(x -> x.metric().equals("throughput")).findFirst().orElseThrow();
        assertEquals("b", r.variant());
        assertEquals(1.10 * Math.sqrt(0.98 * 1.02 / 1.04), r.ratio(), 1e-9, "the geometric mean over the four pairs of servers");
        assertEquals(pace.length, r.n(), "blocks");
        assertEquals(4, r.servers());
        assertEquals(0, r.blocksHalfWidth(), 1e-9, "every pair of servers agrees in every block");
        assertEquals(r.blocksHalfWidth(), r.stopHalfWidth(), "the stop rule waits for the blocks, not for the servers' spread");
        // rows ±0.02 about the mean, columns ±0.0196: the interval of a mean over two servers a side (2 degrees of freedom)
        assertTrue(r.ci95().get(0) < 1.03 && r.ci95().get(1) > 1.16, "as wide as the JVMs differ: " + r.ci95());
        assertTrue(c.ratios().stream().noneMatch(x -> x.variant().contains("@")), "an instance is no variant of its own to compare");
        assertEquals(List.of("a", "a@2", "b", "b@2"), c.variants().stream().map(Comparison.VariantFigures::name).toList(),
                "each server's figures are listed");
        assertTrue(c.notes().stream().anyMatch(n -> n.contains("ran on 2 servers (a, a@2 ...)")), c.notes().toString());
        ComparisonFiles.writeCsv(dir.resolve("comparison.csv"), c);
        String row = Files.readAllLines(dir.resolve("comparison.csv")).stream().filter(l -> l.startsWith("demo,b,20,20 users,throughput,"))
                .findFirst().orElseThrow();
        String[] cells = row.split(",");
        assertEquals("4", cells[cells.length - 2], "the CSV says over how many servers: " + row);
        assertEquals(0, Double.parseDouble(cells[cells.length - 1]), 1e-9, "and each pair's blocks' half-width: " + row);
        var onePair = Comparison.of(DEFINITION, new Comparison.Context("cmd", "t0", "t1", Map.of("throughput", "tx/s"), "w",
                false, List.of(), method), o.stream().filter(w -> !w.variant().contains("@")).toList())
                .ratios().stream().filter(x -> x.metric().equals("throughput")).findFirst().orElseThrow();
        assertEquals(1.10 * 0.98, onePair.ratio(), 1e-9, "one server a side: one pair of JVMs' ratio");
        assertTrue(onePair.ci95().get(1) - onePair.ci95().get(0) < 1e-6, "and every block agrees on it: " + onePair.ci95());
    }

    @Test
    void withInstancesARuntimeVariantIsComparedWithinItsHostsJvmOrAgainstEveryControlServer() {
        var definition = new ExperimentDefinition("runtime", "r on a's server, s on b's", null, null, null, null, Map.of(), 3, "a",
                List.of(variant("a"), variant("b"), onServerOf("r", "a"), onServerOf("s", "b"))).withInstances(2);
        assertEquals(List.of("a", "a@2", "b", "b@2", "r", "s"), definition.variants().stream().map(Variant::name).toList());
        Map<String, Double> jvm = Map.of("a", 1.00, "a@2", 1.04, "b", 0.98, "b@2", 1.02, "r", 1.10, "s", 0.98 * 1.2);
        var o = new ArrayList<Observation>();
        for (int block = 1; block <= 6; block++) {
            for (String v : jvm.keySet().stream().sorted().toList()) {
                o.add(window(o.size() + 1, block, 0, v, 200 * jvm.get(v), false, true));
            }
        }
        var method = new Method(Method.INTERLEAVED, "in turn", 0.03, 6, "test", 10.0, null, null, "PASS", null, null);
        Comparison c = Comparison.of(definition, new Comparison.Context("cmd", "t0", "t1", Map.of("throughput", "tx/s"), "w",
                false, List.of(), method), o);
        var r = c.ratios().stream().filter(x -> x.variant().equals("r") && x.metric().equals("throughput")).findFirst().orElseThrow();
        assertEquals(1.10, r.ratio(), 1e-9, "on a's server: against a's own JVM, block by block");
        assertNull(r.servers());
        var s = c.ratios().stream().filter(x -> x.variant().equals("s") && x.metric().equals("throughput")).findFirst().orElseThrow();
        assertEquals(0.98 * 1.2 / Math.sqrt(1.04), s.ratio(), 1e-9, "on b's server: one JVM against both of the control's");
        assertEquals(3, s.servers());
    }

    private static Variant onServerOf(String name, String host) {
        return new Variant(name, null, null, Map.of("order.calibration.spin-micros", "50"), null, null, null, null, null, null, null,
                null, host);
    }

    @Test
    void aSmallDifferenceBetweenOneServerASideSaysItMayBeTheJvms() {
        var small = new Comparison.Ratio("b", "cpu_ms_per_tx", 20, "20 users", 0.98, List.of(0.97, 0.99), 12, "lower by 2.0 %", null, 0.01);
        assertTrue(Comparison.withinTwoJvms(small, Metric.CPU).verdict().endsWith("it may be theirs, not the setting's "
                + "(--instances 3 tells)"), Comparison.withinTwoJvms(small, Metric.CPU).verdict());
        var large = new Comparison.Ratio("b", "throughput", 20, "20 users", 1.10, List.of(1.07, 1.13), 12, "faster by 10 %", null, 0.03);
        assertSame(large, Comparison.withinTwoJvms(large, Metric.THROUGHPUT), "wholly beyond 3 %: the setting's");
        var none = new Comparison.Ratio("b", "throughput", 20, "20 users", 1.0, List.of(0.98, 1.02), 12, "no difference", null, 0.02);
        assertSame(none, Comparison.withinTwoJvms(none, Metric.THROUGHPUT));
        var p99 = new Comparison.Ratio("b", "p99_ms", 20, "20 users", 0.98, List.of(0.97, 0.99), 12, "lower by 2.0 %", null, 0.01);
        assertSame(p99, Comparison.withinTwoJvms(p99, Metric.P99), "the JVMs' difference was measured for throughput and CPU");
    }

    /**
     * An open load of 75 tx/s: both servers kept up, b's windows complete one transaction in 10,000 fewer (in flight at
     * their ends) in every block, an interval far from 1 that is no difference in what the servers can do; where b falls
     * 4 % short of the arrivals, it is one. The same figures as users of a closed load keep the ordinary verdict.
     */
    @Test
    void anOpenLoadsThroughputBetweenServersThatKeptUpIsTheArrivalRate() {
        var method = new Method(Method.INTERLEAVED, "in turn", 0.03, 8, "test", 10.0, null, null, "PASS", null, null);
        java.util.function.BiFunction<Double, Boolean, Comparison.Ratio> throughput = (b, open) -> {
            var o = new ArrayList<Observation>();
            for (int block = 1; block <= 8; block++) {
                double jitter = 1 + 0.0001 * (block % 3);
                for (String v : List.of("a", "b")) {
                    var cpu = Map.of("server", 2.8, "db", 1.0, "driver", 0.5, "other", 0.1);
                    o.add(new Observation(o.size() + 1, block, v, "runs/" + v, true, List.of(), List.of(new StepFigures(75,
                            open ? "75 tx/s" : "75 users", 75 * jitter * (v.equals("a") ? 1 : b), 20.0, 8.0, cpu)), false, 0, false));
                }
            }
            return Comparison.of(DEFINITION, new Comparison.Context("cmd", "t0", "t1", Comparison.units(open), "w", false, List.of(),
                    method), o).ratios().stream().filter(x -> x.metric().equals("throughput")).findFirst().orElseThrow();
        };
        var keptUp = throughput.apply(0.9999, true);
        assertTrue(keptUp.ci95().get(1) < 1, "the interval excludes 1: " + keptUp.ci95());
        assertTrue(keptUp.verdict().startsWith("both served the offered 75 tx/s"), keptUp.verdict());
        assertEquals(0.9999, keptUp.ratio(), 1e-9, "the figures as measured");
        var fellShort = throughput.apply(0.96, true);
        assertEquals("slower by 4.0 % (95 % CI 4.0–4.0 %)", fellShort.verdict(), "b did not keep up: a difference");
        var closed = throughput.apply(0.9999, false);
        assertTrue(closed.verdict().startsWith("slower by 0.0 %"), "a closed load's throughput is the servers': " + closed.verdict());

        // Both kept up, but never in the same block: nothing to compare stays nothing to compare.
        var apart = new ArrayList<Observation>();
        for (int block = 1; block <= 8; block++) {
            for (String v : List.of("a", "b")) {
                boolean valid = v.equals("a") == (block <= 4);
                apart.add(new Observation(apart.size() + 1, block, v, "runs/" + v, valid, valid ? List.of() : List.of("broken"),
                        List.of(new StepFigures(75, "75 tx/s", 75.0, 20.0, 8.0, Map.of("server", 2.8))), false, 0, false));
            }
        }
        var unpaired = Comparison.of(DEFINITION, new Comparison.Context("cmd", "t0", "t1", Comparison.units(true), "w", false,
                List.of(), method), apart).ratios().stream().filter(x -> x.metric().equals("throughput")).findFirst().orElseThrow();
        assertNull(unpaired.ratio());
        assertTrue(unpaired.verdict().startsWith("no valid paired"), unpaired.verdict());
    }

    @Test
    void aCrossoverGroupWithABlockMissingIsLeftOut() {
        var byRound = new java.util.TreeMap<Integer, double[]>();
        for (int round = 2; round <= 8; round++) { // block 1 burn-in: the group of blocks 1 and 2 is incomplete
            byRound.put(round, new double[] {round % 2 == 0 ? 4 : 1, 1});
        }
        var groups = Comparison.crossoverGroups(byRound, 2);
        assertEquals(3, groups.size());
        groups.forEach(g -> assertEquals(2.0, g[0] / g[1], 1e-12, "the geometric mean of 1 and 4"));
    }

    @Test
    void serverFiguresAreComparedWhereTheDefinitionNamesThem(@TempDir Path dir) throws Exception {
        var definition = new ExperimentDefinition("gc", "collectors", null, null, null, null, Map.of(), 2, "a",
                List.of(variant("a"), variant("b")), List.of("gc_pause_ms_per_s"), null);
        var o = new ArrayList<Observation>();
        double[][] pauses = {{10, 5}, {12, 3}}; // round 1: a 10, b 5; round 2: a 12, b 3 ms/s
        for (int round = 1; round <= 2; round++) {
            for (int v = 0; v < 2; v++) {
                o.add(new Observation(o.size() + 1, round, v == 0 ? "a" : "b", "runs/" + (o.size() + 1), true, List.of(),
                        List.of(new StepFigures(20, "20 users", 100.0, 30.0, 10.0, Map.of(),
                                Map.of("jvm.gc.pauseMsPerSecond", pauses[round - 1][v], "jvm.allocMbPerSecond", 99.0), Map.of()))));
            }
        }
        Comparison c = Comparison.of(definition, new Comparison.Context("cmd", "t0", "t1", Map.of("throughput", "tx/s"), "w", false,
                List.of()), o);
        var pause = c.ratios().stream().filter(r -> r.metric().equals("gc_pause_ms_per_s")).findFirst().orElseThrow();
        assertEquals(Math.sqrt(0.5 * 0.25), pause.ratio(), 1e-12, "the geometric mean of 5/10 and 3/12");
        assertEquals(11.0, c.variants().get(0).steps().get(0).server().get("gc_pause_ms_per_s").mean(), 1e-12);
        assertFalse(c.ratios().stream().anyMatch(r -> r.metric().equals("alloc_mb_per_s")), "not named, not compared");
        assertEquals("GC pause time, ms per second", c.metrics().get("gc_pause_ms_per_s"));
        ComparisonFiles.write(dir, c);
        assertTrue(Files.readString(dir.resolve("comparison.csv")).contains("gc,b,20,20 users,gc_pause_ms_per_s,4,"),
                "the CSV has the figure's row");
    }

    @Test
    void anInvalidRunIsNamedAndLeftOutOfMeansAndRatios() {
        Comparison c = compare(observations(true));
        assertFalse(c.valid());
        var b = c.variants().get(1);
        assertEquals(2, b.throughput().n(), "the invalid round is not in the mean");
        assertEquals(170, b.throughput().mean(), 1e-9);
        var ratio = c.ratios().stream().filter(r -> r.metric().equals("throughput")).findFirst().orElseThrow();
        assertEquals(2, ratio.n(), "only rounds where both runs were valid are paired");
        assertTrue(c.notes().stream().anyMatch(n -> n.contains("Run 3 (b, round 2) was invalid: 20 users: broken")), c.notes().toString());
        assertFalse(c.runs().get(2).valid());
    }

    @Test
    void aVariantWithoutValidRunsHasNoFiguresAndSaysSo() {
        var o = new ArrayList<Observation>();
        o.add(run(1, 1, "a", 100, 30, true));
        o.add(run(2, 1, "b", 110, 27, false));
        Comparison c = compare(o);
        assertNull(c.variants().get(1).throughput());
        var ratio = c.ratios().stream().filter(r -> r.metric().equals("throughput")).findFirst().orElseThrow();
        assertNull(ratio.ratio());
        assertEquals("no valid paired rounds: nothing to compare", ratio.verdict());
        assertTrue(c.notes().stream().anyMatch(n -> n.contains("Variant b has no valid run")));
    }

    @Test
    void filesCarryTheDocumentedKeys(@TempDir Path dir) throws Exception {
        ComparisonFiles.write(dir, compare(observations(false)));
        JsonNode json = org.orderapp.driver.report.ResultFiles.JSON.readTree(dir.resolve("comparison.json").toFile());
        for (String key : List.of("experiment", "control", "valid", "variants", "ratios")) {
            assertTrue(json.has(key), key);
        }
        JsonNode v = json.get("variants").get(0);
        assertTrue(v.get("throughput").has("mean") && v.get("throughput").get("ci95").isArray(), v.toString());
        assertTrue(v.get("p99_ms").has("mean") && v.get("p99_ms").has("ci95"), v.toString());
        for (String role : List.of("server", "db", "driver")) {
            assertTrue(v.get("cpu_ms_per_tx").get(role).isNumber(), role);
        }
        JsonNode r = json.get("ratios").get(0);
        for (String key : List.of("variant", "metric", "ratio", "ci95", "verdict")) {
            assertTrue(r.has(key), key);
        }
        String csv = Files.readString(dir.resolve("comparison.csv"));
        assertTrue(csv.startsWith("experiment,variant,step,step_name,metric,mean,ci95_low,ci95_high,n,ratio_to_control"), csv);
        assertTrue(csv.lines().findFirst().orElseThrow().endsWith(",guide_ratio,ratio_half_width,servers,blocks_half_width"), csv);
        assertTrue(csv.contains("demo,b,20,20 users,throughput,"), csv);
        String html = Files.readString(dir.resolve("comparison.html"));
        assertFalse(html.contains("/*COMPARISON_JSON*/") || html.contains("/*CHART_JS*/"), "placeholders are filled");
        assertFalse(html.contains("src=\"http"), "the page loads nothing from the network");
    }

    /** A window of a block measured all at once, in round {@code turn}, perhaps a partner window. */
    private static Observation window(int sequence, int block, int turn, String variant, double tps, boolean partner, boolean valid) {
        var cpu = Map.of("server", 1.0, "db", 1.0, "driver", 0.5, "other", 0.1);
        return new Observation(sequence, block, variant, "runs/" + variant, valid, valid ? List.of() : List.of("20 users: broken"),
                List.of(new StepFigures(20, "20 users", tps, 30.0, 10.0, cpu)), false, turn, partner);
    }

    @Test
    void aPartnerWindowCarriesTheControlToItsRoundAndIsNoFigureOfItsOwn() {
        var definition = new ExperimentDefinition("duet", "r at runtime on a's server", null, null, null, null, Map.of(), 3, "a",
                List.of(variant("a"), variant("b"), variant("r")));
        var o = new ArrayList<Observation>();
        int seq = 0;
        for (int block = 1; block <= 3; block++) {
            double pace = block == 2 ? 0.8 : 1.0; // block 2 slower; in every block the second round at half the first's pace
            o.add(window(++seq, block, 0, "a", 100 * pace, false, true));
            o.add(window(++seq, block, 0, "b", 120 * pace, false, true));
            o.add(window(++seq, block, 1, "r", 90 * pace * 0.5, false, true));
            o.add(window(++seq, block, 1, "b", 120 * pace * 0.5, true, block != 3)); // block 3: the partner window invalid
        }
        Comparison c = Comparison.of(definition, new Comparison.Context("cmd", "t0", "t1", Map.of("throughput", "tx/s"), "w", false,
                List.of()), o);
        var r = c.ratios().stream().filter(x -> x.variant().equals("r") && x.metric().equals("throughput")).findFirst().orElseThrow();
        assertEquals(0.9, r.ratio(), 1e-9, "(r / b's partner) / (a / b), not r / a = 0.45");
        assertEquals(2, r.n(), "block 3 has no reference for r's round: no pair, rather than one with the machine's change in it");
        var b = c.ratios().stream().filter(x -> x.variant().equals("b") && x.metric().equals("throughput")).findFirst().orElseThrow();
        assertEquals(1.2, b.ratio(), 1e-9, "b and a in the same round");
        assertEquals(3, b.n());
        var bFigures = c.variants().get(1);
        assertEquals(3, bFigures.steps().get(0).rounds().size(), "b drawn once a block: its partner windows are not its figures");
        assertEquals((120 + 96 + 120) / 3.0, bFigures.throughput().mean(), 1e-9);
        assertEquals(12, c.runs().size(), "every window listed");
        assertEquals(3, c.runs().stream().filter(Comparison.Run::partner).count());
        assertTrue(c.runs().stream().filter(Comparison.Run::partner).allMatch(x -> x.turn() == 1 && x.variant().equals("b")));
        assertFalse(c.valid(), "an invalid partner window is an invalid window of the experiment");
        assertTrue(c.notes().stream().anyMatch(n -> n.contains("(b, round 3, a partner window) was invalid")), c.notes().toString());
    }
}

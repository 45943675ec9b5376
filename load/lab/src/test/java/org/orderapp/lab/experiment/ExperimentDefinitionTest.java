package org.orderapp.lab.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orderapp.driver.settings.LoadConfig;

/** Experiment files: what they may say, what is refused with a clear message, and the shipped ones. */
class ExperimentDefinitionTest {

    @TempDir
    Path dir;

    private Path file(String name, String yaml) throws Exception {
        Path f = dir.resolve(name + ".yaml");
        Files.writeString(f, yaml);
        return f;
    }

    private static final String MINIMAL = """
            varies: pool size
            variants:
              - name: small
                properties: {order.ds.max-pool-size: "10"}
              - name: large
                profile: tuned
                jvm-options: [-Xmx1g]
            """;

    @Test
    void aMinimalDefinitionTakesTheDefaults() throws Exception {
        var d = ExperimentDefinition.read(file("pools", MINIMAL));
        assertEquals("pools", d.name(), "the file's name");
        assertEquals(3, d.roundsOrDefault());
        assertEquals("small", d.controlOrDefault(), "the first variant");
        assertEquals(Map.of("order.ds.max-pool-size", "10"), d.variants().get(0).properties());
        assertEquals(List.of("-Xmx1g"), d.variants().get(1).jvmOptions());
        assertEquals(1, d.variants().get(1).nodesOrDefault(), "the single server unless a variant names its nodes");
        var cluster = ExperimentDefinition.read(file("cluster", MINIMAL.replace("profile: tuned", "profile: tuned\n    nodes: 2")));
        assertEquals(2, cluster.variants().get(1).nodesOrDefault());
        assertTrue(cluster.variants().get(1).summary().contains("2 nodes"), cluster.variants().get(1).summary());
        LoadConfig load = d.loadConfig();
        assertNotNull(load.steadyState(), "a fresh server is warmed up until steady unless the file says otherwise");
    }

    @Test
    void aVariantNamesItsJdkByVersionOrByFolderNotBoth() throws Exception {
        var d = ExperimentDefinition.read(file("jdks", """
                varies: the JDK
                variants:
                  - name: jdk17
                  - name: jdk25
                    jdk: 25
                    jvm-options: [-XX:+UseCompactObjectHeaders]
                  - name: own
                    java-home: /opt/jdk-26
                """));
        assertEquals(null, d.variants().get(0).jdk());
        assertFalse(d.variants().get(0).namesJdk());
        assertEquals(25, d.variants().get(1).jdk());
        assertTrue(d.variants().get(1).summary().endsWith("-XX:+UseCompactObjectHeaders, JDK 25"), d.variants().get(1).summary());
        assertEquals(Path.of("/opt/jdk-26"), d.variants().get(2).javaHomePath());
        assertTrue(d.variants().get(2).summary().contains("java-home /opt/jdk-26"), d.variants().get(2).summary());

        var onJdk = d.onJavaHome(Path.of("/opt/jdk-21"));
        assertEquals(Path.of("/opt/jdk-21"), onJdk.variants().get(0).javaHomePath(), "--java-home: the JDK of a variant naming none");
        assertEquals(null, onJdk.variants().get(1).javaHome(), "a variant's own JDK wins");
        assertEquals(Path.of("/opt/jdk-26"), onJdk.variants().get(2).javaHomePath());
        assertEquals(d, d.onJavaHome(null));

        var twice = assertThrows(IllegalArgumentException.class, () -> ExperimentDefinition.read(file("twice", MINIMAL
                + "  - name: both\n    jdk: 25\n    java-home: /opt/jdk-25\n")));
        assertTrue(twice.getMessage().contains("variant both names its JDK twice"), twice.getMessage());
        var notAVersion = assertThrows(IllegalArgumentException.class, () -> ExperimentDefinition.read(file("old", MINIMAL
                + "  - name: old\n    jdk: 1\n")));
        assertTrue(notAVersion.getMessage().contains("jdk is a major version"), notAVersion.getMessage());
    }

    @Test
    void aVariantMayStartWithTheAotCacheOfItsBuild() throws Exception {
        var d = ExperimentDefinition.read(file("aot", MINIMAL + "  - name: cached\n    jdk: 25\n    aot-cache: train-and-use\n"
                + "metrics: [deploy_s, warm_up_s, jit_share]\n"));
        Variant cached = d.variants().get(2);
        assertTrue(cached.usesAotCache());
        assertFalse(d.variants().get(0).usesAotCache());
        assertTrue(cached.summary().endsWith("JDK 25, AOT cache (trained, then used)"), cached.summary());
        assertTrue(cached.onJavaHome(Path.of("/opt/jdk-25")).usesAotCache(), "kept when its JDK is found");
        assertEquals(List.of(Metric.DEPLOY_TIME, Metric.WARM_UP_TIME, Metric.JIT_SHARE), d.comparedMetrics().subList(4, 7));
        assertMessage(file("other", MINIMAL + "  - name: cached\n    aot-cache: always\n"), "aot-cache takes train-and-use");
        assertMessage(file("nodes", MINIMAL + "  - name: cached\n    nodes: 2\n    aot-cache: train-and-use\n"),
                "aot-cache is for the single server");
    }

    @Test
    void loadOptionsAreThoseOfOrderLoad() throws Exception {
        var d = ExperimentDefinition.read(file("x", MINIMAL + """
                load:
                  users: [20, 60]
                  measure: 5s
                  mix: neworder=100
                  rt-limit: [NewOrder=1s, OrderInquiry=500ms]
                  steady-state: false
                """));
        assertEquals(List.of("--users", "20,60", "--measure", "5s", "--mix", "neworder=100", "--rt-limit", "NewOrder=1s",
                "--rt-limit", "OrderInquiry=500ms"), d.loadArguments());
        LoadConfig load = d.loadConfig();
        assertEquals(List.of(20.0, 60.0), load.steps());
        assertEquals(Duration.ofSeconds(5), load.measure());
        assertEquals(null, load.steadyState());
        assertEquals(Duration.ofMillis(500), load.rules().p90Limits().get(org.orderapp.driver.workload.RequestType.ORDER_INQUIRY));
        var overridden = d.with(5, Map.of("users", "100"));
        assertEquals(5, overridden.roundsOrDefault());
        assertEquals(List.of(100.0), overridden.loadConfig().steps());
    }

    @Test
    void mistakesAreNamedClearly() throws Exception {
        assertMessage(file("a", MINIMAL + "varaints: []\n"), "unknown key 'varaints'");
        assertMessage(file("b", "varies: x\nvariants:\n  - name: only\n"), "at least two variants");
        assertMessage(file("c", MINIMAL.replace("name: large", "name: small")), "two variants are called 'small'");
        assertMessage(file("d", MINIMAL + "control: medium\n"), "the control 'medium' is not one of the variants");
        assertMessage(file("e", MINIMAL.replace("varies: pool size\n", "")), "'varies' is required");
        assertMessage(file("f", MINIMAL + "rounds: 0\n"), "rounds must be at least 1");
        assertMessage(file("g", MINIMAL + "variants: [\n"), "not valid YAML");
        assertMessage(file("m", MINIMAL + "metrics: [gc_pauses_per_minute]\n"), "unknown metric 'gc_pauses_per_minute'; known: throughput");
        assertMessage(file("n", MINIMAL.replace("profile: tuned", "profile: tuned\n    nodes: 0")), "variant large has 0 nodes; from 1 to 8");
        var wrongLoad = ExperimentDefinition.read(file("h", MINIMAL + "load: {userz: 5}\n"));
        var e = assertThrows(IllegalArgumentException.class, wrongLoad::loadConfig);
        assertTrue(e.getMessage().contains("--userz"), e.getMessage());
        var repeats = ExperimentDefinition.read(file("i", MINIMAL + "load: {repeats: 2}\n"));
        e = assertThrows(IllegalArgumentException.class, repeats::loadConfig);
        assertTrue(e.getMessage().contains("use rounds"), e.getMessage());
    }

    @Test
    void aDefinitionNamesTheServerFiguresItCompares() throws Exception {
        var d = ExperimentDefinition.read(file("gc", MINIMAL + "metrics: [gc_pause_ms_per_s, alloc_mb_per_s, throughput]\n"));
        assertEquals(List.of(Metric.THROUGHPUT, Metric.P99, Metric.MEAN, Metric.CPU, Metric.GC_PAUSE, Metric.ALLOCATION_RATE),
                d.comparedMetrics(), "the four of every comparison, then the named ones, each once");
        assertEquals(Metric.ALWAYS, ExperimentDefinition.read(file("plain", MINIMAL)).comparedMetrics());
        assertEquals(d.metrics(), d.with(5, Map.of()).metrics(), "kept by the command line's overrides");
        assertEquals(d.metrics(), d.withVariants(d.variants().subList(0, 2)).metrics());
    }

    private static final String ON_SERVER_OF = """
            varies: a CPU spin switched at runtime
            variants:
              - name: control
                profile: tuned
                jvm-options: [-Xmx1g]
                properties: {order.ds.max-pool-size: "10"}
              - name: spin
                server-of: control
                properties: {order.calibration.spin-micros: "200"}
            """;

    @Test
    void aVariantOnAnothersServerTakesItsConfigurationAndSwitchesItsOwnSettings() throws Exception {
        var d = ExperimentDefinition.read(file("runtime", ON_SERVER_OF));
        Variant spin = d.variants().get(1);
        assertEquals("control", spin.serverOf());
        assertEquals("tuned", spin.profile(), "the host's configuration, so that measured by rounds it is the same server");
        assertEquals(List.of("-Xmx1g"), spin.jvmOptions());
        assertEquals(Map.of("order.ds.max-pool-size", "10", RuntimeSwitches.SPIN_MICROS, "200"), spin.properties());
        assertEquals(List.of(RuntimeSwitches.SPIN_MICROS), RuntimeSwitches.switched(spin));
        assertTrue(spin.summary().contains("server-of control (interleaved: on control's server, its own properties switched at runtime; by rounds: a server of its own)"), spin.summary());
        assertEquals(Map.of(RuntimeSwitches.SPIN_MICROS, "0"), RuntimeSwitches.before(d.variants().get(0), d.variants()),
                "the host's windows without the spin it does not set");
        assertEquals(Map.of(RuntimeSwitches.SPIN_MICROS, "200"), RuntimeSwitches.before(spin, d.variants()));
    }

    @Test
    void choosingAVariantOnAnothersServerKeepsItsHost() throws Exception {
        var d = ExperimentDefinition.read(file("hosts", """
                varies: a spin on the second server
                variants:
                  - name: control
                  - name: other
                  - name: spin
                    server-of: other
                    properties: {order.calibration.spin-micros: "50"}
                """));
        assertEquals(List.of("control", "other", "spin"), d.only(List.of("spin")).variants().stream().map(Variant::name).toList(),
                "other kept, else spin would run a server of its own and compare two JVMs");
        assertEquals(List.of("control", "other"), d.only(List.of("other")).variants().stream().map(Variant::name).toList());
    }

    @Test
    void aVariantOnAnothersServerMaySetOnlyWhatTheServerSwitchesAtRuntime() throws Exception {
        assertMessage(file("nohost", ON_SERVER_OF.replace("server-of: control", "server-of: nobody")),
                "server-of names another variant of this experiment, whose server it shares; got 'nobody'");
        assertMessage(file("itself", ON_SERVER_OF.replace("server-of: control", "server-of: spin")), "got 'spin'");
        assertMessage(file("chain", ON_SERVER_OF + """
                  - name: spin-2
                    server-of: spin
                    properties: {order.calibration.spin-micros: "50"}
                """), "server-of spin, which is on control's server itself");
        assertMessage(file("profile", ON_SERVER_OF.replace("server-of: control", "server-of: control\n    profile: baseline")),
                "may set only properties its server switches at runtime: order.calibration.spin-micros");
        assertMessage(file("fixed", ON_SERVER_OF.replace("{order.calibration.spin-micros: \"200\"}",
                "{order.calibration.spin-micros: \"200\", order.ds.max-pool-size: \"20\"}")),
                "order.ds.max-pool-size cannot be switched at runtime");
        assertMessage(file("none", ON_SERVER_OF.replace("properties: {order.calibration.spin-micros: \"200\"}", "description: nothing")),
                "it sets no property");
        assertMessage(file("value", ON_SERVER_OF.replace("\"200\"", "\"-5\"")), "a whole number of microseconds, not '-5'");
    }

    @Test
    void instancesRunEveryVariantWithAServerOfItsOwnOnSeveralServers() throws Exception {
        var d = ExperimentDefinition.read(file("instances", ON_SERVER_OF + """
                  - name: other
                interleaved:
                  instances: 3
                """));
        assertEquals(3, d.interleavedOrNone().instances());
        assertEquals(1, d.instances(), "the file's definition as written; the method expands it");
        var three = d.withInstances(3);
        assertEquals(List.of("control", "control@2", "control@3", "spin", "other", "other@2", "other@3"),
                three.variants().stream().map(Variant::name).toList(), "spin is switched within control's JVM: not repeated");
        assertEquals(3, three.instances());
        assertEquals(6, three.serverCount());
        assertEquals("control", three.servers().get("spin"));
        Variant copy = three.variants().get(1);
        assertEquals("tuned", copy.profile());
        assertEquals(List.of("-Xmx1g"), copy.jvmOptions());
        assertEquals(Map.of("order.ds.max-pool-size", "10"), copy.properties());
        assertEquals("control", Instances.groupOf("control@2"));
        assertEquals(List.of("other", "other@2", "other@3"), Instances.of("other", three.variants().stream().map(Variant::name).toList()));
        assertSame(d, d.withInstances(1));
        assertMessage(file("many", ON_SERVER_OF + "interleaved:\n  instances: 9\n"), "instances is from 1 to 4 servers per variant; got 9");
        assertMessage(file("at", ON_SERVER_OF.replace("name: spin", "name: spin@2")), "every variant needs a name of letters");
        assertEquals(three.variants(), three.withInstances(3).variants(), "an instance is not repeated again");
        var e = assertThrows(IllegalArgumentException.class, () -> ExperimentDefinition.read(file("nine", ON_SERVER_OF
                + "  - name: other\n  - name: third\n")).withInstances(3));
        assertTrue(e.getMessage().contains("3 servers per variant would start 9 servers (and as many databases all at once); "
                + "at most 8 on one machine"), e.getMessage());
        var spinControl = ExperimentDefinition.read(file("spin-control", ON_SERVER_OF + "control: spin\n"));
        e = assertThrows(IllegalArgumentException.class, () -> spinControl.withInstances(2));
        assertTrue(e.getMessage().contains("the control spin is measured on control's server"), e.getMessage());
    }

    @Test
    void aSwitchedWindowMayHoldSeveralQuartetsWhereAVariantIsSwitched() throws Exception {
        assertEquals(1, ExperimentDefinition.read(file("one", ON_SERVER_OF)).quartets(), "one quartet unless the file says");
        assertEquals(3, ExperimentDefinition.read(file("three", ON_SERVER_OF + "interleaved:\n  quartets: 3\n")).quartets());
        assertMessage(file("none", ON_SERVER_OF + "interleaved:\n  quartets: 0\n"), "interleaved: quartets 0 is not from 1 to 4");
        assertMessage(file("five", ON_SERVER_OF + "interleaved:\n  quartets: 5\n"), "interleaved: quartets 5 is not from 1 to 4");
        assertMessage(file("unswitched", """
                varies: the pool
                variants:
                  - name: control
                  - name: small
                    properties: {order.ds.max-pool-size: "10"}
                interleaved:
                  quartets: 2
                """), "interleaved: quartets is for a variant switched at runtime on another's server");
    }

    private static void assertMessage(Path f, String expected) {
        var e = assertThrows(IllegalArgumentException.class, () -> ExperimentDefinition.read(f));
        assertTrue(e.getMessage().contains(expected), "'" + e.getMessage() + "' should say " + expected);
        assertTrue(e.getMessage().contains(f.getFileName().toString()), "the message names the file: " + e.getMessage());
    }

    @Test
    void everyShippedExperimentParsesAndNamesTheGuidesReferenceAndFigure() throws Exception {
        List<Path> shipped = ExperimentDefinition.list(Path.of("../experiments"));
        assertFalse(shipped.isEmpty(), "load/experiments holds the project's experiments");
        for (Path f : shipped) {
            var d = ExperimentDefinition.read(f);
            if (d.benchmark() == null) {
                assertNotNull(d.loadConfig(), f.toString());
                assertNotNull(d.quick().loadConfig(), f + " runs quick too");
            }
            assertNotNull(d.description(), f + " has a description");
            assertNotNull(d.guide(), f + " names the guide's reference (or says 'none')");
            assertFalse(d.guide().reference() == null || d.guide().reference().isBlank(), f + ": guide.reference");
            assertFalse(d.guide().figure() == null || d.guide().figure().isBlank(),
                    f + ": guide.figure is the guide's result, or says explicitly that there is none ('none ...')");
        }
    }

    @Test
    void quickIsOneRoundOfTheLastStepWithoutSteadyState() throws Exception {
        var d = ExperimentDefinition.read(file("q", MINIMAL + """
                load: {users: "1..100/20", measure: 30s, mix: neworder=100}
                rounds: 5
                """)).quick();
        assertEquals(1, d.roundsOrDefault());
        LoadConfig load = d.loadConfig();
        assertEquals(List.of(100.0), load.steps(), "the last step, where the guide's figures are");
        assertEquals(Duration.ofSeconds(10), load.measure());
        assertEquals(Duration.ofSeconds(5), load.warmUp());
        assertEquals(null, load.steadyState());
        assertEquals(Duration.ofSeconds(30), load.rules().p90Limits().get(org.orderapp.driver.workload.RequestType.NEW_ORDER),
                "a smoke check of a cold server judges answers, not speed");
        assertEquals(100, load.mix().weight(org.orderapp.driver.workload.TransactionMix.Kind.NEW_ORDER), "the rest as written");
        assertEquals(3, d.with(3, Map.of()).roundsOrDefault(), "an option given beside --quick wins");
    }

    @Test
    void someVariantsCanBeChosenAndTheControlIsAlwaysKept() throws Exception {
        var d = ExperimentDefinition.read(file("three", MINIMAL + """
                  - name: huge
                    properties: {order.ds.max-pool-size: "500"}
                control: large
                """));
        assertEquals(List.of("small", "large"), d.only(List.of("small")).variants().stream().map(Variant::name).toList(),
                "the control kept, the file's order");
        assertEquals("large", d.only(List.of("huge")).controlOrDefault());
        var unknown = assertThrows(IllegalArgumentException.class, () -> d.only(List.of("tiny")));
        assertEquals("three has no variant tiny; its variants: small, large, huge", unknown.getMessage());
        assertEquals(List.of("large"), d.only(List.of("large")).variants().stream().map(Variant::name).toList(),
                "the control alone: its runs, no ratio");
    }

    @Test
    void aFixedWarmUpCanReplaceTheSteadyState() throws Exception {
        var d = ExperimentDefinition.read(file("fixed", MINIMAL));
        assertNotNull(d.loadConfig().steadyState());
        var fixed = d.with(null, Map.of("steady-state", false, "warm-up", "60s"));
        assertEquals(null, fixed.loadConfig().steadyState());
        assertEquals(Duration.ofSeconds(60), fixed.loadConfig().warmUp());
    }

    @Test
    void theLongestWarmUpUntilSteadyCanBeShortened() throws Exception {
        var d = ExperimentDefinition.read(file("capped", MINIMAL));
        assertEquals(Duration.ofSeconds(900), d.loadConfig().steadyState().max(), "the load driver's default");
        assertEquals(Duration.ofSeconds(420), d.with(null, Map.of("steady-max", "420s")).loadConfig().steadyState().max());
    }

    @Test
    void aBenchmarkNamesItsLoadersAndRunsNoLoad() throws Exception {
        String bench = """
                varies: loaders
                benchmark: batch-insert
                data: {scale: 0.02}
                variants:
                  - {name: jpa-off}
                  - {name: jpa-on}
                """;
        var d = ExperimentDefinition.read(file("b", bench));
        assertEquals("batch-insert", d.benchmark());
        assertEquals(0.002, d.quick().data().scale(), 1e-12, "quick: a small data set");
        assertEquals(1, d.quick().roundsOrDefault());
        var e = assertThrows(IllegalArgumentException.class, () -> d.with(null, Map.of("users", "5")));
        assertTrue(e.getMessage().contains("--users"), e.getMessage());
        assertMessage(file("b2", bench + "load: {users: 5}\n"), "runs no load");
        assertMessage(file("b3", bench.replace("{name: jpa-on}", "{name: jpa-on, profile: tuned}")), "take no server settings");
    }

    @Test
    void serverCliTakesManagementOperations() throws Exception {
        var d = ExperimentDefinition.read(file("s", MINIMAL.replace("jvm-options: [-Xmx1g]",
                "server-cli: [\"/subsystem=jca/cached-connection-manager=cached-connection-manager:write-attribute(name=install, value=false)\"]")));
        assertEquals(1, d.variants().get(1).serverCli().size());
        assertTrue(d.variants().get(1).summary().contains("install, value=false"), d.variants().get(1).summary());
        assertMessage(file("s2", MINIMAL.replace("jvm-options: [-Xmx1g]", "server-cli: [\"reload\"]")), "management operations");
    }
}

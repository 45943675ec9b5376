package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A tiny experiment end to end, as a user runs it: ./order experiment FILE starts its own database and a server per
 * run, loads the reference data once, resets between runs, alternates the variants, and writes its folder. One
 * variant breaks a run rule on purpose (orders of more than one line are refused, so requests fail): its runs must
 * be reported invalid, and the comparison must say so. Its server is configured by a server-cli operation first (the
 * cached connection manager removed), and the orders concentrate on hot products.
 *
 * <p>It starts its stacks itself (on ports of its own) but runs in the stream of the classes that share the test
 * server, as CommitFaultIT does, not among the {@link OwnStackTest} classes: in CI those took 2,031 s against the shared
 * stream's 1,490 or so, and moving this class's 319 s evens the two.
 */
class ExperimentIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path WORK = Path.of(System.getProperty("order.it.dir", "target")).resolve("experiment-it").toAbsolutePath();

    // Short windows of four users: the mix tolerance is widened so that the valid variant's few hundred transactions
    // are judged on what this test is about (the rules are applied and reported), not on sampling noise.
    private static final String TINY = """
            varies: a valid variant against one that refuses most orders
            description: The experiment runner's own test.
            guide: {reference: none, figure: none}
            data: {scale: 0.001}
            load:
              users: 4
              warm-up: 2s
              measure: 4s
              mix: neworder=50,inquiry=50
              hot-products: "3:0.5"
              mix-tolerance: 15%
              steady-min: 2s
              steady-window: 1s
              steady-windows: 2
              steady-tolerance: 50%
              steady-max: 8s
              drain-timeout: 60s
            metrics: [alloc_mb_per_s]
            variants:
              - name: plain
              - name: broken
                description: order.max-lines 1, so orders of 2 to 9 lines are refused (HTTP 400)
                properties: {order.max-lines: "1"}
                server-cli:
                  - /subsystem=jca/cached-connection-manager=cached-connection-manager:write-attribute(name=install, value=false)
              - name: unknown-to-the-jvm
                description: a JVM option no JDK knows, so the variant is left out before anything starts
                jvm-options: [-XX:+NoSuchOptionInAnyJdk]
            """;

    @Test
    void aTinyExperimentRunsEndToEndAndReportsTheInvalidVariant() throws Exception {
        OrderCli.deleteRecursively(WORK);
        Files.createDirectories(WORK);
        Path definition = WORK.resolve("tiny.yaml");
        Files.writeString(definition, TINY);
        Path results = WORK.resolve("results");

        // --rounds: the method of rounds (a fresh database and server per run); InterleavedExperimentIT tests the other.
        int exit = order("experiment", definition.toString(), "--rounds", "2", "--output", results.toString(), "--state-dir",
                WORK.resolve("state").toString(), "--port-offset", OrderCli.portOffset(150));
        assertEquals(1, exit, "exit status 1: not every run was valid (see " + WORK.resolve("console.log") + ")");

        Path folder = OrderCli.experimentFolder(results);
        JsonNode experiment = JSON.readTree(folder.resolve("experiment.json").toFile());
        assertEquals("finished", experiment.path("status").asText());
        assertEquals(List.of("plain", "broken", "broken", "plain"), texts(experiment.path("plan"), "variant"),
                "balanced alternation: A B, then B A");
        assertTrue(experiment.path("machine").path("cores").asInt() > 0, "the machine is described");
        assertTrue(experiment.path("machine").path("database").asText().contains("MariaDB"), experiment.path("machine").toString());

        JsonNode comparison = JSON.readTree(folder.resolve("comparison.json").toFile());
        assertFalse(comparison.path("valid").asBoolean(), "not every run was valid");
        assertEquals("rounds", comparison.path("method").path("name").asText());
        assertEquals("plain", comparison.path("control").asText());
        JsonNode runs = comparison.path("runs");
        assertEquals(4, runs.size());
        assertEquals(List.of("plain", "broken", "broken", "plain"), texts(runs, "variant"), "runs in execution order");
        for (JsonNode run : runs) {
            boolean broken = run.path("variant").asText().equals("broken");
            assertEquals(!broken, run.path("valid").asBoolean(), "run " + run);
            if (broken) {
                // Not "the run failed": the server-cli operation was applied and the server started.
                assertTrue(run.path("reasons").toString().contains("requests failed"), "the broken rule is named: " + run);
            }
            Path runFolder = folder.resolve(run.path("folder").asText());
            JsonNode config = JSON.readTree(runFolder.resolve("config.json").toFile());
            assertEquals(3, config.path("hotProducts").path("products").asInt(), "the hot products are in config.json: " + config);
            assertEquals(0.5, config.path("hotProducts").path("share").asDouble(), 1e-9);
            JsonNode summary = JSON.readTree(runFolder.resolve("summary.json").toFile());
            assertEquals(!broken, summary.path("validity").path("valid").asBoolean(), runFolder.toString());
            JsonNode step = summary.path("steps").get(0);
            assertEquals("steady-state", step.path("warmUp").path("mode").asText(), "the fresh server was warmed up until steady");
            assertTrue(step.path("cpu_ms_per_tx").path("server").asDouble() > 0, "CPU per transaction of the server: " + step);
            assertTrue(step.path("cpu_ms_per_tx").path("db").asDouble() > 0, "CPU per transaction of the database: " + step);
            assertTrue(Files.size(runFolder.resolve("report.html")) > 0);
            assertEquals("PASS", summary.path("run").path("audit").asText(), "every run's audit passes: " + runFolder);
        }
        JsonNode plain = comparison.path("variants").get(0);
        assertEquals("plain", plain.path("name").asText());
        assertTrue(plain.path("throughput").path("mean").asDouble() > 0);
        assertEquals(2, plain.path("throughput").path("ci95").size(), "two valid rounds give an interval");
        assertTrue(comparison.path("notes").toString().contains("Variant broken has no valid run"), comparison.path("notes").toString());
        assertTrue(comparison.path("notes").toString().contains("Variant unknown-to-the-jvm is left out: this JDK"),
                "the host check names the variant it left out: " + comparison.path("notes"));
        assertTrue(plain.path("steps").get(0).path("server").path("alloc_mb_per_s").path("mean").asDouble() > 0,
                "a named server figure, the server's allocation rate, is compared: " + plain.path("steps"));
        JsonNode ratio = comparison.path("ratios").get(0);
        assertEquals("broken", ratio.path("variant").asText());
        assertEquals("no valid paired rounds: nothing to compare", ratio.path("verdict").asText());
        for (String file : List.of("comparison.csv", "comparison.html")) {
            assertTrue(Files.size(folder.resolve(file)) > 0, file);
        }
        String html = Files.readString(folder.resolve("comparison.html"));
        String embedded = html.substring(html.indexOf("id=\"comparison\">") + "id=\"comparison\">".length());
        embedded = embedded.substring(0, embedded.indexOf("</script>")).replace("<\\/", "</");
        assertEquals("tiny", JSON.readTree(embedded).path("experiment").asText(), "the page carries the comparison");

        readBack(results, folder.resolve(runs.get(0).path("folder").asText()), folder.resolve(runs.get(1).path("folder").asText()));
    }

    /** The run folders read back by ./order compare and ./order history, as a user would after the experiment. */
    private static void readBack(Path results, Path plain, Path broken) throws Exception {
        Path console = WORK.resolve("read-back.log");
        Path page = WORK.resolve("compare.html");
        assertEquals(0, OrderCli.run(console, Duration.ofMinutes(2), "compare", plain.toString(), broken.toString(),
                "--output", page.toString()), Files.readString(console));
        String table = Files.readString(console);
        assertTrue(table.contains("· All · tx/s") && table.contains("CPU ms/tx · server"), table);
        assertTrue(Files.readString(page).contains(plain.getFileName().toString()), "compare.html names the runs");

        Path history = results.resolve("history.csv");
        List<String> rows = Files.readAllLines(history);
        assertEquals(5, rows.size(), "a header and a row per run: " + rows);
        assertTrue(rows.get(1).contains(",plain,") && rows.get(2).contains(",broken,"), "each run's variant: " + rows);
        assertEquals(0, OrderCli.run(console, Duration.ofMinutes(2), "history", "--file", history.toString(), "--metric",
                "tx_per_s"), Files.readString(console));
        String series = Files.readString(console);
        assertTrue(series.contains("tx_per_s: profile plain") && series.contains("tx_per_s: profile broken"), series);
    }

    private static int order(String... args) throws IOException, InterruptedException {
        return OrderCli.run(WORK.resolve("console.log"), Duration.ofMinutes(20), args);
    }

    private static List<String> texts(JsonNode array, String field) {
        var out = new ArrayList<String>();
        array.forEach(n -> out.add(n.path(field).asText()));
        return out;
    }
}

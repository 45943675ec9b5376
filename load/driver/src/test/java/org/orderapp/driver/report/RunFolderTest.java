package org.orderapp.driver.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orderapp.driver.engine.StepResult;
import org.orderapp.driver.engine.WarmUp;
import org.orderapp.driver.report.RunResult;
import org.orderapp.driver.report.StepOutcome;
import org.orderapp.driver.rules.Durability;
import org.orderapp.driver.rules.Validity;
import org.orderapp.driver.settings.LoadConfig;
import org.orderapp.driver.settings.LoadOptions;
import org.orderapp.driver.workload.RequestType;
import org.orderapp.observation.ServerJvm;
import org.orderapp.observation.ServerMetrics;
import org.orderapp.observation.ServerSample;
import org.orderapp.observation.ServerWindow;
import org.orderapp.target.Target;

/** The run folder's files keep the shape the report page, the experiments and the tests read. */
class RunFolderTest {

    private static final Target TARGET = new Target(URI.create("http://localhost:8080/Order/"),
            URI.create("http://127.0.0.1:9990/management"), "jdbc:mysql://127.0.0.1:3306/order?password=secret", "order", "secret", null);

    @Test
    void configAndSummaryNameTheServersJvmOnceItIsRead(@TempDir Path folder) throws Exception {
        LoadConfig config = LoadOptions.parse(folder, List.of("--users", "4"));
        RunFolder.writeConfig(folder, config, TARGET);
        assertTrue(ResultFiles.JSON.readTree(folder.resolve("config.json").toFile()).path("serverJvm").isMissingNode(),
                "not read yet: left out");
        var jvm = new ServerJvm("Eclipse Adoptium", "OpenJDK 64-Bit Server VM", "25.0.3+9-LTS", "25", "/usr/lib/jvm/temurin-25");
        RunFolder.writeConfig(folder, config, TARGET, jvm, Durability.CHECKED);
        JsonNode written = ResultFiles.JSON.readTree(folder.resolve("config.json").toFile()).path("serverJvm");
        assertEquals("Eclipse Adoptium", written.path("vendor").asText());
        assertEquals("25", written.path("specVersion").asText());
        assertEquals("/usr/lib/jvm/temurin-25", written.path("javaHome").asText());

        RunFolder.write(run(config, folder));
        JsonNode summary = ResultFiles.JSON.readTree(folder.resolve("summary.json").toFile());
        assertEquals("25.0.3+9-LTS", summary.path("config").path("serverJvm").path("version").asText(), "the summary's as config.json's");
    }

    @Test
    void aServerAllowedAnUnsafeDatabaseIsRecordedAndTheReportSaysItFirst(@TempDir Path folder) throws Exception {
        LoadConfig config = LoadOptions.parse(folder, List.of("--users", "4"));
        RunFolder.writeConfig(folder, config, TARGET, null, Durability.UNSAFE_ALLOWED);
        assertEquals("UNSAFE allowed (--allow-unsafe-durability)",
                ResultFiles.JSON.readTree(folder.resolve("config.json").toFile()).path("durability").asText());

        RunFolder.write(run(config, folder));
        JsonNode summary = ResultFiles.JSON.readTree(folder.resolve("summary.json").toFile());
        assertEquals("UNSAFE allowed (--allow-unsafe-durability)", summary.path("config").path("durability").asText(),
                "the summary's as config.json's");
        String first = summary.path("notes").get(0).asText();
        assertTrue(first.startsWith("Not for publication: durability UNSAFE allowed (--allow-unsafe-durability).")
                && first.contains("compare with no durable run"), first);
        assertTrue(summary.path("validity").path("valid").asBoolean(), "the run rules judge how the run went, not the database");
        String report = Files.readString(folder.resolve("report.html"));
        assertTrue(report.contains("DURABILITY UNSAFE") && report.contains("S.config.durability"), "the head's badge reads it");
    }

    @Test
    void aServerThatCheckedItsDatabaseIsRecordedWithoutWarning(@TempDir Path folder) throws Exception {
        LoadConfig config = LoadOptions.parse(folder, List.of("--users", "4"));
        RunFolder.writeConfig(folder, config, TARGET, null, Durability.CHECKED);
        RunFolder.write(run(config, folder));
        JsonNode summary = ResultFiles.JSON.readTree(folder.resolve("summary.json").toFile());
        assertEquals("checked", summary.path("config").path("durability").asText());
        summary.path("notes").forEach(n -> assertFalse(n.asText().contains("durability"), n.asText()));
    }

    @Test
    void configAndSummaryHoldWhatTheReportReads(@TempDir Path folder) throws Exception {
        LoadConfig config = LoadOptions.parse(folder, List.of("--users", "4", "--lines", "1-9"));
        RunFolder.writeConfig(folder, config, TARGET);
        JsonNode written = ResultFiles.JSON.readTree(folder.resolve("config.json").toFile());
        assertEquals("closed", written.path("model").asText());
        assertEquals(1, written.path("repeats").asInt());
        assertEquals("1-9", written.path("lines").asText());
        assertEquals("10s", written.path("warmUp").asText());
        assertEquals(50, written.path("mix").path("new_order").asInt());
        assertEquals("http://localhost:8080/Order/", written.path("target").path("application").asText());
        assertEquals("jdbc:mysql://127.0.0.1:3306/order", written.path("target").path("database").asText(), "never the password");
        assertTrue(written.path("output").isMissingNode(), "where it was written is not a setting");

        RunFolder.write(run(config, folder));
        JsonNode summary = ResultFiles.JSON.readTree(folder.resolve("summary.json").toFile());
        assertEquals("skipped", summary.path("run").path("audit").asText());
        assertTrue(summary.path("validity").path("valid").asBoolean());
        assertEquals(1, summary.path("config").path("repeats").asInt());
        JsonNode step = summary.path("steps").get(0);
        assertEquals(12.5, step.path("cpu_ms_per_tx").path("server").asDouble(), 1e-9);
        assertEquals(100, step.path("types").path("NewOrder").path("count").asLong());
        assertEquals("flamegraphs/run1-step1-4users.html", step.path("cpuProfile").asText());
        assertEquals("async-profiler 4.2 cpu", summary.path("run").path("cpuProfiler").asText());
        JsonNode all = summary.path("aggregate").get(0).path("types").path(Summary.ALL);
        assertEquals(100, all.path("merged").path("count").asLong());
        assertTrue(all.path("distribution").size() > 1);
        assertEquals(ServerMetrics.SERIES.get(0), summary.path("metrics").path("series").get(0).asText());
        assertEquals(3.0, summary.path("serverSeries").get(0).path(ServerMetrics.DS_IN_USE).asDouble(), 1e-9);
        assertTrue(summary.path("metrics").path("serverTable").size() > 10);

        String steps = Files.readString(folder.resolve("steps.csv"));
        assertTrue(steps.lines().findFirst().orElseThrow().endsWith("cpu_server_ms_per_tx,cpu_db_ms_per_tx,cpu_driver_ms_per_tx,cpu_other_ms_per_tx,"
                + "cpu_server_requests_ms_per_tx,cpu_server_io_ms_per_tx,cpu_server_gc_ms_per_tx,cpu_server_jit_ms_per_tx,"
                + "cpu_server_rest_ms_per_tx,cpu_server_system_ms_per_tx"), steps);
        assertTrue(steps.contains(",4 users,NewOrder,"), steps);
        String errors = Files.readString(folder.resolve("errors.csv"));
        assertTrue(errors.contains(",\"NewOrder: bad answer: \"\"total\"\", off by 1\",2,"), "a cell with a comma or quote is quoted:\n" + errors);
        assertTrue(errors.lines().findFirst().orElseThrow().endsWith(",count,first_answer")
                && errors.contains(",2,\"{\"\"totalAmount\"\": 9}\""), "the server's answer to the first error of each kind:\n" + errors);
        String report = Files.readString(folder.resolve("report.html"));
        assertTrue(report.contains("\"metrics\""), "the metric names are embedded");
        assertFalse(report.contains("/*PAGE_") || report.contains("/*CHART_JS*/"), "the shared style and script are inlined");
    }

    @Test
    void aResidentRunsWarmUpAndWindowsAreAggregatedApartAndTheHistoryTakesTheWindows(@TempDir Path parent) throws Exception {
        // The interleaved method's run folder of a variant: its warm-up at 4 users and its windows at 20, one step index.
        Path folder = Files.createDirectories(parent.resolve("run"));
        LoadConfig config = LoadOptions.parse(folder, List.of("--users", "20", "--output", parent.toString()));
        RunFolder.writeConfig(folder, config, TARGET);
        var outcomes = new java.util.ArrayList<StepOutcome>();
        outcomes.add(outcome(0, 4, "4 users", 100));
        // The warm-up after the rehearsal: a step past the load's own, listed, not aggregated.
        outcomes.add(outcome(0, 1, 4, "4 users", 50));
        outcomes.add(outcome(1, 20, "20 users", 1000));
        outcomes.add(outcome(2, 20, "20 users", 1200));
        RunFolder.write(new RunResult(config, TARGET, "form", Instant.EPOCH, Instant.EPOCH.plusSeconds(30), folder, 10, 1,
                outcomes, List.of(), null, Validity.of(List.of()), List.of(), List.of(), null));
        JsonNode aggregate = ResultFiles.JSON.readTree(folder.resolve("summary.json").toFile()).path("aggregate");
        assertEquals(2, aggregate.size(), "the warm-up is not a repeat of the windows");
        assertEquals(4, aggregate.get(0).path("step").asDouble(), 1e-9);
        assertEquals(20, aggregate.get(1).path("step").asDouble(), 1e-9);
        assertEquals(110, aggregate.get(1).path("types").path(Summary.ALL).path("throughputMean").asDouble(), 1e-6);
        assertEquals(10, aggregate.get(0).path("types").path(Summary.ALL).path("throughputMean").asDouble(), 1e-6,
                "the warm-up alone, without the warm-up after the rehearsal");
        assertEquals(4, ResultFiles.JSON.readTree(folder.resolve("summary.json").toFile()).path("steps").size(), "every step listed");
        var history = Files.readAllLines(parent.resolve(RunHistory.FILE));
        var header = List.of(history.get(0).split(","));
        var row = history.get(1).split(",");
        assertEquals("20", row[header.indexOf("users")]);
        assertEquals(110, Double.parseDouble(row[header.indexOf("tx_per_s")]), 1e-3);
    }

    private static StepOutcome outcome(int repeat, double users, String name, long requests) {
        return outcome(repeat, 0, users, name, requests);
    }

    private static StepOutcome outcome(int repeat, int index, double users, String name, long requests) {
        var response = new EnumMap<RequestType, Histogram>(RequestType.class);
        var h = new Histogram(3);
        h.recordValueWithCount(20_000, requests);
        response.put(RequestType.NEW_ORDER, h);
        var step = new StepResult(repeat, index, users, name, 10, 10, response, response, Map.of(), Map.of(), 0, 0, List.of(),
                new WarmUp(WarmUp.FIXED, 10, null, List.of(), null));
        return new StepOutcome(step, new ServerWindow(Map.of(ServerWindow.CPU_PER_TX + "server", 1.0)), null, null, null, null, null);
    }

    @Test
    void aHistoryThatCannotBeWrittenIsAWarningAndTheRunStands(@TempDir Path folder) throws Exception {
        LoadConfig config = LoadOptions.parse(folder, List.of("--users", "4"));
        RunFolder.writeConfig(folder, config, TARGET);
        Files.createDirectory(folder.resolve(RunHistory.FILE)); // no file can be appended to there, whoever runs this
        var err = new java.io.ByteArrayOutputStream();
        var stderr = System.err;
        System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            RunFolder.write(run(config, folder));
        } finally {
            System.setErr(stderr);
        }
        String warning = err.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(warning.startsWith("Warning: the run's row was not added to the results folder's history.csv")
                && warning.contains(folder.toString()), warning);
        assertTrue(Files.isRegularFile(folder.resolve("summary.json")) && Files.isRegularFile(folder.resolve("report.html"))
                && Files.isRegularFile(folder.resolve("provenance.json")), "the run folder is complete");
    }

    private static RunResult run(LoadConfig config, Path folder) {
        var response = new EnumMap<RequestType, Histogram>(RequestType.class);
        var h = new Histogram(3);
        h.recordValueWithCount(20_000, 100);
        response.put(RequestType.NEW_ORDER, h);
        var step = new StepResult(1, 0, 4, "4 users", 10, 10, response, response,
                Map.of("NewOrder: bad answer: \"total\", off by 1", 2L),
                Map.of("NewOrder: bad answer: \"total\", off by 1", "{\"totalAmount\": 9}"), 0, 0, List.of(), new WarmUp(WarmUp.FIXED, 10, null, List.of(), null));
        var server = new ServerWindow(Map.of(ServerWindow.CPU_PER_TX + "server", 12.5, ServerMetrics.max(ServerMetrics.DS_IN_USE), 3.0));
        return new RunResult(config, TARGET, "form", Instant.EPOCH, Instant.EPOCH.plusSeconds(30), folder, 10, 1,
                List.of(new StepOutcome(step, server, null, null, "flamegraphs/run1-step1-4users.html", null, null)), List.of(new ServerSample(10, Map.of(ServerMetrics.DS_IN_USE, 3.0))),
                null, Validity.of(List.of()), List.of(), List.of(), "async-profiler 4.2 cpu");
    }
}

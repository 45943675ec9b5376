package org.orderapp.driver.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.orderapp.driver.rules.Durability;
import org.orderapp.driver.rules.Validity;
import org.orderapp.driver.settings.LoadConfig;
import org.orderapp.driver.settings.LoadOptions;
import org.orderapp.driver.workload.RequestType;
import org.orderapp.observation.ServerWindow;
import org.orderapp.target.Target;

/** A run folder reads back: its report is written again, its provenance known, its row in the history. */
class SavedRunTest {

    private static final Target TARGET = new Target(URI.create("http://localhost:8080/Order/"),
            URI.create("http://127.0.0.1:9990/management"), "jdbc:mysql://127.0.0.1:3306/order", "order", "secret", null);

    @Test
    void aWrittenRunReadsBackAndItsReportIsWrittenAgain(@TempDir Path results) throws Exception {
        Path folder = Files.createDirectories(results.resolve("results").resolve("20261127-020000-closed"));
        LoadConfig config = LoadOptions.parse(folder.getParent(), List.of("--users", "4"));
        RunFolder.write(run(config, folder));
        Files.delete(folder.resolve("report.html"));

        SavedRun saved = SavedRun.open(folder);
        Path report = saved.writeReport();
        assertTrue(Files.readString(report).contains("\"aggregate\""), "the summary is embedded again");
        assertEquals(Runtime.getRuntime().availableProcessors(), saved.provenance().processors());
        assertFalse(saved.provenance().java().isBlank());

        List<String> history = Files.readAllLines(results.resolve("results").resolve(RunHistory.FILE));
        assertEquals(String.join(",", RunHistory.COLUMNS), history.get(0));
        assertEquals(2, history.size());
        String row = history.get(1);
        assertTrue(row.startsWith("1970-01-01T00:00:30Z,"), row);
        assertTrue(row.contains(",closed,4,10.0000,"), row);
        assertTrue(row.contains(",12.5000,"), "the server's CPU per transaction: " + row);
        assertTrue(row.endsWith(",20261127-020000-closed"), row);
    }

    @Test
    void aFolderWrittenBeforeProvenanceReadsTheDriversHostFromTheSummary(@TempDir Path folder) throws Exception {
        RunFolder.write(run(LoadOptions.parse(folder, List.of("--users", "4")), folder));
        Files.delete(folder.resolve(RunProvenance.FILE));
        RunProvenance old = SavedRun.open(folder).provenance();
        assertEquals(RunProvenance.UNKNOWN, old.commit());
        assertEquals(Runtime.getRuntime().availableProcessors(), old.processors());
    }

    @Test
    void whatIsNotARunFolderIsRefusedByName(@TempDir Path folder) throws Exception {
        var missing = assertThrows(java.io.IOException.class, () -> SavedRun.open(folder));
        assertTrue(missing.getMessage().contains("not a run folder"), missing.getMessage());
        Files.writeString(folder.resolve("summary.json"), "{\"comparison\": []}");
        var other = assertThrows(java.io.IOException.class, () -> SavedRun.open(folder));
        assertTrue(other.getMessage().contains("not a run's summary"), other.getMessage());
    }

    @Test
    void theSettingsDigestIgnoresTheLabelAndSetsUnsafeDurabilityApart(@TempDir Path folder) throws Exception {
        String plain = RunHistory.settingsDigest(LoadOptions.parse(folder, List.of("--users", "4")), Durability.CHECKED);
        assertEquals(plain, RunHistory.settingsDigest(LoadOptions.parse(folder, List.of("--users", "4", "--label", "x")), Durability.CHECKED));
        assertFalse(plain.equals(RunHistory.settingsDigest(LoadOptions.parse(folder, List.of("--users", "5")), Durability.CHECKED)));
        assertEquals(plain, RunHistory.settingsDigest(LoadOptions.parse(folder, List.of("--users", "4")), null),
                "a run folder of before durability was recorded: the same series");
        assertFalse(plain.equals(RunHistory.settingsDigest(LoadOptions.parse(folder, List.of("--users", "4")), Durability.UNSAFE_ALLOWED)),
                "a server allowed an unsafe database: a series of its own");
        assertEquals(12, plain.length());
    }

    @Test
    void anExperimentsRunsAreTrackedByVariantAcrossRounds(@TempDir Path folder) throws Exception {
        assertEquals("plain", RunHistory.profile(LoadOptions.parse(folder, List.of("--label", "03-r2-plain"))));
        assertEquals("my-run", RunHistory.profile(LoadOptions.parse(folder, List.of("--label", "my-run"))));
        assertEquals("closed", RunHistory.profile(LoadOptions.parse(folder, List.of())));
    }

    private static RunResult run(LoadConfig config, Path folder) {
        var response = new EnumMap<RequestType, Histogram>(RequestType.class);
        var h = new Histogram(3);
        h.recordValueWithCount(20_000, 100);
        response.put(RequestType.NEW_ORDER, h);
        var step = new StepResult(1, 0, 4, "4 users", 10, 10, response, response, Map.of(), Map.of(), 0, 0, List.of(),
                new WarmUp(WarmUp.FIXED, 10, null, List.of(), null));
        var server = new ServerWindow(Map.of(ServerWindow.CPU_PER_TX + "server", 12.5));
        return new RunResult(config, TARGET, "form", Instant.EPOCH, Instant.EPOCH.plusSeconds(30), folder, 10, 1,
                List.of(new StepOutcome(step, server, null, null, null, null, null)), List.of(), null, Validity.of(List.of()),
                List.of(), List.of(), null);
    }
}

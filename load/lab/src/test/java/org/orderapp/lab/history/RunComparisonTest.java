package org.orderapp.lab.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orderapp.driver.report.SavedRun;

/** Runs side by side from what their folders hold, with a warning where they were not measured alike. */
class RunComparisonTest {

    @Test
    void figuresSideBySideAndWhatDiffersIsSaid(@TempDir Path folder) throws Exception {
        SavedRun a = run(folder.resolve("a"), 100, 20, 4, 8);
        SavedRun b = run(folder.resolve("b"), 110, 30, 4, 16);
        var comparison = RunComparison.of(List.of(a, b));
        String text = comparison.text();
        assertTrue(text.contains("20 users · NewOrder · tx/s") && text.contains("110.00 (+10.0%)"), text);
        assertTrue(text.contains("CPU ms/tx · server") && text.contains("2.20 (+10.0%)"), text);
        assertTrue(text.contains("[30]"), "the setting that differs: " + text);
        assertTrue(comparison.warnings().stream().anyMatch(w -> w.contains("memory")), comparison.warnings().toString());
        assertTrue(comparison.warnings().stream().anyMatch(w -> w.contains("settings differ")), comparison.warnings().toString());
        assertTrue(comparison.warnings().stream().noneMatch(w -> w.contains("cores")), comparison.warnings().toString());

        Path page = folder.resolve("compare.html");
        ComparisonPage.write(comparison, page);
        String html = Files.readString(page);
        assertTrue(html.contains("<th>a</th><th>b</th>") && html.contains("110.00 (+10.0%)"), html);
        assertTrue(!html.contains("<script") && !html.contains("http"), "plain HTML, nothing fetched");
    }

    @Test
    void aRunAllowedAnUnsafeDatabaseIsNamedAndWarnedOf(@TempDir Path folder) throws Exception {
        SavedRun checked = run(folder.resolve("a"), 100, 20, 4, 8, "checked");
        SavedRun unsafe = run(folder.resolve("b"), 130, 20, 4, 8, "UNSAFE allowed (--allow-unsafe-durability)");
        var comparison = RunComparison.of(List.of(checked, unsafe));
        assertTrue(comparison.rows().contains(new RunComparison.Row("Run", "durability",
                List.of("checked", "UNSAFE allowed (--allow-unsafe-durability)"))), comparison.rows().toString());
        assertTrue(comparison.warnings().stream().anyMatch(w -> w.startsWith("The runs' durability differs")
                && w.contains("measure durability too")), comparison.warnings().toString());
        assertTrue(comparison.warnings().stream().noneMatch(w -> w.contains("settings differ")), "said once, in its own words");

        var durable = RunComparison.of(List.of(checked, run(folder.resolve("c"), 100, 20, 4, 8, "checked")));
        assertTrue(durable.warnings().stream().noneMatch(w -> w.contains("durability")), durable.warnings().toString());
    }

    @Test
    void oneRunIsNotAComparison(@TempDir Path folder) throws Exception {
        var e = assertThrows(IllegalArgumentException.class, () -> RunComparison.of(List.of(run(folder, 1, 1, 1, 1))));
        assertTrue(e.getMessage().contains("two run folders"), e.getMessage());
    }

    private static SavedRun run(Path folder, double tps, int users, int cores, int memoryGiB) throws Exception {
        return run(folder, tps, users, cores, memoryGiB, "checked");
    }

    private static SavedRun run(Path folder, double tps, int users, int cores, int memoryGiB, String durability) throws Exception {
        Files.createDirectories(folder);
        Files.writeString(folder.resolve("summary.json"), """
                {"run": {"started": "2026-11-27T01:00:00Z", "valid": true},
                 "config": {"model": "closed", "steps": [%d], "warmUp": "10s", "target": {"application": "x"},
                            "driverHost": {"java": "j", "os": "o", "processors": %d}, "durability": "%s"},
                 "steps": [{"step": %d, "name": "%d users", "cpu_ms_per_tx": {"server": %f, "db": 1.0}}],
                 "aggregate": [{"step": %d, "name": "20 users", "types": {"NewOrder": {"throughputMean": %f,
                     "merged": {"p50": 10.0, "p99": 40.0}}}}]}
                """.formatted(users, cores, durability, 20, 20, tps / 50, 20, tps));
        Files.writeString(folder.resolve("provenance.json"), """
                {"commit": "abc", "processors": %d, "memoryBytes": %d, "os": "Linux", "java": "OpenJDK 21"}
                """.formatted(cores, (long) memoryGiB << 30));
        return SavedRun.open(folder);
    }
}

package org.orderapp.lab.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orderapp.driver.report.RunHistory;

/** history.csv read back, split by kind of run, with the run where throughput stepped up. */
class MetricHistoryTest {

    @Test
    void eachKindOfRunIsItsOwnSeriesAndTheStepIsNamedWithItsCommit(@TempDir Path folder) throws Exception {
        var csv = new StringBuilder(String.join(",", RunHistory.COLUMNS)).append('\n');
        var random = new Random(3);
        for (int i = 0; i < 30; i++) {
            double tps = (i < 15 ? 100 : 110) * (1 + 0.02 * random.nextGaussian());
            csv.append(String.format(java.util.Locale.ROOT, "2026-11-%02dT10:00:00Z,c%02d,closed,aaaa,closed,20,%.4f,50.0,2.0,1.0,,run%d%n",
                    i / 2 + 1, i, tps, i));
            csv.append("2026-11-01T11:00:00Z,c00,gc-variant,bbbb,closed,20,80.0,60.0,,,,other").append('\n');
        }
        Path file = Files.writeString(folder.resolve(RunHistory.FILE), csv);
        List<MetricHistory> histories = MetricHistory.of(HistoryFile.read(file), "tx_per_s", ChangePoints.Settings.DEFAULT);
        assertEquals(2, histories.size());
        MetricHistory closed = histories.get(0);
        assertEquals(List.of(15), closed.changes());
        assertTrue(closed.text().contains("c15") && closed.text().contains("(+"), closed.text());
        assertEquals(List.of(), histories.get(1).changes(), "a flat series has no change");
        assertEquals(List.of(), MetricHistory.of(HistoryFile.read(file), "cpu_driver_ms_per_tx", ChangePoints.Settings.DEFAULT),
                "a figure never recorded has no series");
    }

    @Test
    void aMissingHistorySaysWhereRowsComeFrom(@TempDir Path folder) {
        var e = assertThrows(java.io.IOException.class, () -> HistoryFile.read(folder.resolve("history.csv")));
        assertTrue(e.getMessage().contains("./order load"), e.getMessage());
    }
}

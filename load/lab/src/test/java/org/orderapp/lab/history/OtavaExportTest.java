package org.orderapp.lab.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orderapp.driver.report.RunHistory;

/**
 * The export read back by the rules of Otava's CSV import (otava/importer.py, CsvImporter): a header row; every row at
 * least as long as it; the time column a date; every configured metric column present and every one of its cells a
 * number (Python's float(); an empty cell fails the whole import). history.csv itself breaks the last rule wherever a
 * figure was not measured, which is why the export exists.
 */
class OtavaExportTest {

    @Test
    void everyTestReadsAsOtavaReadsACsvTest(@TempDir Path folder) throws Exception {
        var csv = new StringBuilder(String.join(",", RunHistory.COLUMNS)).append('\n');
        for (int i = 0; i < 4; i++) {
            csv.append("2026-11-0").append(i + 1).append("T10:00:00Z,c").append(i).append(",closed,aaaa,closed,20,101.5,50.0,2.0,1.0,0.4,run").append(i).append('\n');
            // a database elsewhere: its CPU not measured in any run of this kind, the driver's in some
            csv.append("2026-11-0").append(i + 1).append("T11:00:00Z,c").append(i).append(",tuned,bbbb,closed,100,300.0,80.0,1.5,,")
                    .append(i % 2 == 0 ? "0.3" : "").append(",other").append(i).append('\n');
        }
        Path history = Files.writeString(folder.resolve(RunHistory.FILE), csv);
        Path out = folder.resolve("otava");

        List<OtavaExport.Test> tests = OtavaExport.write(HistoryFile.read(history), out);

        assertEquals(List.of("closed-aaaa", "tuned-bbbb"), tests.stream().map(OtavaExport.Test::name).toList());
        assertEquals(HistoryFile.METRICS, tests.get(0).metrics(), "a kind that measured everything keeps every figure");
        assertEquals(List.of("tx_per_s", "p99_ms", "cpu_server_ms_per_tx"), tests.get(1).metrics(),
                "a figure some run of the kind lacks is left out, not written empty");
        JsonNode config = new YAMLMapper().readTree(out.resolve(OtavaExport.CONFIG).toFile()).get("tests");
        assertEquals(2, config.size());
        for (OtavaExport.Test test : tests) {
            JsonNode entry = config.get(test.name());
            assertEquals("csv", entry.get("type").asText());
            assertEquals("time", entry.get("time_column").asText());
            assertEquals(1, entry.get("metrics").get("tx_per_s").get("direction").asInt());
            assertEquals(-1, entry.get("metrics").get("p99_ms").get("direction").asInt());
            var configured = new ArrayList<String>();
            entry.get("metrics").fieldNames().forEachRemaining(configured::add);
            assertEquals(test.metrics(), configured);
            Path file = Path.of(entry.get("file").asText());
            assertTrue(file.isAbsolute() && Files.isRegularFile(file), "Otava opens the file from wherever it runs: " + file);
            readAsOtava(file, entry.get("time_column").asText(), configured, test.runs());
        }
    }

    /** Otava's CsvImporter.fetch_data, its checks as Java: anything it would refuse fails the test. */
    private static void readAsOtava(Path file, String timeColumn, List<String> metrics, int runs) throws Exception {
        List<List<String>> rows = new ArrayList<>();
        try (var it = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY).readerForListOf(String.class).readValues(file.toFile())) {
            while (it.hasNext()) {
                @SuppressWarnings("unchecked")
                List<String> row = (List<String>) it.next();
                rows.add(row);
            }
        }
        List<String> header = rows.get(0);
        assertTrue(header.contains(timeColumn), "Column not found: " + timeColumn);
        assertTrue(header.containsAll(metrics), "Column not found among " + header);
        assertEquals(runs, rows.size() - 1, "a row per run of the kind");
        for (List<String> row : rows.subList(1, rows.size())) {
            assertTrue(row.size() >= header.size(), "Number of values in the row does not match: " + row);
            Instant.parse(row.get(header.indexOf(timeColumn)));
            for (String metric : metrics) {
                String cell = row.get(header.indexOf(metric));
                assertTrue(Double.isFinite(Double.parseDouble(cell)), "Could not convert value in column " + metric + ": " + cell);
            }
        }
    }
}

package org.orderapp.lab.history;

import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * history.csv cut into what Apache Otava's CSV import takes: one file per kind of run (profile and settings digest:
 * Otava compares every row of a file, and only runs of one kind compare) and an otava.yaml naming them as tests.
 * Otava converts every metric cell of every row to a number and has no way to leave one out, so a file carries only
 * the figures each of its runs recorded (a figure not measured, such as the database's CPU on a database elsewhere,
 * is an empty cell in history.csv). Each figure's direction is given: throughput up is better, p99 and CPU down.
 */
public final class OtavaExport {

    /** The configuration file written beside the CSV files; Otava reads it with --config-file. */
    public static final String CONFIG = "otava.yaml";

    /** What was written: a test per kind of run, its file (in the folder) and the figures it carries. */
    public record Test(String name, String file, List<String> metrics, int runs) {
    }

    private OtavaExport() {
    }

    /** Writes a CSV file per kind of run of the history's rows, and otava.yaml, into folder; returns the tests. */
    public static List<Test> write(List<Map<String, String>> rows, Path folder) throws IOException {
        Files.createDirectories(folder);
        Map<String, List<Map<String, String>>> byKind = new LinkedHashMap<>();
        for (Map<String, String> row : rows) {
            byKind.computeIfAbsent(name(row), k -> new ArrayList<>()).add(row);
        }
        var tests = new ArrayList<Test>();
        for (var kind : byKind.entrySet()) {
            List<String> metrics = HistoryFile.METRICS.stream()
                    .filter(m -> kind.getValue().stream().allMatch(row -> isNumber(row.get(m)))).toList();
            String file = kind.getKey() + ".csv";
            writeCsv(kind.getValue(), metrics, folder.resolve(file));
            tests.add(new Test(kind.getKey(), file, metrics, kind.getValue().size()));
        }
        writeConfig(tests, folder.resolve(CONFIG));
        return List.copyOf(tests);
    }

    /** "PROFILE-SETTINGS", with anything but letters, digits, '.', '_' and '-' made '_' (a file and a test name). */
    static String name(Map<String, String> row) {
        return (row.getOrDefault("profile", "") + "-" + row.getOrDefault("settings", "")).replaceAll("[^A-Za-z0-9._-]", "_");
    }

    private static boolean isNumber(String cell) {
        if (cell == null || cell.isBlank()) {
            return false;
        }
        try {
            return Double.isFinite(Double.parseDouble(cell));
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static void writeCsv(List<Map<String, String>> rows, List<String> metrics, Path file) throws IOException {
        var columns = new ArrayList<>(List.of("time", "commit", "users"));
        columns.addAll(metrics);
        var schema = CsvSchema.builder().addColumns(columns, CsvSchema.ColumnType.STRING).build().withHeader();
        var cells = rows.stream().map(row -> columns.stream().map(c -> row.getOrDefault(c, "")).toList()).toList();
        Files.writeString(file, new CsvMapper().writer(schema).writeValueAsString(cells), StandardCharsets.UTF_8);
    }

    private static void writeConfig(List<Test> tests, Path file) throws IOException {
        Map<String, Object> byName = new LinkedHashMap<>();
        for (Test test : tests) {
            Map<String, Object> config = new LinkedHashMap<>();
            config.put("type", "csv");
            config.put("file", file.getParent().toAbsolutePath().resolve(test.file()).toString());
            config.put("time_column", "time");
            config.put("attributes", List.of("commit", "users"));
            Map<String, Object> metrics = new LinkedHashMap<>();
            test.metrics().forEach(m -> metrics.put(m, Map.of("direction", m.equals("tx_per_s") ? 1 : -1)));
            config.put("metrics", metrics);
            byName.put(test.name(), config);
        }
        new YAMLMapper().writeValue(file.toFile(), Map.of("tests", byName));
    }
}

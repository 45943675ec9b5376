package org.orderapp.lab.history;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.orderapp.driver.report.RunHistory;
import org.orderapp.driver.report.RunProvenance;
import org.orderapp.driver.report.SavedRun;

/**
 * Two or more runs side by side: where each ran, its figures per step and request type (throughput, p50, p99, each
 * repeat's windows merged), CPU milliseconds per transaction by role where measured, and the settings that differ;
 * with a warning wherever the runs were not measured alike.
 */
public final class RunComparison {

    /** @param section "Run", "Figures" or "Settings that differ"; cells: one per run, "" where a run has none */
    public record Row(String section, String label, List<String> cells) {
    }

    private final List<String> names;
    private final List<Row> rows;
    private final List<String> warnings;

    private RunComparison(List<String> names, List<Row> rows, List<String> warnings) {
        this.names = names;
        this.rows = rows;
        this.warnings = warnings;
    }

    public static RunComparison of(List<SavedRun> runs) {
        if (runs.size() < 2) {
            throw new IllegalArgumentException("a comparison needs two run folders or more, " + runs.size() + " given");
        }
        var rows = new ArrayList<Row>();
        var warnings = new ArrayList<String>();
        machine(runs, rows, warnings);
        figures(runs, rows);
        settings(runs, rows, warnings);
        return new RunComparison(runs.stream().map(r -> name(r)).toList(), List.copyOf(rows), List.copyOf(warnings));
    }

    public List<String> names() {
        return names;
    }

    public List<Row> rows() {
        return rows;
    }

    public List<String> warnings() {
        return warnings;
    }

    private static String name(SavedRun run) {
        return run.folder().toAbsolutePath().normalize().getFileName().toString();
    }

    private static void machine(List<SavedRun> runs, List<Row> rows, List<String> warnings) {
        rows.add(new Row("Run", "started", runs.stream().map(r -> r.summary().path("run").path("started").asText("")).toList()));
        rows.add(new Row("Run", "valid", runs.stream().map(r -> r.summary().path("run").path("valid").asText("")).toList()));
        durability(runs, rows, warnings);
        Map<String, List<String>> machine = new LinkedHashMap<>();
        machine.put("commit", runs.stream().map(r -> r.provenance().commit()).toList());
        machine.put("JVM", runs.stream().map(r -> r.provenance().java()).toList());
        machine.put("OS", runs.stream().map(r -> r.provenance().os()).toList());
        machine.put("cores", runs.stream().map(r -> Integer.toString(r.provenance().processors())).toList());
        machine.put("memory", runs.stream().map(r -> memory(r.provenance())).toList());
        machine.forEach((label, cells) -> {
            rows.add(new Row("Run", label, cells));
            if (!label.equals("commit") && Set.copyOf(cells).size() > 1) {
                warnings.add("The machines differ in " + label + ": " + String.join(" / ", cells));
            }
        });
    }

    /**
     * Each run's durability as its server answered ("not recorded" in a folder of before it was); a run allowed an
     * unsafe database compares with no durable run, and the comparison says so.
     */
    private static void durability(List<SavedRun> runs, List<Row> rows, List<String> warnings) {
        List<String> cells = runs.stream().map(r -> r.summary().path("config").path("durability").asText("not recorded")).toList();
        rows.add(new Row("Run", "durability", cells));
        if (cells.stream().anyMatch(c -> c.startsWith("UNSAFE"))) {
            warnings.add(Set.copyOf(cells).size() > 1
                    ? "The runs' durability differs (" + String.join(" / ", cells) + "): a server allowed a database that may lose "
                    + "committed transactions commits for less, so these figures measure durability too"
                    : "Every run's durability is UNSAFE allowed (--allow-unsafe-durability): the runs compare with each other, "
                    + "with no durable run");
        }
    }

    private static String memory(RunProvenance provenance) {
        return provenance.memoryBytes() == 0 ? "unknown"
                : String.format(Locale.ROOT, "%.1f GiB", provenance.memoryBytes() / (double) (1L << 30));
    }

    /** Per step name (in the order the runs hold them) and type: tx/s, p50, p99; then CPU per transaction by role. */
    private static void figures(List<SavedRun> runs, List<Row> rows) {
        var steps = new LinkedHashSet<String>();
        var types = new LinkedHashSet<String>();
        for (SavedRun run : runs) {
            run.summary().path("aggregate").forEach(a -> {
                steps.add(a.path("name").asText());
                a.path("types").fieldNames().forEachRemaining(types::add);
            });
        }
        for (String step : steps) {
            for (String type : types) {
                List<JsonNode> cells = runs.stream().map(r -> aggregate(r, step).path("types").path(type)).toList();
                if (cells.stream().allMatch(JsonNode::isMissingNode)) {
                    continue;
                }
                rows.add(figureRow(step + " · " + type + " · tx/s", cells.stream().map(c -> c.path("throughputMean")).toList()));
                rows.add(figureRow(step + " · " + type + " · p50 ms", cells.stream().map(c -> c.path("merged").path("p50")).toList()));
                rows.add(figureRow(step + " · " + type + " · p99 ms", cells.stream().map(c -> c.path("merged").path("p99")).toList()));
            }
            for (String role : RunHistory.CPU_ROLES) {
                List<Double> cpu = runs.stream().map(r -> cpuPerTransaction(r, step, role)).toList();
                if (cpu.stream().anyMatch(Objects::nonNull)) {
                    rows.add(new Row("Figures", step + " · CPU ms/tx · " + role, relative(cpu)));
                }
            }
        }
    }

    private static JsonNode aggregate(SavedRun run, String step) {
        for (JsonNode a : run.summary().path("aggregate")) {
            if (a.path("name").asText().equals(step)) {
                return a;
            }
        }
        return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
    }

    /** The mean over the step's repeats that measured it; null where none did. */
    private static Double cpuPerTransaction(SavedRun run, String step, String role) {
        double sum = 0;
        int n = 0;
        for (JsonNode s : run.summary().path("steps")) {
            JsonNode v = s.path("cpu_ms_per_tx").path(role);
            if (s.path("name").asText().equals(step) && v.isNumber()) {
                sum += v.asDouble();
                n++;
            }
        }
        return n == 0 ? null : sum / n;
    }

    private static Row figureRow(String label, List<JsonNode> values) {
        return new Row("Figures", label, relative(values.stream().map(v -> v.isNumber() ? v.asDouble() : null).toList()));
    }

    /** Each figure, and after the first run's its difference to it: "105.20 (+5.2%)". */
    static List<String> relative(List<Double> values) {
        Double base = values.get(0);
        var cells = new ArrayList<String>();
        for (int i = 0; i < values.size(); i++) {
            Double v = values.get(i);
            if (v == null) {
                cells.add("");
            } else if (i == 0 || base == null || base == 0) {
                cells.add(String.format(Locale.ROOT, "%.2f", v));
            } else {
                cells.add(String.format(Locale.ROOT, "%.2f (%+.1f%%)", v, 100 * (v - base) / base));
            }
        }
        return cells;
    }

    /** The load settings (config.json less where it ran and the driver's host), each one that differs between runs. */
    private static void settings(List<SavedRun> runs, List<Row> rows, List<String> warnings) {
        List<Map<String, String>> flat = runs.stream().map(r -> {
            Map<String, String> out = new TreeMap<>();
            JsonNode config = r.summary().path("config");
            config.fieldNames().forEachRemaining(field -> {
                // durability is the Run section's
                if (!field.equals("target") && !field.equals("driverHost") && !field.equals("label") && !field.equals("durability")) {
                    flatten(field, config.path(field), out);
                }
            });
            return out;
        }).toList();
        var keys = new TreeMap<String, Boolean>();
        flat.forEach(m -> m.keySet().forEach(k -> keys.put(k, true)));
        var differing = new ArrayList<String>();
        for (String key : keys.keySet()) {
            List<String> cells = flat.stream().map(m -> m.getOrDefault(key, "")).toList();
            if (Set.copyOf(cells).size() > 1) {
                rows.add(new Row("Settings that differ", key, cells));
                differing.add(key);
            }
        }
        if (!differing.isEmpty()) {
            warnings.add("The runs' settings differ (" + String.join(", ", differing) + "): the figures measure more than one change");
        }
    }

    private static void flatten(String path, JsonNode node, Map<String, String> out) {
        if (node.isObject()) {
            node.fields().forEachRemaining(e -> flatten(path + "." + e.getKey(), e.getValue(), out));
        } else {
            out.put(path, node.isValueNode() ? node.asText() : node.toString());
        }
    }

    /** The comparison as a text table: a column per run, the warnings under it. */
    public String text() {
        var header = new ArrayList<String>(List.of(""));
        header.addAll(names);
        var table = new ArrayList<List<String>>();
        table.add(header);
        String section = null;
        for (Row row : rows) {
            if (!row.section().equals(section)) {
                section = row.section();
                var title = new ArrayList<String>(List.of(section));
                names.forEach(n -> title.add(""));
                table.add(title);
            }
            var line = new ArrayList<String>(List.of("  " + row.label()));
            line.addAll(row.cells());
            table.add(line);
        }
        int[] widths = new int[header.size()];
        table.forEach(line -> {
            for (int i = 0; i < line.size(); i++) {
                widths[i] = Math.max(widths[i], line.get(i).length());
            }
        });
        var out = new StringBuilder();
        for (List<String> line : table) {
            var text = new StringBuilder();
            for (int i = 0; i < line.size(); i++) {
                text.append(i == 0 ? String.format("%-" + widths[i] + "s", line.get(i))
                        : "  " + String.format("%" + widths[i] + "s", line.get(i)));
            }
            out.append(text.toString().stripTrailing()).append(System.lineSeparator());
        }
        warnings.forEach(w -> out.append("Warning: ").append(w).append(System.lineSeparator()));
        return out.toString();
    }
}

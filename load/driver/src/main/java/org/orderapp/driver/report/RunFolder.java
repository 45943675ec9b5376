package org.orderapp.driver.report;

import static org.orderapp.driver.report.ResultFiles.f;
import static org.orderapp.driver.report.ResultFiles.trim;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;
import org.orderapp.driver.report.RunResult;
import org.orderapp.driver.report.StepOutcome;
import org.orderapp.driver.rules.Durability;
import org.orderapp.driver.settings.LoadConfig;
import org.orderapp.observation.ServerJvm;
import org.orderapp.observation.ServerSample;
import org.orderapp.observation.ServerWindow;
import org.orderapp.target.Target;

/**
 * The run folder: config.json (the exact settings), summary.json (every figure), steps.csv (per step and request
 * type), aggregate.csv (mean and spread over the repeats), errors.csv, server.csv (the server samples),
 * histograms/*.hlog (HdrHistogram interval logs), histograms/*.hgrm (each step's percentile distribution),
 * jfr/*.jfr, flamegraphs/*.html (the server's CPU per step), report.html and provenance.json (commit and machine);
 * and a row in the results folder's history.csv (a warning on stderr when it cannot be written: the run stands).
 */
public final class RunFolder {

    private RunFolder() {
    }

    /** The flame graph of the server's CPU in a step's window. */
    public static Path flameGraph(Path folder, String stem) {
        return folder.resolve("flamegraphs").resolve(stem + ".html");
    }

    public static Path histogramLog(Path folder, String stem) {
        return folder.resolve("histograms").resolve(stem + ".hlog");
    }

    public static void writeConfig(Path folder, LoadConfig config, Target target) throws IOException {
        writeConfig(folder, config, target, null, null);
    }

    /** config.json, with the server's JVM and durability once the server has answered (null: not asked yet). */
    public static void writeConfig(Path folder, LoadConfig config, Target target, ServerJvm serverJvm, Durability durability)
            throws IOException {
        ResultFiles.JSON.writeValue(folder.resolve("config.json").toFile(), RunConfiguration.of(config, target, serverJvm, durability));
    }

    /** What the server answered of itself as config.json holds it (its JVM, its durability), null where it does not. */
    static RunConfiguration recorded(Path folder, LoadConfig config, Target target) throws IOException {
        Path file = folder.resolve("config.json");
        if (!Files.isRegularFile(file)) {
            return RunConfiguration.of(config, target, null, null);
        }
        var saved = ResultFiles.JSON.readTree(file.toFile());
        var jvm = saved.path("serverJvm");
        var durability = saved.path("durability");
        return RunConfiguration.of(config, target, jvm.isObject() ? ResultFiles.JSON.treeToValue(jvm, ServerJvm.class) : null,
                durability.isTextual() ? Durability.ofLabel(durability.asText()) : null);
    }

    public static void write(RunResult run) throws IOException {
        var summary = Summary.of(run, recorded(run.folder(), run.config(), run.target()));
        String json = ResultFiles.JSON.writeValueAsString(summary);
        Files.writeString(run.folder().resolve("summary.json"), json, StandardCharsets.UTF_8);
        writeStepsCsv(run);
        writeAggregateCsv(summary, run.folder());
        writeErrorsCsv(run);
        writeServerCsv(run.samples(), run.folder());
        PercentileFiles.write(run);
        HtmlReport.write(run.folder().resolve("report.html"), json);
        var provenance = RunProvenance.current(run.folder());
        provenance.write(run.folder());
        try {
            RunHistory.append(run, summary, provenance);
        } catch (IOException e) {
            // The run folder holds every figure; the history is a convenience over runs, whose loss fails no run.
            System.err.println("Warning: the run's row was not added to the results folder's " + RunHistory.FILE + " ("
                    + e.getClass().getSimpleName() + ": " + e.getMessage() + "); the run folder " + run.folder() + " is complete.");
        }
    }

    private static void writeStepsCsv(RunResult run) throws IOException {
        var header = new ArrayList<>(List.of("repeat", "step", "step_name", "type", "window_s", "count", "tx_per_s", "mean_ms",
                "stddev_ms", "p50_ms", "p90_ms", "p99_ms", "p99_9_ms", "p99_99_ms", "max_ms", "beyond_2sigma", "beyond_3sigma",
                "beyond_4sigma", "service_mean_ms", "service_p99_ms", "errors"));
        ServerWindow.CPU_ROLES.forEach(role -> header.add("cpu_" + role + "_ms_per_tx"));
        ServerWindow.SERVER_PARTS.forEach(part -> header.add("cpu_server_" + part + "_ms_per_tx"));
        var rows = new ArrayList<List<String>>();
        for (StepOutcome o : run.steps()) {
            var c = o.client();
            Map<String, Double> cpu = o.server().cpuPerTransaction();
            Map<String, Double> serverParts = o.server().serverCpuPerTransaction();
            Map<String, Histogram> service = Summary.byType(c.service());
            for (var e : Summary.byType(c.response()).entrySet()) {
                boolean all = e.getKey().equals(Summary.ALL);
                var s = LatencyStatistics.of(e.getValue(), c.windowSeconds());
                var sv = LatencyStatistics.of(service.get(e.getKey()), c.windowSeconds());
                long errors = all ? c.errorCount() : c.errors().entrySet().stream()
                        .filter(x -> x.getKey().startsWith(e.getKey() + ":")).mapToLong(Map.Entry::getValue).sum();
                var row = new ArrayList<>(List.of(Integer.toString(c.repeat()), trim(c.step()), c.name(), e.getKey(),
                        f(c.windowSeconds()), Long.toString(s.count()), f(s.throughput()), f(s.mean()), f(s.stdDev()),
                        f(s.p50()), f(s.p90()), f(s.p99()), f(s.p999()), f(s.p9999()), f(s.max()), f(s.beyond2Sigma()),
                        f(s.beyond3Sigma()), f(s.beyond4Sigma()), f(sv.mean()), f(sv.p99()), Long.toString(errors)));
                // CPU is the step's, not a request type's: on the row that adds every type up.
                ServerWindow.CPU_ROLES.forEach(role -> row.add(all && cpu.get(role) != null ? f(cpu.get(role)) : ""));
                ServerWindow.SERVER_PARTS.forEach(part -> row.add(all && serverParts.get(part) != null ? f(serverParts.get(part)) : ""));
                rows.add(row);
            }
        }
        ResultFiles.writeCsv(run.folder().resolve("steps.csv"), header, rows);
    }

    private static void writeAggregateCsv(Summary summary, Path folder) throws IOException {
        var rows = new ArrayList<List<String>>();
        for (Summary.Aggregate step : summary.aggregate()) {
            step.types().forEach((type, v) -> rows.add(List.of(trim(step.step()), step.name(), type,
                    Integer.toString(v.repeats()), f(v.throughputMean()), f(v.throughputStdDev()), f(v.meanMean()),
                    f(v.meanStdDev()), f(v.p99Mean()), f(v.p99StdDev()))));
        }
        ResultFiles.writeCsv(folder.resolve("aggregate.csv"), List.of("step", "step_name", "type", "repeats", "tx_per_s_mean",
                "tx_per_s_stddev", "mean_ms_mean", "mean_ms_stddev", "p99_ms_mean", "p99_ms_stddev"), rows);
    }

    private static void writeErrorsCsv(RunResult run) throws IOException {
        var rows = new ArrayList<List<String>>();
        for (StepOutcome o : run.steps()) {
            o.client().errors().forEach((kind, count) -> rows.add(List.of(Integer.toString(o.client().repeat()),
                    trim(o.client().step()), o.client().name(), kind, Long.toString(count),
                    o.client().errorAnswers().getOrDefault(kind, ""))));
        }
        ResultFiles.writeCsv(run.folder().resolve("errors.csv"), List.of("repeat", "step", "step_name", "kind", "count",
                "first_answer"), rows);
    }

    private static void writeServerCsv(List<ServerSample> samples, Path folder) throws IOException {
        var names = new TreeSet<String>();
        samples.forEach(s -> names.addAll(s.values().keySet()));
        var rows = new ArrayList<List<String>>();
        for (ServerSample s : samples) {
            var row = new ArrayList<String>();
            row.add(f(s.seconds()));
            names.forEach(n -> row.add(s.get(n) == null ? "" : trim(s.get(n))));
            rows.add(row);
        }
        var header = new ArrayList<String>(List.of("seconds"));
        header.addAll(names);
        ResultFiles.writeCsv(folder.resolve("server.csv"), header, rows);
    }
}

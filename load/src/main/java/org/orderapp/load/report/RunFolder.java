package org.orderapp.load.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;
import org.orderapp.load.LoadConfig;
import org.orderapp.load.LoadOptions;
import org.orderapp.load.RunResult;
import org.orderapp.load.StepOutcome;
import org.orderapp.load.Target;
import org.orderapp.load.server.LockContention;
import org.orderapp.load.server.ServerSample;
import org.orderapp.load.server.ServerWindow;
import org.orderapp.load.workload.RequestType;
import org.orderapp.load.workload.TransactionMix;

/**
 * The run folder: config.json (the exact settings), summary.json (every figure), steps.csv (per step and request
 * type), aggregate.csv (mean and spread over the repeats), errors.csv, server.csv (the server samples),
 * histograms/*.hlog (HdrHistogram interval logs), jfr/*.jfr and report.html.
 */
public final class RunFolder {

    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    /** The label of the row that adds up every request type. */
    public static final String ALL = "All";

    private RunFolder() {
    }

    public static String stepStem(int repeat, int index, double step, LoadConfig config) {
        return String.format(Locale.ROOT, "run%d-step%d-%s", repeat, index + 1,
                config.model() == LoadConfig.Model.CLOSED ? (long) step + "users" : trim(step) + "tps");
    }

    public static Path histogramLog(Path folder, String stem) {
        return folder.resolve("histograms").resolve(stem + ".hlog");
    }

    public static void writeConfig(Path folder, LoadConfig c, Target target) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("model", c.model().name().toLowerCase(Locale.ROOT));
        m.put(c.model() == LoadConfig.Model.CLOSED ? "users" : "ratesPerSecond", c.steps());
        if (c.model() == LoadConfig.Model.OPEN) {
            m.put("connections", c.connections());
        }
        m.put("thinkTime", duration(c.thinkTime()));
        m.put("thinkTimeDistribution", c.exponentialThinkTime() ? "exponential" : "fixed");
        m.put("warmUp", duration(c.warmUp()));
        m.put("measure", duration(c.measure()));
        m.put("repeats", c.repeats());
        Map<String, Integer> mix = new LinkedHashMap<>();
        for (TransactionMix.Kind k : TransactionMix.Kind.values()) {
            mix.put(k.name().toLowerCase(Locale.ROOT), c.mix().weight(k));
        }
        m.put("mix", mix);
        m.put("lines", c.minLines() == c.maxLines() ? Integer.toString(c.minLines()) : c.minLines() + "-" + c.maxLines());
        m.put("quantity", c.minQuantity() + "-" + c.maxQuantity());
        m.put("browsePages", c.browsePages());
        m.put("endpoints", c.endpoints().name().toLowerCase(Locale.ROOT));
        m.put("customers", c.firstCustomer() + "-" + (c.lastCustomer() == Long.MAX_VALUE ? "" : c.lastCustomer()));
        m.put("seed", c.seed());
        m.put("requestTimeout", duration(c.requestTimeout()));
        m.put("sampleInterval", duration(c.sampleInterval()));
        m.put("lockRecording", c.flightRecording());
        m.put("lockThreshold", duration(c.lockThreshold()));
        m.put("audit", c.audit());
        m.put("drainTimeout", duration(c.drainTimeout()));
        m.put("label", c.label());
        m.put("steadyState", c.steadyState() == null ? null : Map.of("min", duration(c.steadyState().min()),
                "window", duration(c.steadyState().window()),
                "windows", c.steadyState().windows(), "tolerance", c.steadyState().tolerance(),
                "max", duration(c.steadyState().max()), "appliesTo", "the first step"));
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("application", target.application().toString());
        t.put("management", target.management().toString());
        int q = target.dbUrl().indexOf('?');
        t.put("database", q < 0 ? target.dbUrl() : target.dbUrl().substring(0, q));
        t.put("databaseUser", target.dbUser());
        m.put("target", t);
        Map<String, Object> host = new LinkedHashMap<>();
        host.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        host.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        host.put("processors", Runtime.getRuntime().availableProcessors());
        m.put("driverHost", host);
        JSON.writeValue(folder.resolve("config.json").toFile(), m);
    }

    public static void write(RunResult run) throws IOException {
        Map<String, Object> summary = Summary.of(run);
        JSON.writeValue(run.folder().resolve("summary.json").toFile(), summary);
        writeStepsCsv(run);
        writeAggregateCsv(summary, run.folder());
        writeErrorsCsv(run);
        writeServerCsv(run.samples(), run.folder());
        HtmlReport.write(run.folder().resolve("report.html"), JSON.writeValueAsString(summary));
    }

    private static void writeStepsCsv(RunResult run) throws IOException {
        try (Writer w = Files.newBufferedWriter(run.folder().resolve("steps.csv"), StandardCharsets.UTF_8)) {
            w.write("repeat,step,step_name,type,window_s,count,tx_per_s,mean_ms,stddev_ms,p50_ms,p90_ms,p99_ms,p99_9_ms,max_ms,"
                    + "beyond_2sigma,beyond_3sigma,beyond_4sigma,service_mean_ms,service_p99_ms,errors,"
                    + "cpu_server_ms_per_tx,cpu_db_ms_per_tx,cpu_driver_ms_per_tx,cpu_other_ms_per_tx\n");
            for (StepOutcome o : run.steps()) {
                var c = o.client();
                Map<String, Double> cpu = o.server().cpuPerTransaction();
                for (var e : Summary.byType(c.response()).entrySet()) {
                    // CPU is the step's, not a request type's: on the row that adds every type up.
                    List<String> cpuColumns = ServerWindow.CPU_ROLES.stream()
                            .map(role -> e.getKey().equals(ALL) && cpu.get(role) != null ? f(cpu.get(role)) : "").toList();
                    Histogram service = Summary.byType(c.service()).get(e.getKey());
                    var s = LatencyStatistics.of(e.getValue(), c.windowSeconds());
                    var sv = LatencyStatistics.of(service, c.windowSeconds());
                    long errors = e.getKey().equals(ALL) ? c.errorCount() : c.errors().entrySet().stream()
                            .filter(x -> x.getKey().startsWith(e.getKey() + ":")).mapToLong(Map.Entry::getValue).sum();
                    var row = new ArrayList<>(List.of(Integer.toString(c.repeat()), trim(c.step()), c.name(), e.getKey(),
                            f(c.windowSeconds()), Long.toString(s.count()), f(s.throughput()), f(s.mean()), f(s.stdDev()),
                            f(s.p50()), f(s.p90()), f(s.p99()), f(s.p999()), f(s.max()), f(s.beyond2Sigma()),
                            f(s.beyond3Sigma()), f(s.beyond4Sigma()), f(sv.mean()), f(sv.p99()), Long.toString(errors)));
                    row.addAll(cpuColumns);
                    w.write(String.join(",", row));
                    w.write('\n');
                }
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static void writeAggregateCsv(Map<String, Object> summary, Path folder) throws IOException {
        try (Writer w = Files.newBufferedWriter(folder.resolve("aggregate.csv"), StandardCharsets.UTF_8)) {
            w.write("step,step_name,type,repeats,tx_per_s_mean,tx_per_s_stddev,mean_ms_mean,mean_ms_stddev,p99_ms_mean,p99_ms_stddev\n");
            for (var row : (List<Map<String, Object>>) summary.get("aggregate")) {
                for (var t : ((Map<String, Map<String, Object>>) row.get("types")).entrySet()) {
                    var v = t.getValue();
                    w.write(String.join(",", trim((Double) row.get("step")), (String) row.get("name"), t.getKey(),
                            v.get("repeats").toString(), f((Double) v.get("throughputMean")), f((Double) v.get("throughputStdDev")),
                            f((Double) v.get("meanMean")), f((Double) v.get("meanStdDev")), f((Double) v.get("p99Mean")),
                            f((Double) v.get("p99StdDev"))));
                    w.write('\n');
                }
            }
        }
    }

    private static void writeErrorsCsv(RunResult run) throws IOException {
        try (Writer w = Files.newBufferedWriter(run.folder().resolve("errors.csv"), StandardCharsets.UTF_8)) {
            w.write("repeat,step,step_name,kind,count\n");
            for (StepOutcome o : run.steps()) {
                for (var e : o.client().errors().entrySet()) {
                    w.write(o.client().repeat() + "," + trim(o.client().step()) + "," + o.client().name() + ",\""
                            + e.getKey().replace("\"", "'") + "\"," + e.getValue() + "\n");
                }
            }
        }
    }

    private static void writeServerCsv(List<ServerSample> samples, Path folder) throws IOException {
        var names = new TreeSet<String>();
        samples.forEach(s -> names.addAll(s.values().keySet()));
        try (Writer w = Files.newBufferedWriter(folder.resolve("server.csv"), StandardCharsets.UTF_8)) {
            w.write("seconds," + String.join(",", names) + "\n");
            for (ServerSample s : samples) {
                var row = new ArrayList<String>();
                row.add(f(s.seconds()));
                for (String n : names) {
                    Double v = s.get(n);
                    row.add(v == null ? "" : trim(v));
                }
                w.write(String.join(",", row) + "\n");
            }
        }
    }

    static Map<String, Object> contention(LockContention c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("recordedSeconds", c.recordedSeconds());
        m.put("monitors", c.monitors());
        m.put("parks", c.parks());
        m.put("idleParks", c.idleParks());
        return m;
    }

    static String duration(Duration d) {
        return LoadOptions.DurationConverter.format(d);
    }

    static String f(double v) {
        return String.format(Locale.ROOT, "%.4f", v);
    }

    static String trim(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.4f", v);
    }

    static List<String> typeLabels() {
        var labels = new ArrayList<String>();
        for (RequestType t : RequestType.values()) {
            labels.add(t.label());
        }
        return labels;
    }
}

package org.orderapp.load.report;

import com.fasterxml.jackson.core.type.TypeReference;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.orderapp.load.RunResult;
import org.orderapp.load.StepOutcome;
import org.orderapp.load.engine.StepResult;
import org.orderapp.load.server.ServerSample;
import org.orderapp.load.server.ServerWindow;
import org.orderapp.load.workload.RequestType;

/** summary.json: every figure of the run, which the HTML report draws from too. */
final class Summary {

    /** Server figures drawn over time in the report. */
    static final List<String> SERIES = List.of("ds.inUse", "app.mdb.inFlight", "queue.replenish.depth", "queue.dlq.depth",
            "http.busyThreads", "ejb.OrderTransaction.poolInUse", "ejb.OrderService.poolInUse", "mdb.ReplenishBean.poolInUse",
            "db.Threads_running");

    private Summary() {
    }

    static Map<String, Object> of(RunResult run) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("started", run.started().toString());
        info.put("finished", run.finished().toString());
        info.put("model", run.config().model().name().toLowerCase());
        info.put("stepUnit", run.config().model() == org.orderapp.load.LoadConfig.Model.CLOSED ? "users" : "tx/s offered");
        info.put("endpoint", run.endpoint());
        info.put("customers", run.customers());
        info.put("distributionCenters", run.centers());
        info.put("errors", run.errors());
        info.put("audit", run.audit() == null ? "skipped" : run.audit().pass() ? "PASS" : "FAIL");
        info.put("valid", run.validity().valid());
        m.put("run", info);
        m.put("validity", validity(run));
        m.put("config", RunFolder.JSON.readValue(run.folder().resolve("config.json").toFile(),
                new TypeReference<Map<String, Object>>() { }));
        List<Map<String, Object>> steps = new ArrayList<>();
        for (StepOutcome o : run.steps()) {
            steps.add(step(o, run));
        }
        m.put("steps", steps);
        m.put("aggregate", aggregate(run));
        m.put("audit", run.audit());
        m.put("serverSeries", series(run.samples()));
        m.put("notes", run.notes());
        m.put("faults", run.faults());
        return m;
    }

    /** The verdict, its reasons, and the rules it was judged by. */
    private static Map<String, Object> validity(RunResult run) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("valid", run.validity().valid());
        v.put("reasons", run.validity().reasons());
        var rules = run.config().rules();
        Map<String, Object> r = new LinkedHashMap<>();
        Map<String, Double> limits = new LinkedHashMap<>();
        rules.p90Limits().forEach((t, d) -> limits.put(t.label(), d.toNanos() / 1e6));
        r.put("p90LimitMs", limits);
        r.put("mixTolerance", rules.mixTolerance());
        r.put("maxErrorRate", rules.maxErrorRate());
        r.put("auditRequired", true);
        v.put("rules", r);
        return v;
    }

    private static Map<String, Object> step(StepOutcome o, RunResult run) {
        StepResult c = o.client();
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("repeat", c.repeat());
        s.put("step", c.step());
        s.put("name", c.name());
        s.put("windowStartSeconds", c.startSeconds());
        s.put("windowSeconds", c.windowSeconds());
        s.put("throughput", c.throughput());
        s.put("successes", c.successes());
        s.put("errorCount", c.errorCount());
        s.put("errors", c.errors());
        s.put("refused", c.refused());
        s.put("refusedPerSecond", c.refusedPerSecond());
        s.put("lateStarts", c.lateStarts());
        Map<String, Object> types = new LinkedHashMap<>();
        byType(c.response()).forEach((t, h) -> types.put(t, LatencyStatistics.of(h, c.windowSeconds())));
        s.put("types", types);
        Map<String, Object> service = new LinkedHashMap<>();
        byType(c.service()).forEach((t, h) -> service.put(t, LatencyStatistics.of(h, c.windowSeconds())));
        s.put("serviceTime", service);
        s.put("warmUp", c.warmUp());
        s.put("cpu_ms_per_tx", o.server().cpuPerTransaction());
        s.put("machineBusyShare", o.server().get(ServerWindow.MACHINE_BUSY));
        var validity = run.config().rules().check(c, run.config().mix());
        s.put("validity", Map.of("valid", validity.valid(), "reasons", validity.reasons()));
        s.put("server", o.server().figures());
        s.put("contention", o.contention() == null ? null : RunFolder.contention(o.contention()));
        s.put("recording", o.recording());
        s.put("timeline", c.timeline());
        return s;
    }

    /** Per step: each request type's throughput, mean and p99 over the repeats (mean and sample standard deviation). */
    private static List<Map<String, Object>> aggregate(RunResult run) {
        Map<Integer, List<StepOutcome>> byStep = new TreeMap<>();
        run.steps().forEach(o -> byStep.computeIfAbsent(o.client().stepIndex(), k -> new ArrayList<>()).add(o));
        List<Map<String, Object>> rows = new ArrayList<>();
        for (var e : byStep.entrySet()) {
            List<StepOutcome> repeats = e.getValue();
            StepResult first = repeats.get(0).client();
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("step", first.step());
            row.put("name", first.name());
            Map<String, Histogram> merged = new LinkedHashMap<>();
            double seconds = 0;
            Map<String, List<double[]>> perType = new LinkedHashMap<>();
            long errors = 0;
            long refused = 0;
            for (StepOutcome o : repeats) {
                seconds += o.client().windowSeconds();
                errors += o.client().errorCount();
                refused += o.client().refused();
                byType(o.client().response()).forEach((t, h) -> {
                    merged.computeIfAbsent(t, k -> new Histogram(h.getHighestTrackableValue(), h.getNumberOfSignificantValueDigits())).add(h);
                    var stats = LatencyStatistics.of(h, o.client().windowSeconds());
                    perType.computeIfAbsent(t, k -> new ArrayList<>()).add(new double[] {stats.throughput(), stats.mean(), stats.p99()});
                });
            }
            Map<String, Object> types = new LinkedHashMap<>();
            for (var t : perType.entrySet()) {
                Map<String, Object> v = new LinkedHashMap<>();
                List<double[]> values = t.getValue();
                v.put("repeats", values.size());
                v.put("throughputMean", mean(values, 0));
                v.put("throughputStdDev", sd(values, 0));
                v.put("throughputMin", values.stream().mapToDouble(x -> x[0]).min().orElse(0));
                v.put("throughputMax", values.stream().mapToDouble(x -> x[0]).max().orElse(0));
                v.put("meanMean", mean(values, 1));
                v.put("meanStdDev", sd(values, 1));
                v.put("p99Mean", mean(values, 2));
                v.put("p99StdDev", sd(values, 2));
                v.put("merged", LatencyStatistics.of(merged.get(t.getKey()), seconds / repeats.size() * values.size()));
                v.put("distribution", distribution(merged.get(t.getKey())));
                types.put(t.getKey(), v);
            }
            row.put("types", types);
            row.put("errors", errors);
            row.put("refused", refused);
            row.put("refusedPerSecond", seconds == 0 ? 0 : refused / seconds);
            Map<String, Double> server = new TreeMap<>();
            Map<String, Integer> counts = new TreeMap<>();
            for (StepOutcome o : repeats) {
                o.server().figures().forEach((k, v) -> {
                    server.merge(k, v, Double::sum);
                    counts.merge(k, 1, Integer::sum);
                });
            }
            server.replaceAll((k, v) -> v / counts.get(k));
            row.put("server", server);
            rows.add(row);
        }
        return rows;
    }

    /** The percentile spectrum: [1/(1-p), value in ms, p] points, as HdrHistogram's plots draw it. */
    private static List<double[]> distribution(Histogram h) {
        var points = new ArrayList<double[]>();
        if (h.getTotalCount() == 0) {
            return points;
        }
        for (HistogramIterationValue v : h.percentiles(5)) {
            double p = v.getPercentileLevelIteratedTo() / 100.0;
            if (p >= 1.0) {
                break;
            }
            points.add(new double[] {1 / (1 - p), v.getValueIteratedTo() / 1000.0, p * 100});
        }
        points.add(new double[] {1e6, h.getMaxValue() / 1000.0, 100});
        return points;
    }

    private static List<Map<String, Object>> series(List<ServerSample> samples) {
        var out = new ArrayList<Map<String, Object>>();
        for (ServerSample s : samples) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("t", s.seconds());
            for (String name : SERIES) {
                if (s.get(name) != null) {
                    row.put(name, s.get(name));
                }
            }
            out.add(row);
        }
        return out;
    }

    /** Histograms with samples, by label, and "All" adding every type up. */
    static Map<String, Histogram> byType(Map<RequestType, Histogram> histograms) {
        Map<String, Histogram> out = new LinkedHashMap<>();
        Histogram all = null;
        for (var e : histograms.entrySet()) {
            Histogram h = e.getValue();
            if (all == null) {
                all = new Histogram(h.getHighestTrackableValue(), h.getNumberOfSignificantValueDigits());
            }
            if (h.getTotalCount() > 0) {
                out.put(e.getKey().label(), h);
                all.add(h);
            }
        }
        if (all != null) {
            out.put(RunFolder.ALL, all);
        }
        return out;
    }

    private static double mean(List<double[]> values, int i) {
        return values.stream().mapToDouble(v -> v[i]).average().orElse(0);
    }

    private static double sd(List<double[]> values, int i) {
        if (values.size() < 2) {
            return 0;
        }
        double m = mean(values, i);
        double ss = values.stream().mapToDouble(v -> (v[i] - m) * (v[i] - m)).sum();
        return Math.sqrt(ss / (values.size() - 1));
    }
}

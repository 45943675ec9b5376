package org.orderapp.driver.report;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.orderapp.driver.audit.AuditResult;
import org.orderapp.driver.engine.StepResult;
import org.orderapp.driver.engine.WarmUp;
import org.orderapp.driver.fault.FaultEvent;
import org.orderapp.driver.report.RunResult;
import org.orderapp.driver.report.StepOutcome;
import org.orderapp.driver.settings.LoadConfig;
import org.orderapp.driver.workload.RequestType;
import org.orderapp.observation.ServerSample;
import org.orderapp.observation.ServerWindow;
import org.orderapp.observation.database.LockContention;

/** summary.json: every figure of the run, which the HTML report draws from too (with the metric names it reads). */
public record Summary(Run run, Verdict validity, RunConfiguration config, List<Step> steps, List<Aggregate> aggregate,
               AuditResult audit, ReportMetrics metrics, List<Map<String, Double>> serverSeries, List<String> notes,
               List<FaultEvent> faults) {

    /** The label of the row that adds up every request type. */
    public static final String ALL = "All";

    /** The run at a glance; cpuProfiler: the engine of the server's CPU profiles, null if none profiled. */
    record Run(String started, String finished, LoadConfig.Model model, String stepUnit, String endpoint, int customers,
               int distributionCenters, long errors, String audit, boolean valid, String cpuProfiler) {
    }

    /** Valid or not, why, and (for the whole run) the rules it was judged by. */
    record Verdict(boolean valid, List<String> reasons, Rules rules) {
    }

    record Rules(Map<String, Double> p90LimitMs, double mixTolerance, double maxErrorRate, boolean auditRequired) {
    }

    /**
     * One step of one repeat: the client's figures (with the server's answer to the first error of each kind), the
     * server's in the same window, the lock contention, the CPU profile's flame graph (a path in the run folder) or
     * why there is none.
     */
    record Step(int repeat, double step, String name, double windowStartSeconds, double windowSeconds, double throughput,
                long successes, long errorCount, Map<String, Long> errors, Map<String, String> errorAnswers, long refused,
                double refusedPerSecond, long lateStarts, Map<String, LatencyStatistics> types, Map<String, LatencyStatistics> serviceTime,
                WarmUp warmUp, @JsonProperty("cpu_ms_per_tx") Map<String, Double> cpuMsPerTx, Double machineBusyShare,
                Verdict validity, Map<String, Double> server, LockContention contention, String recording,
                String cpuProfile, List<CpuLayer> cpuProfileLayers, String cpuProfileUnavailable, List<StepResult.Tick> timeline) {
    }

    /**
     * One layer of the server's CPU profile in a step: its share of the samples, and that share of the server's CPU
     * milliseconds per transaction (null when the server's CPU is unknown).
     */
    record CpuLayer(String layer, long samples, double share, Double msPerTx) {
    }

    /** One step over the repeats: per request type, and the server's figures averaged. */
    record Aggregate(double step, String name, Map<String, TypeAggregate> types, long errors, long refused,
                     double refusedPerSecond, Map<String, Double> server) {
    }

    /**
     * A request type's throughput, mean and p99 over the repeats (mean and sample standard deviation), every
     * repeat's latencies merged, their percentile spectrum: [1/(1-p), value in ms, p] points, and their histogram:
     * [from ms, to ms, requests] bins (see {@link ResponseTimeBins}).
     */
    record TypeAggregate(int repeats, double throughputMean, double throughputStdDev, double throughputMin,
                         double throughputMax, double meanMean, double meanStdDev, double p99Mean, double p99StdDev,
                         LatencyStatistics merged, List<double[]> distribution, List<double[]> histogram) {
    }

    static Summary of(RunResult run, RunConfiguration config) {
        LoadConfig c = run.config();
        var info = new Run(run.started().toString(), run.finished().toString(), c.model(),
                c.model() == LoadConfig.Model.CLOSED ? "users" : "tx/s offered", run.endpoint(), run.customers(), run.centers(),
                run.errors(), run.audit() == null ? "skipped" : run.audit().pass() ? "PASS" : "FAIL", run.validity().valid(),
                run.cpuProfiler());
        Map<String, Double> limits = new LinkedHashMap<>();
        c.rules().p90Limits().forEach((t, d) -> limits.put(t.label(), d.toNanos() / 1e6));
        var validity = new Verdict(run.validity().valid(), run.validity().reasons(),
                new Rules(limits, c.rules().mixTolerance(), c.rules().maxErrorRate(), true));
        // A run on a server allowed an unsafe database says so before anything else it notes.
        var notes = new ArrayList<String>();
        if (config.durability() != null) {
            config.durability().warning().ifPresent(notes::add);
        }
        notes.addAll(run.notes());
        return new Summary(info, validity, config, run.steps().stream().map(o -> step(o, c)).toList(), aggregate(run),
                run.audit(), ReportMetrics.NAMES, series(run.samples()), notes, run.faults());
    }

    private static Step step(StepOutcome o, LoadConfig config) {
        StepResult c = o.client();
        Map<String, LatencyStatistics> types = new LinkedHashMap<>();
        byType(c.response()).forEach((t, h) -> types.put(t, LatencyStatistics.of(h, c.windowSeconds())));
        Map<String, LatencyStatistics> service = new LinkedHashMap<>();
        byType(c.service()).forEach((t, h) -> service.put(t, LatencyStatistics.of(h, c.windowSeconds())));
        var rules = config.rules().check(c, config.mix());
        return new Step(c.repeat(), c.step(), c.name(), c.startSeconds(), c.windowSeconds(), c.throughput(), c.successes(),
                c.errorCount(), c.errors(), c.errorAnswers(), c.refused(), c.refusedPerSecond(), c.lateStarts(), types, service, c.warmUp(),
                o.server().cpuPerTransaction(), o.server().get(ServerWindow.MACHINE_BUSY),
                new Verdict(rules.valid(), rules.reasons(), null), o.server().figures(), o.contention(), o.recording(),
                o.cpuProfile(), layers(o), o.cpuProfileUnavailable(), c.timeline());
    }

    private static List<CpuLayer> layers(StepOutcome o) {
        if (o.cpuLayers() == null) {
            return null;
        }
        Double server = o.server().cpuPerTransaction() == null ? null : o.server().cpuPerTransaction().get("server");
        var shares = o.cpuLayers().shares();
        return o.cpuLayers().byLayer().entrySet().stream().map(e -> {
            double share = shares.get(e.getKey());
            return new CpuLayer(e.getKey(), e.getValue(), share, server == null ? null : share * server);
        }).toList();
    }

    private static List<Aggregate> aggregate(RunResult run) {
        // By step and its load: the interleaved method's resident run holds its warm-up (at --warm-up-users) and its
        // windows (at the step's users) under one step index, and they are not repeats of one another. A step past the
        // load's own (the warm-up after the interleaved method's rehearsal) is listed among the steps, not aggregated:
        // it is no step of the load, and the last aggregate is the top step's (the history's row).
        Map<List<Double>, List<StepOutcome>> byStep = new LinkedHashMap<>();
        run.steps().stream().filter(o -> o.client().stepIndex() < run.config().steps().size())
                .sorted(java.util.Comparator.comparingInt(o -> o.client().stepIndex())).forEach(o -> byStep
                .computeIfAbsent(List.of((double) o.client().stepIndex(), o.client().step()), k -> new ArrayList<>()).add(o));
        List<Aggregate> rows = new ArrayList<>();
        for (List<StepOutcome> repeats : byStep.values()) {
            StepResult first = repeats.get(0).client();
            Map<String, Histogram> merged = new LinkedHashMap<>();
            Map<String, List<LatencyStatistics>> perType = new LinkedHashMap<>();
            double seconds = 0;
            long errors = 0;
            long refused = 0;
            for (StepOutcome o : repeats) {
                seconds += o.client().windowSeconds();
                errors += o.client().errorCount();
                refused += o.client().refused();
                byType(o.client().response()).forEach((t, h) -> {
                    merged.computeIfAbsent(t, k -> new Histogram(h.getHighestTrackableValue(), h.getNumberOfSignificantValueDigits())).add(h);
                    perType.computeIfAbsent(t, k -> new ArrayList<>()).add(LatencyStatistics.of(h, o.client().windowSeconds()));
                });
            }
            Map<String, TypeAggregate> types = new LinkedHashMap<>();
            double meanWindow = seconds / repeats.size();
            perType.forEach((t, values) -> {
                double[] throughput = values.stream().mapToDouble(LatencyStatistics::throughput).toArray();
                double[] means = values.stream().mapToDouble(LatencyStatistics::mean).toArray();
                double[] p99s = values.stream().mapToDouble(LatencyStatistics::p99).toArray();
                types.put(t, new TypeAggregate(values.size(), mean(throughput), sd(throughput),
                        java.util.Arrays.stream(throughput).min().orElse(0), java.util.Arrays.stream(throughput).max().orElse(0),
                        mean(means), sd(means), mean(p99s), sd(p99s),
                        LatencyStatistics.of(merged.get(t), meanWindow * values.size()), distribution(merged.get(t)),
                        ResponseTimeBins.of(merged.get(t))));
            });
            Map<String, Double> server = new TreeMap<>();
            Map<String, Integer> counts = new TreeMap<>();
            for (StepOutcome o : repeats) {
                o.server().figures().forEach((k, v) -> {
                    server.merge(k, v, Double::sum);
                    counts.merge(k, 1, Integer::sum);
                });
            }
            server.replaceAll((k, v) -> v / counts.get(k));
            rows.add(new Aggregate(first.step(), first.name(), types, errors, refused, seconds == 0 ? 0 : refused / seconds,
                    server));
        }
        return rows;
    }

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

    /** The figures of {@link ReportMetrics#NAMES}' series at each sample: "t" (seconds) and each name sampled. */
    private static List<Map<String, Double>> series(List<ServerSample> samples) {
        var out = new ArrayList<Map<String, Double>>();
        for (ServerSample s : samples) {
            Map<String, Double> row = new LinkedHashMap<>();
            row.put("t", s.seconds());
            for (String name : ReportMetrics.NAMES.series()) {
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
            out.put(ALL, all);
        }
        return out;
    }

    private static double mean(double[] values) {
        return java.util.Arrays.stream(values).average().orElse(0);
    }

    /** The sample standard deviation; 0 for fewer than two values. */
    private static double sd(double[] values) {
        if (values.length < 2) {
            return 0;
        }
        double m = mean(values);
        double ss = java.util.Arrays.stream(values).map(v -> (v - m) * (v - m)).sum();
        return Math.sqrt(ss / (values.length - 1));
    }
}

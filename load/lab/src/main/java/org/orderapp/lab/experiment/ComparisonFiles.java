package org.orderapp.lab.experiment;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.orderapp.driver.report.ResultFiles;
import org.orderapp.driver.report.SelfContainedPage;

/** Writes a comparison as comparison.json, comparison.csv and comparison.html, and prints its verdicts. */
public final class ComparisonFiles {

    private static final String TEMPLATE = "/org/orderapp/lab/experiment/comparison.html";

    private ComparisonFiles() {
    }

    public static void write(Path folder, Comparison comparison) throws IOException {
        String json = ResultFiles.JSON.writeValueAsString(comparison);
        Files.writeString(folder.resolve("comparison.json"), json, StandardCharsets.UTF_8);
        writeCsv(folder.resolve("comparison.csv"), comparison);
        SelfContainedPage.write(folder.resolve("comparison.html"), TEMPLATE, "/*COMPARISON_JSON*/", json);
    }

    /**
     * One row per variant, step and metric: the mean over valid rounds with its interval, and against the control
     * the paired ratio with its interval, its half-width and the verdict; where the ratio is over several servers a side
     * ({@link Instances}), how many and the widest pair's half-width over its blocks. CPU per transaction has a row per role.
     */
    static void writeCsv(Path file, Comparison c) throws IOException {
        var rows = new ArrayList<List<String>>();
        for (var v : c.variants()) {
            for (var s : v.steps()) {
                row(rows, c, v.name(), s, Metric.THROUGHPUT.key(), s.throughput());
                row(rows, c, v.name(), s, Metric.P99.key(), s.p99Ms());
                row(rows, c, v.name(), s, Metric.MEAN.key(), s.meanMs());
                row(rows, c, v.name(), s, Metric.CPU.key(), null);
                s.server().forEach((metric, figure) -> row(rows, c, v.name(), s, metric, figure));
                for (var figure : s.figures().entrySet()) {
                    row(rows, c, v.name(), s, figure.getKey(), figure.getValue());
                }
                for (var role : s.cpuMsPerTx().entrySet()) {
                    if (role.getValue() != null) {
                        rows.add(List.of(c.experiment(), v.name(), number(s.step()), s.name(), "cpu_" + role.getKey() + "_ms_per_tx",
                                number(role.getValue()), "", "", "", "", "", "", "", "", "", "", "", ""));
                    }
                }
            }
        }
        ResultFiles.writeCsv(file, List.of("experiment", "variant", "step", "step_name", "metric", "mean", "ci95_low",
                "ci95_high", "n", "ratio_to_control", "ratio_ci95_low", "ratio_ci95_high", "paired_rounds", "verdict",
                "guide_ratio", "ratio_half_width", "servers", "blocks_half_width"), rows);
    }

    private static void row(List<List<String>> rows, Comparison c, String variant, Comparison.StepSummary s, String metric,
                            Comparison.Figure figure) {
        var ratio = c.ratios().stream().filter(r -> r.variant().equals(variant) && r.metric().equals(metric) && r.step() == s.step())
                .findFirst().orElse(null);
        if (figure == null && ratio == null) {
            return;
        }
        var cells = new ArrayList<String>(List.of(c.experiment(), variant, number(s.step()), s.name(), metric));
        cells.add(figure == null ? "" : number(figure.mean()));
        cells.add(figure == null || figure.ci95() == null ? "" : number(figure.ci95().get(0)));
        cells.add(figure == null || figure.ci95() == null ? "" : number(figure.ci95().get(1)));
        cells.add(figure == null ? "" : Integer.toString(figure.n()));
        cells.add(ratio == null || ratio.ratio() == null ? "" : number(ratio.ratio()));
        cells.add(ratio == null || ratio.ci95() == null ? "" : number(ratio.ci95().get(0)));
        cells.add(ratio == null || ratio.ci95() == null ? "" : number(ratio.ci95().get(1)));
        cells.add(ratio == null ? "" : Integer.toString(ratio.n()));
        cells.add(ratio == null ? "" : ratio.verdict());
        cells.add(ratio == null || ratio.guide() == null ? "" : number(ratio.guide()));
        cells.add(ratio == null || ratio.halfWidth() == null ? "" : number(ratio.halfWidth()));
        cells.add(ratio == null || ratio.servers() == null ? "" : Integer.toString(ratio.servers()));
        cells.add(ratio == null || ratio.blocksHalfWidth() == null ? "" : number(ratio.blocksHalfWidth()));
        rows.add(cells);
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.6g", v);
    }

    /** "8 switched windows", or "8 blocks, each the mean of its switched windows of spin-50, spin-50-b". */
    private static String switchedWindows(Method.Detected d) {
        return d.pooled() == null ? d.n() + " switched windows" : d.n() + " blocks, each the mean of its switched windows of "
                + String.join(", ", d.pooled());
    }

    /** The verdicts, one line each, with the guide's figure where it gives one; and whether the runs were valid. */
    public static void print(Comparison c, PrintStream out) {
        out.println();
        out.printf(Locale.ROOT, "Experiment %s: %s%s%n", c.experiment(), c.valid() ? "every run valid" : "NOT every run valid",
                c.interrupted() ? " (interrupted: partial result)" : "");
        Method m = c.method();
        if (m != null && Method.INTERLEAVED.equals(m.name())) {
            out.printf(Locale.ROOT, "  Method: interleaved, %d blocks, %.0f min; %s%s%n", m.blocks(), m.minutes(), m.stop(),
                    m.audit() == null ? "" : "; audit " + m.audit());
        } else if (m != null && m.because() != null) {
            out.printf(Locale.ROOT, "  Method: %s, because %s%n", m.name(), m.because());
        }
        for (var d : m == null ? List.<Method.Detected>of() : m.detected()) {
            out.printf(Locale.ROOT, "  %s at %s: %.0f µs injected per request, %s µs of server CPU%s per transaction found%s, %s%n",
                    d.variant(), d.stepName(), d.injectedMicros(), d.detectedMicros() == null ? "–"
                            : String.format(Locale.ROOT, "%.1f", d.detectedMicros()),
                    d.collectorApart() ? " (less its JIT compiler's and collector's)" : d.compilerApart() ? " (less its JIT compiler's)" : "",
                    d.ci95() == null ? "" : String.format(Locale.ROOT, " (95 %% CI %.1f–%.1f, ±%.1f; goal ±%.0f)", d.ci95().get(0),
                            d.ci95().get(1), d.halfWidthMicros(), d.goalMicros()),
                    Method.Detected.SWITCHED.equals(d.by()) ? switchedWindows(d)
                            : Method.Detected.PACED.equals(d.by()) ? switchedWindows(d) + ", paced by " + paceName(d.pace())
                            : d.n() + " blocks paired with the control's windows");
            if (d.withinServerMicros() != null && Method.Detected.PACED.equals(d.by())) {
                out.printf(Locale.ROOT, "    not paced (the server's own CPU alone): %.1f µs%s, %d %s%n", d.withinServerMicros(),
                        d.withinServerCi95() == null ? "" : String.format(Locale.ROOT, " (95 %% CI %.1f–%.1f)",
                                d.withinServerCi95().get(0), d.withinServerCi95().get(1)), d.withinServerN(),
                        d.pooled() == null ? "switched windows" : "blocks");
                if (d.paceSpreads() != null) {
                    out.printf(Locale.ROOT, "    each pace's spread of the host's parts (µs; the database's unless another is clearly less): %s%n",
                            d.paceSpreads().entrySet().stream().map(e -> paceName(e.getKey()) + " "
                                    + (e.getValue() == null ? "–" : String.format(Locale.ROOT, "%.1f", e.getValue())))
                                    .collect(java.util.stream.Collectors.joining(", ")));
                }
                if (d.paceMicros() != null) {
                    out.printf(Locale.ROOT, "    the pace's own difference (its response to the spin, which pacing takes for the machine's): "
                                    + "%.1f µs%s%n", d.paceMicros(),
                            d.paceCi95() == null ? "" : String.format(Locale.ROOT, " (95 %% CI %.1f–%.1f)",
                                    d.paceCi95().get(0), d.paceCi95().get(1)));
                }
            } else if (d.withinServerMicros() != null) {
                out.printf(Locale.ROOT, "    within its server alone (no partner): %.1f µs%s, %d blocks%n", d.withinServerMicros(),
                        d.withinServerCi95() == null ? "" : String.format(Locale.ROOT, " (95 %% CI %.1f–%.1f)",
                                d.withinServerCi95().get(0), d.withinServerCi95().get(1)), d.withinServerN());
            }
            if (d.wholeMicros() != null) {
                out.printf(Locale.ROOT, "    with the %s CPU counted: %.1f µs%s%n", d.collectorApart() ? "compiler's and collector's"
                        : "compiler's", d.wholeMicros(), d.wholeCi95() == null ? ""
                        : String.format(Locale.ROOT, " (95 %% CI %.1f–%.1f)", d.wholeCi95().get(0), d.wholeCi95().get(1)));
            }
            if (!d.partsMicros().isEmpty()) {
                out.printf(Locale.ROOT, "    by part, µs: %s%n", String.join(", ", d.partsMicros().entrySet().stream()
                        .map(e -> String.format(Locale.ROOT, "%s %.1f", e.getKey(), e.getValue())).toList()));
            }
        }
        boolean contention = c.variants().stream().flatMap(v -> v.steps().stream()).flatMap(s -> s.figures().entrySet().stream())
                .anyMatch(e -> !e.getKey().equals(ContentionFigures.ROW_LOCK_WAITS) && e.getValue().mean() != 0);
        for (var v : c.variants()) {
            var top = v.steps().isEmpty() ? null : v.steps().get(v.steps().size() - 1);
            if (v.throughput() != null) {
                out.printf(Locale.ROOT, "  %-24s %s %s, p99 %s ms%s%n", v.name(), figure(v.throughput()), c.units().get("throughput"),
                        v.p99Ms() == null ? "–" : figure(v.p99Ms()), cpu(v.cpuMsPerTx()));
                if (top != null) {
                    top.server().forEach((metric, f) -> {
                        if (f != null) {
                            out.printf(Locale.ROOT, "  %-24s   %s: %s%n", "", c.metrics().getOrDefault(metric, metric), figure(f));
                        }
                    });
                }
            }
            if (contention && top != null) {
                var b = new StringBuilder();
                ContentionFigures.NAMES.forEach((key, words) -> {
                    var f = top.figures().get(key);
                    if (f != null) {
                        b.append(b.isEmpty() ? "" : ", ").append(words).append(' ').append(figure(f));
                    }
                });
                out.printf(Locale.ROOT, "  %-24s %s%n", "", b);
            }
        }
        for (var r : c.ratios()) {
            if (r.metric().equals(Metric.THROUGHPUT.key()) || r.metric().equals(Metric.P99.key()) || r.metric().equals(Metric.CPU.key())
                    || r.guide() != null
                    || Metric.of(r.metric()).serverFigure() != null) {
                out.printf(Locale.ROOT, "  %s against %s at %s, %s: %s%s%s%n", r.variant(), c.control(), r.stepName(), r.metric(),
                        r.verdict(), r.halfWidth() == null ? "" : String.format(Locale.ROOT, " [±%.1f %%]", 100 * r.halfWidth()),
                        r.guide() == null ? "" : String.format(Locale.ROOT, "; the guide: %.2f", r.guide()));
            }
        }
        c.notes().forEach(n -> out.println("  Note: " + n));
    }

    private static String figure(Comparison.Figure f) {
        return f.ci95() == null ? short3(f.mean())
                : String.format(Locale.ROOT, "%s (95 %% CI %s–%s)", short3(f.mean()), short3(f.ci95().get(0)), short3(f.ci95().get(1)));
    }

    /** One decimal from 10 up, three significant digits below (0.0123 stays readable). */
    private static String short3(double v) {
        return Math.abs(v) >= 10 || v == 0 ? String.format(Locale.ROOT, "%.1f", v) : String.format(Locale.ROOT, "%.3g", v);
    }

    private static String cpu(Map<String, Double> cpu) {
        if (cpu == null || cpu.values().stream().allMatch(v -> v == null)) {
            return "";
        }
        var b = new StringBuilder(", CPU ms/tx");
        cpu.forEach((role, v) -> b.append(' ').append(role).append(' ').append(v == null ? "?" : String.format(Locale.ROOT, "%.2f", v)));
        return b.toString();
    }

    /** Where a switched variant's pace was read, in words (Method.Detected's pace). */
    private static String paceName(String pace) {
        return Method.Detected.BY_DATABASE.equals(pace) ? "its own database"
                : Method.Detected.BY_NEIGHBOURS.equals(pace) ? "the other servers"
                : Method.Detected.BY_DATABASE_AND_NEIGHBOURS.equals(pace) ? "its own database and the other servers together"
                : String.valueOf(pace);
    }
}

package org.orderapp.lab.history;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One figure over the runs of one kind (the same profile and settings digest: only those compare), in the order they
 * ran, each with its commit, and the runs where the figure changed level.
 */
public record MetricHistory(String metric, String profile, String settings, List<Point> points, List<Integer> changes) {

    public record Point(String time, String commit, double value) {
    }

    /** Every kind of run in the history that recorded the metric, each with its change points. */
    public static List<MetricHistory> of(List<Map<String, String>> rows, String metric, ChangePoints.Settings settings) {
        Map<List<String>, List<Point>> byKind = new LinkedHashMap<>();
        for (Map<String, String> row : rows) {
            String cell = row.getOrDefault(metric, "");
            if (cell == null || cell.isBlank()) {
                continue;
            }
            byKind.computeIfAbsent(List.of(row.getOrDefault("profile", ""), row.getOrDefault("settings", "")),
                    k -> new ArrayList<>()).add(new Point(row.get("time"), row.getOrDefault("commit", ""), Double.parseDouble(cell)));
        }
        var histories = new ArrayList<MetricHistory>();
        byKind.forEach((kind, points) -> {
            double[] values = points.stream().mapToDouble(Point::value).toArray();
            histories.add(new MetricHistory(metric, kind.get(0), kind.get(1), List.copyOf(points),
                    ChangePoints.find(values, settings)));
        });
        return histories;
    }

    /** The figure per run, and at each change the mean of the level before and after it. */
    public String text() {
        var out = new StringBuilder(String.format(Locale.ROOT, "%s: profile %s, settings %s, %d runs, %d change%s%n",
                metric, profile, settings, points.size(), changes.size(), changes.size() == 1 ? "" : "s"));
        out.append(String.format(Locale.ROOT, "  %-24s %-22s %12s%n", "time", "commit", metric));
        for (int i = 0; i < points.size(); i++) {
            Point p = points.get(i);
            out.append(String.format(Locale.ROOT, "  %-24s %-22s %12.2f%s%n", p.time(), p.commit(), p.value(),
                    changes.contains(i) ? "  <- " + change(i) : ""));
        }
        return out.toString();
    }

    /** "change: 100.9 -> 110.7 (+9.7%)": the means of the levels on either side. */
    String change(int at) {
        int index = changes.indexOf(at);
        int from = index == 0 ? 0 : changes.get(index - 1);
        int to = index == changes.size() - 1 ? points.size() : changes.get(index + 1);
        double before = mean(from, at);
        double after = mean(at, to);
        return String.format(Locale.ROOT, "change: %.2f -> %.2f (%+.1f%%)", before, after, 100 * (after - before) / before);
    }

    private double mean(int from, int to) {
        return points.subList(from, to).stream().mapToDouble(Point::value).average().orElse(Double.NaN);
    }
}

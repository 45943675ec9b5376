package org.orderapp.load.experiment;

import java.util.Locale;

/**
 * What an experiment compares, each with its direction and the words of its verdict. The names are the keys of
 * comparison.json and comparison.csv.
 */
public enum Metric {
    THROUGHPUT("throughput", true, "faster", "slower", null),
    P99("p99_ms", false, "higher", "lower", "p99"),
    MEAN("mean_ms", false, "higher", "lower", "mean response time"),
    CPU("cpu_ms_per_tx", false, "higher", "lower", "CPU per transaction");

    private final String key;
    private final boolean higherIsBetter;
    private final String up;
    private final String down;
    private final String subject;

    Metric(String key, boolean higherIsBetter, String up, String down, String subject) {
        this.key = key;
        this.higherIsBetter = higherIsBetter;
        this.up = up;
        this.down = down;
        this.subject = subject;
    }

    public String key() {
        return key;
    }

    public boolean higherIsBetter() {
        return higherIsBetter;
    }

    public static Metric of(String key) {
        for (Metric m : values()) {
            if (m.key.equals(key)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown metric '" + key + "'; known: throughput, p99_ms, mean_ms, cpu_ms_per_tx");
    }

    /**
     * The verdict in words: "faster by 12 % (95 % CI 7–17 %)", "p99 lower by 30 % (95 % CI 12–44 %)", or "no difference
     * this run can detect (CI 0.96–1.05)". Without an interval (one paired round) it says so.
     */
    public String verdict(Interval ratio) {
        if (ratio == null) {
            return "not comparable: a value was zero";
        }
        String prefix = subject == null ? "" : subject + " ";
        if (!ratio.hasInterval()) {
            return String.format(Locale.ROOT, "%sratio %.2f from one paired round: no interval, no verdict", prefix, ratio.estimate());
        }
        return switch (ratio.side(1.0)) {
            case 1 -> String.format(Locale.ROOT, "%s%s by %s %% (95 %% CI %s–%s %%)", prefix, up, percent(ratio.estimate() - 1),
                    percent(ratio.low() - 1), percent(ratio.high() - 1));
            case -1 -> String.format(Locale.ROOT, "%s%s by %s %% (95 %% CI %s–%s %%)", prefix, down, percent(1 - ratio.estimate()),
                    percent(1 - ratio.high()), percent(1 - ratio.low()));
            default -> String.format(Locale.ROOT, "%sno difference this run can detect (CI %.2f–%.2f)", prefix, ratio.low(), ratio.high());
        };
    }

    /** 12 %, 7.5 %, 0.3 %: whole percent from 10 up, one decimal below. */
    static String percent(double share) {
        double p = 100 * share;
        return Math.abs(p) >= 10 ? String.format(Locale.ROOT, "%.0f", p) : String.format(Locale.ROOT, "%.1f", p);
    }
}

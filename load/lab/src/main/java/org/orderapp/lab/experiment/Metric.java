package org.orderapp.lab.experiment;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.orderapp.observation.FirstMinutes;
import org.orderapp.observation.ServerMetrics;
import org.orderapp.observation.ServerWindow;
import org.orderapp.observation.cpu.ServerCpuPart;

/**
 * What an experiment compares, each with its direction and the words of its verdict. The names are the keys of
 * comparison.json and comparison.csv.
 */
public enum Metric {
    THROUGHPUT("throughput", true, "faster", "slower", null, null, "throughput, tx/s"),
    P99("p99_ms", false, "higher", "lower", "p99", null, "p99 response time, ms"),
    MEAN("mean_ms", false, "higher", "lower", "mean response time", null, "mean response time, ms"),
    CPU("cpu_ms_per_tx", false, "higher", "lower", "CPU per transaction", null, "CPU ms per transaction (server + db + driver)"),
    // The server's figures (ServerMetrics), compared only where a definition names them under "metrics".
    GC_PAUSE("gc_pause_ms_per_s", false, "higher", "lower", "GC pause time", ServerMetrics.GC_PAUSE_MS_PER_SECOND,
            "GC pause time, ms per second"),
    GC_PAUSES("gc_pauses_per_s", false, "higher", "lower", "GC pauses per second", ServerMetrics.GC_PAUSES_PER_SECOND,
            "GC pauses per second"),
    ALLOCATION_RATE("alloc_mb_per_s", false, "higher", "lower", "allocation rate", ServerMetrics.ALLOC_MB_PER_SECOND,
            "allocation rate, MB/s"),
    ALLOCATION_PER_TX("alloc_kb_per_tx", false, "higher", "lower", "allocation per transaction", ServerMetrics.ALLOC_KB_PER_TX,
            "allocation per transaction, KB"),
    // The server's CPU per transaction by part (ServerCpuPart): where a difference in its CPU went.
    SERVER_REQUESTS_CPU("server_requests_ms_per_tx", false, "higher", "lower", "request threads' CPU per transaction",
            ServerWindow.serverPartPerTx(ServerCpuPart.REQUESTS.key()), "the server's request (worker) threads' CPU, ms per transaction"),
    SERVER_IO_CPU("server_io_ms_per_tx", false, "higher", "lower", "I/O threads' CPU per transaction",
            ServerWindow.serverPartPerTx(ServerCpuPart.IO.key()), "the server's I/O threads' CPU, ms per transaction"),
    SERVER_GC_CPU("server_gc_ms_per_tx", false, "higher", "lower", "garbage collector's CPU per transaction",
            ServerWindow.serverPartPerTx(ServerCpuPart.GC.key()), "the server's garbage collector threads' CPU, ms per transaction"),
    SERVER_JIT_CPU("server_jit_ms_per_tx", false, "higher", "lower", "JIT compiler's CPU per transaction",
            ServerWindow.serverPartPerTx(ServerCpuPart.JIT.key()), "the server's JIT compiler threads' CPU, ms per transaction"),
    SERVER_REST_CPU("server_rest_ms_per_tx", false, "higher", "lower", "other threads' CPU per transaction",
            ServerWindow.serverPartPerTx(ServerWindow.REST), "the server's CPU in no thread part above, ms per transaction"),
    SERVER_SYSTEM_CPU("server_system_ms_per_tx", false, "higher", "lower", "kernel's CPU per transaction",
            ServerWindow.serverPartPerTx(ServerCpuPart.SYSTEM.key()), "the server's CPU in the kernel (all threads), ms per transaction"),
    DB_BYTES_PER_BROWSE("db_bytes_per_browse", false, "higher", "lower", "database bytes sent per browse",
            ServerMetrics.BYTES_SENT_PER_BROWSE, "bytes the database sent per browse search"),
    DB_QUESTIONS_PER_TX("db_questions_per_tx", false, "higher", "lower", "statements received per transaction",
            ServerMetrics.QUESTIONS_PER_TX, "statements the database received (Questions) per transaction"),
    DB_FETCHES_PER_BROWSE("db_fetches_per_browse", false, "higher", "lower", "cursor fetches per browse",
            ServerMetrics.STMT_FETCH_PER_BROWSE, "cursor fetches (COM_STMT_FETCH) per browse search"),
    DRIVER_PREPARES_PER_TX("driver_prepares_per_tx", false, "higher", "lower", "statements prepared by the driver per transaction",
            ServerMetrics.DRIVER_PREPARES_PER_TX, "statements prepared by the driver per transaction"),
    DB_PREPARES_PER_TX("db_prepares_per_tx", false, "higher", "lower", "server-side prepares per transaction",
            ServerMetrics.SERVER_PREPARES_PER_TX, "statements the database prepared (Com_stmt_prepare) per transaction"),
    POOL_WAITS("ds_waits_per_s", false, "higher", "lower", "connection waits", ServerMetrics.DS_WAITS_PER_SECOND,
            "datasource requests that waited for a connection, per second"),
    POOL_BLOCKING("ds_blocking_ms_per_tx", false, "higher", "lower", "time getting a connection",
            ServerMetrics.DS_BLOCKING_MS_PER_TX, "time spent getting a connection, ms per transaction"),
    HUGE_PAGES("huge_pages_mb", true, "higher", "lower", "memory on huge pages", ServerMetrics.SERVER_HUGE_PAGES_MB,
            "the server's memory on huge pages (transparent or explicit), MB, most in the window"),
    REPLENISH_RATE("replenish_per_s", true, "higher", "lower", "replenishment throughput", ServerMetrics.REPLENISH_PER_SECOND,
            "replenishments applied per second"),
    // Start-up: the run's, not the window's (the method of rounds starts a server per run).
    DEPLOY_TIME("deploy_s", false, "longer", "shorter", "time to deployment done", Metric.DEPLOY_SECONDS,
            "time from the server's start to order.ear deployed, s"),
    WARM_UP_TIME("warm_up_s", false, "longer", "shorter", "warm-up", Metric.WARM_UP_SECONDS,
            "warm-up before the step's first measured window (steady state: until throughput was steady), s"),
    JIT_SHARE("jit_share", false, "higher", "lower", "JIT compiler's share", ServerWindow.SERVER_JIT_SHARE,
            "share of the server's CPU its JIT compiler took in the window"),
    // A fresh server's first minutes under load (FirstMinutes): the run's window must end 15 minutes into the load.
    JIT_SETTLED("jit_settled_s", false, "longer", "shorter", "time until the JIT compiler settled", FirstMinutes.JIT_SETTLED_SECONDS,
            "time from the load's start until the JIT compiler's share of the server's CPU stayed at most 5 % in every 30-s slice to the 15th minute, s"),
    JIT_SHARE_FIRST_15_MIN("jit_share_15m", false, "higher", "lower", "JIT compiler's share over the load's first 15 minutes",
            FirstMinutes.JIT_SHARE_15_MIN, "share of the server's CPU its JIT compiler took over the load's first 15 minutes"),
    SERVER_CPU_FIRST_5_MIN("server_cpu_5m", false, "higher", "lower", "server CPU per transaction over the load's first 5 minutes",
            FirstMinutes.SERVER_CPU_MS_PER_TX_5_MIN, "the server's CPU ms per transaction over the load's first 5 minutes");

    /** The run's time from the server's start to order.ear deployed, among a step's server figures. */
    public static final String DEPLOY_SECONDS = "startup.deploySeconds";
    /** The step's warm-up before its measured window, among its server figures. */
    public static final String WARM_UP_SECONDS = "startup.warmUpSeconds";

    private final String key;
    private final boolean higherIsBetter;
    private final String up;
    private final String down;
    private final String subject;
    private final String serverFigure;
    private final String label;

    Metric(String key, boolean higherIsBetter, String up, String down, String subject, String serverFigure, String label) {
        this.key = key;
        this.higherIsBetter = higherIsBetter;
        this.up = up;
        this.down = down;
        this.subject = subject;
        this.serverFigure = serverFigure;
        this.label = label;
    }

    /** The metrics every comparison has: the client's and the CPU. */
    public static final List<Metric> ALWAYS = List.of(THROUGHPUT, P99, MEAN, CPU);

    /** The name of the server figure (summary.json's steps[].server) this metric reads, or null for the client's. */
    public String serverFigure() {
        return serverFigure;
    }

    /** What it is, with its unit, for tables and pages. */
    public String label() {
        return label;
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
        throw new IllegalArgumentException("unknown metric '" + key + "'; known: "
                + String.join(", ", Arrays.stream(values()).map(Metric::key).toList()));
    }

    /**
     * The verdict in words: "faster by 12 % (95 % CI 7–17 %)", "p99 lower by 30 % (95 % CI 12–44 %)", or "no difference
     * this run can detect (CI 0.96–1.05)". Without an interval (one paired round, or fewer than six paired blocks) it
     * says so.
     */
    public String verdict(Interval ratio) {
        if (ratio == null) {
            return "not comparable: a value was zero";
        }
        String prefix = subject == null ? "" : subject + " ";
        if (!ratio.hasInterval()) {
            return ratio.n() <= 1
                    ? String.format(Locale.ROOT, "%sratio %.2f from one paired round: no interval, no verdict", prefix, ratio.estimate())
                    : String.format(Locale.ROOT, "%sratio %.2f from %d paired blocks or crossover groups: too few for a 95 %% interval (the signed-rank"
                            + " interval needs six), no verdict", prefix, ratio.estimate(), ratio.n());
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

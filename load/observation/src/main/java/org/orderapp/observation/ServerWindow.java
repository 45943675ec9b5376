package org.orderapp.observation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.orderapp.observation.cpu.ServerCpuPart;

/**
 * The server's side of one measurement window: gauges (pool in use, queue depth, busy threads) as mean and
 * maximum over the samples taken in the window, counters (waits, statements, cache hits) as the change between
 * the window's first and last sample, and the derived figures the report shows beside the client's.
 */
public record ServerWindow(Map<String, Double> figures) {

    /** Counters only grow; a gauge is anything else. A node's figure (node.NAME.figure) is what its figure is. */
    static boolean isCounter(String qualified) {
        String name = NodeFigures.figure(qualified);
        return name.startsWith("db.Com_") || name.equals("db.Questions") || name.startsWith("db.Innodb_row_lock")
                || name.endsWith(".invocations") || name.endsWith(".waitTimeMs") || name.equals(ServerMetrics.DS_WAIT_COUNT)
                || name.equals(ServerMetrics.DS_BLOCKING_MS) || name.equals("ds.timedOut") || name.startsWith("cache.")
                || name.equals("http.requests") || name.equals("http.errors") || name.equals("jta.committed")
                || name.equals("jta.aborted") || name.equals("queue.replenish.added") || name.startsWith("app.replenish.")
                || name.startsWith("cpu.") || name.equals(ManagementReader.PROCESS_CPU_MS) || name.startsWith("db.Bytes_")
                || name.startsWith("jvm.gc.") || name.equals(ServerMetrics.ALLOCATED_MB) || name.equals(ServerMetrics.PS_CACHE_HITS)
                || name.equals(ServerMetrics.PS_CACHE_MISSES) || name.startsWith("hibernate.") || (name.startsWith("sessions.")
                && !name.equals(NodeFigures.SESSIONS) && !name.equals("sessions.entries")) || name.startsWith("beans.")
                || name.equals(NodeFigures.CLUSTER_MESSAGES_SENT);
    }

    public static ServerWindow of(List<ServerSample> samples, long transactions) {
        return of(samples, transactions, 0);
    }

    /**
     * @param samples        every sample in the window, the first and last taken exactly at its edges
     * @param transactions   successful client requests in the window (for statements per transaction)
     * @param browseSearches successful browse searches in the window (for the database's bytes per browse)
     */
    public static ServerWindow of(List<ServerSample> samples, long transactions, long browseSearches) {
        Map<String, Double> f = new TreeMap<>();
        if (samples.isEmpty()) {
            return new ServerWindow(f);
        }
        ServerSample first = samples.get(0);
        ServerSample last = samples.get(samples.size() - 1);
        Map<String, double[]> gauges = new LinkedHashMap<>(); // sum, max, n
        for (ServerSample s : samples) {
            s.values().forEach((name, v) -> {
                if (!isCounter(name)) {
                    double[] g = gauges.computeIfAbsent(name, k -> new double[] {0, Double.NEGATIVE_INFINITY, 0});
                    g[0] += v;
                    g[1] = Math.max(g[1], v);
                    g[2]++;
                }
            });
        }
        gauges.forEach((name, g) -> {
            f.put(ServerMetrics.mean(name), g[0] / g[2]);
            f.put(ServerMetrics.max(name), g[1]);
        });
        // A counter's change from the first sample that has it to the last: a partial sample (the MDB's alone) has none.
        Map<String, Double> firstSeen = new LinkedHashMap<>();
        Map<String, Double> lastSeen = new LinkedHashMap<>();
        for (ServerSample s : samples) {
            s.values().forEach((name, v) -> {
                if (isCounter(name)) {
                    firstSeen.putIfAbsent(name, v);
                    lastSeen.put(name, v);
                }
            });
        }
        lastSeen.forEach((name, v) -> f.put(ServerMetrics.delta(name), v - firstSeen.get(name)));
        Double hits = f.get(ServerMetrics.delta("cache.hits"));
        Double misses = f.get(ServerMetrics.delta("cache.misses"));
        if (hits != null && misses != null && hits + misses > 0) {
            f.put(ServerMetrics.CACHE_HIT_RATIO, hits / (hits + misses));
        }
        double statements = 0;
        boolean any = false;
        for (String kind : ServerMetrics.STATEMENT_KINDS) {
            Double d = f.get(ServerMetrics.delta("db.Com_" + kind));
            if (d != null && transactions > 0) {
                f.put(ServerMetrics.statementsPerTx(kind), d / transactions);
                statements += d;
                any = true;
            }
        }
        if (any) {
            f.put(ServerMetrics.STATEMENTS_PER_TX, statements / transactions);
            Double commits = f.get(ServerMetrics.delta(ServerMetrics.DB_COMMITS));
            if (commits != null && commits > 0) {
                f.put(ServerMetrics.STATEMENTS_PER_COMMIT, statements / commits);
            }
        }
        double seconds = last.seconds() - first.seconds();
        cpuPerTransaction(f, transactions, seconds);
        guideFigures(f, transactions, browseSearches, seconds);
        NodeFigures.derive(f, seconds);
        return new ServerWindow(f);
    }

    /**
     * What the guide's settings change, each per transaction or per second of the window: the database's round trips
     * and bytes (fetch size), prepares (statement cache), pool waits (pool size), replenishments (MDB sessions),
     * the collector's pauses and the allocation rate (heap, collector, large pages).
     */
    private static void guideFigures(Map<String, Double> f, long transactions, long browseSearches, double seconds) {
        per(f, ServerMetrics.QUESTIONS_PER_TX, ServerMetrics.delta(ServerMetrics.DB_QUESTIONS), transactions);
        per(f, ServerMetrics.BYTES_SENT_PER_TX, ServerMetrics.delta(ServerMetrics.DB_BYTES_SENT), transactions);
        per(f, ServerMetrics.BYTES_SENT_PER_BROWSE, ServerMetrics.delta(ServerMetrics.DB_BYTES_SENT), browseSearches);
        per(f, ServerMetrics.STMT_FETCH_PER_BROWSE, ServerMetrics.delta(ServerMetrics.DB_STMT_FETCH), browseSearches);
        per(f, ServerMetrics.SERVER_PREPARES_PER_TX, ServerMetrics.delta(ServerMetrics.DB_STMT_PREPARE), transactions);
        per(f, ServerMetrics.DS_BLOCKING_MS_PER_TX, ServerMetrics.delta(ServerMetrics.DS_BLOCKING_MS), transactions);
        per(f, ServerMetrics.HIBERNATE_PREPARES_PER_TX, ServerMetrics.delta(ServerMetrics.HIBERNATE_PREPARES), transactions);
        Double prepares = f.get(ServerMetrics.delta(ServerMetrics.HIBERNATE_PREPARES));
        Double hits = f.get(ServerMetrics.delta(ServerMetrics.PS_CACHE_HITS));
        Double misses = f.get(ServerMetrics.delta(ServerMetrics.PS_CACHE_MISSES));
        if (prepares != null && transactions > 0) {
            // A disabled cache counts nothing: then every prepare reaches the driver.
            f.put(ServerMetrics.DRIVER_PREPARES_PER_TX, Math.max(0, prepares - (hits == null ? 0 : hits)) / transactions);
        } else if (hits != null && misses != null && hits + misses > 0 && transactions > 0) {
            // Without Hibernate's count, an enabled cache still sees every prepare: its misses reached the driver.
            f.put(ServerMetrics.DRIVER_PREPARES_PER_TX, misses / transactions);
        }
        if (hits != null && misses != null && transactions > 0) {
            f.put(ServerMetrics.CACHE_PREPARES_PER_TX, (hits + misses) / transactions);
        }
        if (hits != null && misses != null && hits + misses > 0) {
            f.put(ServerMetrics.PS_CACHE_HIT_RATIO, hits / (hits + misses));
        }
        Double thp = f.get(ServerMetrics.max(ServerMetrics.SERVER_THP_MB));
        Double hugetlb = f.get(ServerMetrics.max(ServerMetrics.SERVER_HUGETLB_MB));
        if (thp != null || hugetlb != null) {
            f.put(ServerMetrics.SERVER_HUGE_PAGES_MB, (thp == null ? 0 : thp) + (hugetlb == null ? 0 : hugetlb));
        }
        if (seconds <= 0) {
            return;
        }
        per(f, ServerMetrics.DS_WAITS_PER_SECOND, ServerMetrics.delta(ServerMetrics.DS_WAIT_COUNT), seconds);
        per(f, ServerMetrics.REPLENISH_PER_SECOND, ServerMetrics.delta(ServerMetrics.REPLENISHMENTS_APPLIED), seconds);
        per(f, ServerMetrics.GC_PAUSE_MS_PER_SECOND, ServerMetrics.delta(ServerMetrics.GC_PAUSE_MS), seconds);
        per(f, ServerMetrics.GC_PAUSES_PER_SECOND, ServerMetrics.delta(ServerMetrics.GC_PAUSES), seconds);
        per(f, ServerMetrics.GC_CONCURRENT_MS_PER_SECOND, ServerMetrics.delta(ServerMetrics.GC_CONCURRENT_MS), seconds);
        per(f, ServerMetrics.ALLOC_MB_PER_SECOND, ServerMetrics.delta(ServerMetrics.ALLOCATED_MB), seconds);
        Double pauses = f.get(ServerMetrics.delta(ServerMetrics.GC_PAUSES));
        if (pauses != null && pauses > 0) {
            per(f, ServerMetrics.GC_MEAN_PAUSE_MS, ServerMetrics.delta(ServerMetrics.GC_PAUSE_MS), pauses);
        }
        Double allocated = f.get(ServerMetrics.delta(ServerMetrics.ALLOCATED_MB));
        if (allocated != null && transactions > 0) {
            f.put(ServerMetrics.ALLOC_KB_PER_TX, allocated * 1024 / transactions);
        }
    }

    /** f[name] = f[numerator] / denominator, when both are there. */
    private static void per(Map<String, Double> f, String name, String numerator, double denominator) {
        Double n = f.get(numerator);
        if (n != null && denominator > 0) {
            f.put(name, n / denominator);
        }
    }

    /** The share of the server JVM's CPU that its JIT compiler took in the window: how far from warm the server was. */
    public static final String SERVER_JIT_SHARE = "cpu.serverJitShare";

    /** CPU per transaction, by role. */
    public static final String CPU_PER_TX = "cpu.msPerTx.";
    /** The share of the machine's capacity (all cores) that was busy in the window. */
    public static final String MACHINE_BUSY = "cpu.machineBusyShare";
    public static final List<String> CPU_ROLES = List.of("server", "db", "driver", "other");
    /** The server's CPU that no thread part claims (among {@link #SERVER_PARTS}). */
    public static final String REST = "rest";
    /**
     * The server's CPU per transaction by part ({@link ServerCpuPart}: requests, io, gc, jit, and "rest", the server's CPU
     * no thread part claims; "system", the kernel's time, cuts across them), under "cpu.msPerTx.server.PART".
     */
    public static final List<String> SERVER_PARTS = Stream.concat(ServerCpuPart.THREADS.stream().map(ServerCpuPart::key),
            Stream.of(REST, ServerCpuPart.SYSTEM.key())).toList();

    /** The name of the server's CPU per transaction in one of its {@link #SERVER_PARTS}. */
    public static String serverPartPerTx(String part) {
        return CPU_PER_TX + "server." + part;
    }

    /**
     * CPU milliseconds per successful transaction by role, and "other": what the machine spent on everything else
     * (its busy time less the roles measured on it), so that a round disturbed by other work shows.
     */
    private static void cpuPerTransaction(Map<String, Double> f, long transactions, double seconds) {
        Double machine = f.get(ServerMetrics.delta(CpuMeter.MACHINE));
        Double server = f.get(ServerMetrics.delta(CpuMeter.SERVER));
        Double remoteServer = f.get(ServerMetrics.delta(CpuMeter.SERVER_REMOTE));
        Double db = f.get(ServerMetrics.delta(CpuMeter.DB));
        Double driver = f.get(ServerMetrics.delta(CpuMeter.DRIVER));
        Double jit = f.get(ServerMetrics.delta(CpuMeter.SERVER_JIT));
        if (jit != null && server != null && server > 0) {
            f.put(SERVER_JIT_SHARE, jit / server);
        }
        if (machine != null && seconds > 0) {
            f.put(MACHINE_BUSY, machine / (seconds * 1000 * Runtime.getRuntime().availableProcessors()));
        }
        if (transactions <= 0) {
            return;
        }
        perTx(f, "server", server != null ? server : remoteServer, transactions);
        if (server != null) {
            serverPartsPerTransaction(f, server, transactions);
        }
        perTx(f, "db", db, transactions);
        perTx(f, "driver", driver, transactions);
        if (machine != null && f.get(ServerMetrics.max(CpuMeter.PROCESS_GONE)) == null) { // else the lost process's CPU counts as other
            double local = (server != null ? server : 0) + (db != null ? db : 0) + (driver != null ? driver : 0);
            perTx(f, "other", Math.max(0, machine - local), transactions);
        }
    }

    private static void serverPartsPerTransaction(Map<String, Double> f, double server, long transactions) {
        double claimed = 0;
        boolean everyThreadPart = true;
        for (ServerCpuPart part : ServerCpuPart.values()) {
            Double ms = f.get(ServerMetrics.delta(part.counter()));
            if (ms == null) {
                everyThreadPart &= !ServerCpuPart.THREADS.contains(part);
                continue;
            }
            f.put(serverPartPerTx(part.key()), ms / transactions);
            claimed += ServerCpuPart.THREADS.contains(part) ? ms : 0;
        }
        if (everyThreadPart) {
            f.put(serverPartPerTx(REST), Math.max(0, server - claimed) / transactions);
        }
    }

    /** The server's CPU milliseconds per transaction by part ({@link #SERVER_PARTS}); null where unknown. */
    public Map<String, Double> serverCpuPerTransaction() {
        Map<String, Double> parts = new LinkedHashMap<>();
        for (String part : SERVER_PARTS) {
            parts.put(part, figures.get(serverPartPerTx(part)));
        }
        return parts;
    }

    private static void perTx(Map<String, Double> f, String role, Double millis, long transactions) {
        if (millis != null) {
            f.put(CPU_PER_TX + role, millis / transactions);
        }
    }

    /** CPU milliseconds per successful transaction by role (server, db, driver, other); null where unknown. */
    public Map<String, Double> cpuPerTransaction() {
        Map<String, Double> cpu = new LinkedHashMap<>();
        for (String role : CPU_ROLES) {
            cpu.put(role, figures.get(CPU_PER_TX + role));
        }
        return cpu;
    }

    public Double get(String name) {
        return figures.get(name);
    }

    /** The server JVM's CPU milliseconds in the window (null where unknown). */
    public Double serverCpuMillis() {
        return figures.get(ServerMetrics.delta(CpuMeter.SERVER));
    }

    /** Of the server JVM's CPU milliseconds in the window, its JIT compiler threads' (null where unknown). */
    public Double compilerCpuMillis() {
        return figures.get(ServerMetrics.delta(CpuMeter.SERVER_JIT));
    }

    /**
     * The same window for one of several loads that one driver process ran at once: the driver's CPU per transaction
     * becomes this load's {@code share} of it (its share of the transactions), and the rest counts as other.
     */
    public ServerWindow sharingTheDriver(double share) {
        if (!(share > 0 && share <= 1)) {
            throw new IllegalArgumentException("a share of the driver is above 0 and at most 1, not " + share);
        }
        Double driver = figures.get(CPU_PER_TX + "driver");
        if (driver == null) {
            return this;
        }
        Map<String, Double> f = new LinkedHashMap<>(figures);
        f.put(CPU_PER_TX + "driver", driver * share);
        Double other = figures.get(CPU_PER_TX + "other");
        if (other != null) {
            f.put(CPU_PER_TX + "other", other + driver * (1 - share));
        }
        return new ServerWindow(f);
    }
}

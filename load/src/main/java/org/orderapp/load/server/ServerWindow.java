package org.orderapp.load.server;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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
                || name.startsWith("cpu.") || name.equals(ManagementReader.PROCESS_CPU_MS) || (name.startsWith("sessions.")
                && !name.equals(NodeFigures.SESSIONS) && !name.equals("sessions.entries")) || name.startsWith("beans.")
                || name.equals(NodeFigures.CLUSTER_MESSAGES_SENT);
    }

    /**
     * @param samples every sample in the window, the first and last taken exactly at its edges
     * @param transactions successful client requests in the window (for statements per transaction)
     */
    public static ServerWindow of(List<ServerSample> samples, long transactions) {
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
        last.values().forEach((name, v) -> {
            if (isCounter(name) && first.get(name) != null) {
                f.put(ServerMetrics.delta(name), v - first.get(name));
            }
        });
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
        cpuPerTransaction(f, transactions, last.seconds() - first.seconds());
        NodeFigures.derive(f, last.seconds() - first.seconds());
        return new ServerWindow(f);
    }

    /** CPU per transaction, by role. */
    public static final String CPU_PER_TX = "cpu.msPerTx.";
    /** The share of the machine's capacity (all cores) that was busy in the window. */
    public static final String MACHINE_BUSY = "cpu.machineBusyShare";
    public static final List<String> CPU_ROLES = List.of("server", "db", "driver", "other");

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
        if (machine != null && seconds > 0) {
            f.put(MACHINE_BUSY, machine / (seconds * 1000 * Runtime.getRuntime().availableProcessors()));
        }
        if (transactions <= 0) {
            return;
        }
        perTx(f, "server", server != null ? server : remoteServer, transactions);
        perTx(f, "db", db, transactions);
        perTx(f, "driver", driver, transactions);
        if (machine != null && f.get(ServerMetrics.max(CpuMeter.PROCESS_GONE)) == null) { // else the lost process's CPU counts as other
            double local = (server != null ? server : 0) + (db != null ? db : 0) + (driver != null ? driver : 0);
            perTx(f, "other", Math.max(0, machine - local), transactions);
        }
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
}

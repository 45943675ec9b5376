package org.orderapp.load.server;

import java.util.List;

/**
 * The names of the server figures that more than one place uses: the samplers write them (ManagementReader,
 * ApplicationMonitor, DatabaseCounters, ServerWindow), the report reads them from summary.json's "metrics" (the
 * series it draws over time, the server table, the headline), so that a name is written once.
 */
public final class ServerMetrics {

    public static final String DS_IN_USE = "ds.inUse";
    public static final String DS_MAX_USED = "ds.maxUsed";
    public static final String DS_WAIT_COUNT = "ds.waitCount";
    public static final String DS_BLOCKING_MS = "ds.totalBlockingTimeMs";
    public static final String HTTP_BUSY_THREADS = "http.busyThreads";
    public static final String QUEUE_DEPTH = "queue.replenish.depth";
    public static final String DLQ_DEPTH = "queue.dlq.depth";
    public static final String MDB_IN_FLIGHT = "app.mdb.inFlight";
    public static final String REPLENISHMENTS_APPLIED = "app.replenish.applied";
    public static final String CACHE_HIT_RATIO = "cache.hitRatio";
    public static final String STATEMENTS_PER_TX = "db.statementsPerTx";
    public static final String STATEMENTS_PER_COMMIT = "db.statementsPerCommit";
    public static final String DB_COMMITS = "db.Com_commit";
    public static final String DB_ROW_LOCK_WAITS = "db.Innodb_row_lock_waits";
    public static final String DB_THREADS_RUNNING = "db.Threads_running";
    /** SELECT, INSERT, UPDATE and DELETE statements, each per transaction: db.selectsPerTx, ... */
    public static final List<String> STATEMENT_KINDS = List.of("select", "insert", "update", "delete");

    /** The EJB pools the report shows, besides the MDB's. */
    public static final List<String> POOLED_BEANS = List.of("OrderService", "OrderTransaction", "CustomerService",
            "OrderInquiry", "ReplenishRequests", "Replenisher");
    public static final String REPLENISH_MDB = "ReplenishBean";

    /** Drawn over time in the report. */
    public static final List<String> SERIES = List.of(DS_IN_USE, MDB_IN_FLIGHT, QUEUE_DEPTH, DLQ_DEPTH, HTTP_BUSY_THREADS,
            ejbPool("OrderTransaction", "poolInUse"), ejbPool("OrderService", "poolInUse"), mdbPool(REPLENISH_MDB, "poolInUse"),
            DB_THREADS_RUNNING);

    private ServerMetrics() {
    }

    /** A figure of a stateless bean's pool: ejb.NAME.FIGURE. */
    public static String ejbPool(String bean, String figure) {
        return "ejb." + bean + "." + figure;
    }

    /** A figure of a message-driven bean's pool: mdb.NAME.FIGURE. */
    public static String mdbPool(String bean, String figure) {
        return "mdb." + bean + "." + figure;
    }

    /** Statements of one kind per transaction: db.selectsPerTx. */
    public static String statementsPerTx(String kind) {
        return "db." + kind + "sPerTx";
    }

    /** A gauge's mean or maximum over a window, a counter's change in it (see ServerWindow). */
    public static String mean(String gauge) {
        return gauge + ".mean";
    }

    public static String max(String gauge) {
        return gauge + ".max";
    }

    public static String delta(String counter) {
        return counter + ".delta";
    }
}

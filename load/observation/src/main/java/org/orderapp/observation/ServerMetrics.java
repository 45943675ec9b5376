package org.orderapp.observation;

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
    /** The replenish MDB's maxSession as the application reads it (order.replenish.sessions). */
    public static final String MDB_SESSIONS = "app.mdb.sessions";
    public static final String CACHE_HIT_RATIO = "cache.hitRatio";
    public static final String STATEMENTS_PER_TX = "db.statementsPerTx";
    public static final String STATEMENTS_PER_COMMIT = "db.statementsPerCommit";
    public static final String DB_COMMITS = "db.Com_commit";
    public static final String DB_ROW_LOCK_WAITS = "db.Innodb_row_lock_waits";
    public static final String DB_THREADS_RUNNING = "db.Threads_running";
    public static final String DB_QUESTIONS = "db.Questions";
    public static final String DB_BYTES_SENT = "db.Bytes_sent";
    public static final String DB_STMT_FETCH = "db.Com_stmt_fetch";
    public static final String DB_STMT_PREPARE = "db.Com_stmt_prepare";

    // Derived per window (ServerWindow): what a setting of the guide changes, per transaction or per second.
    /** Statements the database received (Questions) per transaction: its round trips, less cursor fetches. */
    public static final String QUESTIONS_PER_TX = "db.questionsPerTx";
    public static final String BYTES_SENT_PER_TX = "db.bytesSentPerTx";
    /** Everything the database sent in the window, per browse search (a browse-heavy mix makes it the search's). */
    public static final String BYTES_SENT_PER_BROWSE = "db.bytesSentPerBrowse";
    /** Cursor fetches (COM_STMT_FETCH): one round trip per fetch-size rows, only with cursor fetching on. */
    public static final String STMT_FETCH_PER_BROWSE = "db.stmtFetchPerBrowse";
    public static final String SERVER_PREPARES_PER_TX = "db.serverPreparesPerTx";
    public static final String DS_WAITS_PER_SECOND = "ds.waitsPerSecond";
    public static final String DS_BLOCKING_MS_PER_TX = "ds.blockingMsPerTx";
    public static final String DS_MAX_WAIT_MS = "ds.maxWaitTimeMs";
    public static final String REPLENISH_PER_SECOND = "app.replenish.perSecond";

    // The datasource's prepared-statement cache and Hibernate's statistics of the services unit.
    public static final String PS_CACHE_HITS = "jdbc.psCacheHits";
    public static final String PS_CACHE_MISSES = "jdbc.psCacheMisses";
    public static final String PS_CACHE_SIZE = "jdbc.psCacheSize";
    /** Statements Hibernate prepared (its prepareStatement calls), when the unit's statistics are on. */
    public static final String HIBERNATE_PREPARES = "hibernate.prepareStatementCount";
    public static final String HIBERNATE_PREPARES_PER_TX = "hibernate.preparesPerTx";
    /** Prepares that reached the driver: Hibernate's prepareStatement calls the pool's cache did not answer. */
    public static final String DRIVER_PREPARES_PER_TX = "jdbc.driverPreparesPerTx";
    public static final String PS_CACHE_HIT_RATIO = "jdbc.psCacheHitRatio";
    /** The prepares the datasource's statement cache saw (hits and misses) per transaction; zero with the cache off. */
    public static final String CACHE_PREPARES_PER_TX = "jdbc.cachePreparesPerTx";

    // The server JVM: collectors, heap, allocation (ManagementReader, AllocationCounter).
    public static final String GC_PAUSE_MS = "jvm.gc.pauseMs";
    public static final String GC_PAUSES = "jvm.gc.pauses";
    public static final String GC_CONCURRENT_MS = "jvm.gc.concurrentMs";
    public static final String ALLOCATED_MB = "jvm.allocatedMb";
    public static final String HEAP_USED_MB = "jvm.heapUsedMb";
    public static final String HEAP_COMMITTED_MB = "jvm.heapCommittedMb";
    /** The server process's memory as the OS maps it (ProcessMemory): resident, on transparent and on explicit huge pages. */
    public static final String SERVER_RSS_MB = "os.serverRssMb";
    public static final String SERVER_THP_MB = "os.serverAnonHugePagesMb";
    public static final String SERVER_HUGETLB_MB = "os.serverHugetlbMb";
    /** The most of the server's memory on huge pages of either kind in the window. */
    public static final String SERVER_HUGE_PAGES_MB = "os.serverHugePagesMb";
    public static final String GC_PAUSE_MS_PER_SECOND = "jvm.gc.pauseMsPerSecond";
    public static final String GC_PAUSES_PER_SECOND = "jvm.gc.pausesPerSecond";
    public static final String GC_MEAN_PAUSE_MS = "jvm.gc.meanPauseMs";
    public static final String GC_CONCURRENT_MS_PER_SECOND = "jvm.gc.concurrentMsPerSecond";
    public static final String ALLOC_MB_PER_SECOND = "jvm.allocMbPerSecond";
    public static final String ALLOC_KB_PER_TX = "jvm.allocKbPerTx";

    /** SELECT, INSERT, UPDATE and DELETE statements, each per transaction: db.selectsPerTx, ... */
    public static final List<String> STATEMENT_KINDS = List.of("select", "insert", "update", "delete");

    /** The EJB pools the report shows, besides the MDB's; the Jdbc ones serve instead with order.services.mode=jdbc. */
    public static final List<String> POOLED_BEANS = List.of("OrderService", "OrderTransaction", "JdbcOrderTransaction",
            "CustomerService", "OrderInquiry", "JdbcOrderInquiry", "ReplenishRequests", "Replenisher");
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

package org.orderapp.driver.report;

import static org.orderapp.observation.ServerMetrics.delta;
import static org.orderapp.observation.ServerMetrics.max;
import static org.orderapp.observation.ServerMetrics.mean;

import java.util.ArrayList;
import java.util.List;
import org.orderapp.observation.FirstMinutes;
import org.orderapp.observation.NodeFigures;
import org.orderapp.observation.ServerMetrics;
import org.orderapp.observation.ServerWindow;

/**
 * The server figures the report shows, by name, embedded in summary.json ("metrics") for the report's script: the
 * series drawn over time, the CPU roles, the headline's figures and the rows of the server table.
 *
 * @param headline  the step's statements per transaction, cache hit ratio and most connections in use
 * @param nodeTable the rows of a cluster's table per node: figure names without their node (the script reads
 *                  node.NAME.figure for each node it finds)
 */
public record ReportMetrics(List<String> series, List<String> cpuRoles, Headline headline, List<Row> serverTable, Mdb mdb,
                     List<Row> nodeTable) {

    /**
     * The replenish MDB's samples: instances at work (the application's count) and the pool's instances in use, drawn
     * over time and counted per value in each window; its sessions and pool size (a step's maximum), and the queue.
     */
    record Mdb(String inFlight, String poolInUse, String queueDepth, String sessions, String poolSize) {
    }

    record Headline(String statementsPerTx, String cacheHitRatio, String connectionsInUseMax) {
    }

    /** A row of the server table: its label and the figures it shows, joined by " / ". */
    record Row(String label, List<Figure> figures) {
    }

    /** A figure and how to show it: "0", "1" or "2" decimals, or "%" for a share. */
    record Figure(String name, String format) {
    }

    static final ReportMetrics NAMES = new ReportMetrics(ServerMetrics.SERIES, ServerWindow.CPU_ROLES,
            new Headline(ServerMetrics.STATEMENTS_PER_TX, ServerMetrics.CACHE_HIT_RATIO, max(ServerMetrics.DS_IN_USE)),
            table(), new Mdb(ServerMetrics.MDB_IN_FLIGHT, ServerMetrics.mdbPool(ServerMetrics.REPLENISH_MDB, "poolInUse"),
            ServerMetrics.QUEUE_DEPTH, max(ServerMetrics.MDB_SESSIONS), max(ServerMetrics.mdbPool(ServerMetrics.REPLENISH_MDB, "poolMax"))), perNodeTable());

    private static List<Row> perNodeTable() {
        var rows = new ArrayList<Row>();
        rows.add(row("Requests served per second", NodeFigures.REQUESTS_PER_SECOND, "1"));
        rows.add(row("CPU ms per request (the node's JVM)", NodeFigures.CPU_MS_PER_REQUEST, "2"));
        rows.add(meanMax("Datasource connections in use, mean / max", ServerMetrics.DS_IN_USE));
        rows.add(meanMax("HTTP worker threads busy, mean / max", ServerMetrics.HTTP_BUSY_THREADS));
        rows.add(pool("EJB pool in use: OrderTransaction", ServerMetrics.ejbPool("OrderTransaction", "poolInUse"),
                ServerMetrics.ejbPool("OrderTransaction", "poolMax")));
        rows.add(row("Replenish MDB instances at work, max", max(ServerMetrics.MDB_IN_FLIGHT), "0"));
        rows.add(row("Replenishments applied", delta(ServerMetrics.REPLENISHMENTS_APPLIED), "0"));
        rows.add(row("Second-level cache hit ratio", ServerMetrics.CACHE_HIT_RATIO, "%"));
        rows.add(row("Second-level cache invalidations sent", delta(NodeFigures.INVALIDATIONS), "0"));
        rows.add(meanMax("HTTP sessions active, mean / max", NodeFigures.SESSIONS));
        rows.add(new Row("Session writes / replications to the other owner", List.of(
                new Figure(delta(NodeFigures.SESSION_WRITES), "0"), new Figure(delta("sessions.replications"), "0"))));
        rows.add(new Row("Stateful Browser writes / replications", List.of(
                new Figure(delta("beans.writes"), "0"), new Figure(delta("beans.replications"), "0"))));
        rows.add(row("Group messages sent (JGroups)", delta(NodeFigures.CLUSTER_MESSAGES_SENT), "0"));
        rows.add(new Row("Members in the node's view, mean / max", List.of(
                new Figure(mean(NodeFigures.CLUSTER_VIEW_SIZE), "2"), new Figure(max(NodeFigures.CLUSTER_VIEW_SIZE), "0"))));
        return List.copyOf(rows);
    }

    private static List<Row> table() {
        var rows = new ArrayList<Row>();
        rows.add(meanMax("Datasource connections in use, mean / max", ServerMetrics.DS_IN_USE));
        rows.add(row("Datasource max used (since start)", max(ServerMetrics.DS_MAX_USED), "0"));
        rows.add(row("Datasource requests that waited", delta(ServerMetrics.DS_WAIT_COUNT), "0"));
        rows.add(row("Datasource blocking time, ms", delta(ServerMetrics.DS_BLOCKING_MS), "0"));
        rows.add(new Row("Datasource waits per second / ms getting a connection per transaction / longest wait since start, ms",
                List.of(new Figure(ServerMetrics.DS_WAITS_PER_SECOND, "2"), new Figure(ServerMetrics.DS_BLOCKING_MS_PER_TX, "2"),
                        new Figure(max(ServerMetrics.DS_MAX_WAIT_MS), "0"))));
        rows.add(new Row("Prepared statements per transaction: Hibernate's / seen by the pool's cache / reaching the driver",
                List.of(new Figure(ServerMetrics.HIBERNATE_PREPARES_PER_TX, "2"), new Figure(ServerMetrics.CACHE_PREPARES_PER_TX, "2"),
                        new Figure(ServerMetrics.DRIVER_PREPARES_PER_TX, "2"))));
        rows.add(new Row("Prepared-statement cache: hit ratio / statements cached (all connections), max",
                List.of(new Figure(ServerMetrics.PS_CACHE_HIT_RATIO, "%"), new Figure(max(ServerMetrics.PS_CACHE_SIZE), "0"))));
        rows.add(meanMax("HTTP worker threads busy, mean / max", ServerMetrics.HTTP_BUSY_THREADS));
        for (String bean : ServerMetrics.POOLED_BEANS) {
            rows.add(pool("EJB pool in use: " + bean, ServerMetrics.ejbPool(bean, "poolInUse"), ServerMetrics.ejbPool(bean, "poolMax")));
        }
        rows.add(pool("MDB pool in use: " + ServerMetrics.REPLENISH_MDB, ServerMetrics.mdbPool(ServerMetrics.REPLENISH_MDB, "poolInUse"),
                ServerMetrics.mdbPool(ServerMetrics.REPLENISH_MDB, "poolMax")));
        rows.add(row("Replenish MDB instances at work (application), max", max(ServerMetrics.MDB_IN_FLIGHT), "0"));
        rows.add(meanMax("Replenish queue depth, mean / max", ServerMetrics.QUEUE_DEPTH));
        rows.add(new Row("Replenishments applied / per second", List.of(new Figure(delta(ServerMetrics.REPLENISHMENTS_APPLIED), "0"),
                new Figure(ServerMetrics.REPLENISH_PER_SECOND, "1"))));
        rows.add(row("Replenish dead-letter queue depth, max", max(ServerMetrics.DLQ_DEPTH), "0"));
        rows.add(row("Second-level cache hit ratio", ServerMetrics.CACHE_HIT_RATIO, "%"));
        rows.add(row("DB statements per transaction", ServerMetrics.STATEMENTS_PER_TX, "2"));
        rows.add(new Row("\u00a0 SELECT / INSERT / UPDATE / DELETE per transaction", ServerMetrics.STATEMENT_KINDS.stream()
                .map(k -> new Figure(ServerMetrics.statementsPerTx(k), "2")).toList()));
        rows.add(row("DB statements per DB commit", ServerMetrics.STATEMENTS_PER_COMMIT, "2"));
        rows.add(row("DB commits", delta(ServerMetrics.DB_COMMITS), "0"));
        rows.add(row("InnoDB row lock waits", delta(ServerMetrics.DB_ROW_LOCK_WAITS), "0"));
        rows.add(row("DB threads running, max", max(ServerMetrics.DB_THREADS_RUNNING), "0"));
        rows.add(new Row("DB statements received (Questions) / server-side prepares, per transaction",
                List.of(new Figure(ServerMetrics.QUESTIONS_PER_TX, "2"), new Figure(ServerMetrics.SERVER_PREPARES_PER_TX, "2"))));
        rows.add(row("DB bytes sent per transaction", ServerMetrics.BYTES_SENT_PER_TX, "0"));
        rows.add(new Row("DB bytes sent / cursor fetches (COM_STMT_FETCH), per browse search",
                List.of(new Figure(ServerMetrics.BYTES_SENT_PER_BROWSE, "0"), new Figure(ServerMetrics.STMT_FETCH_PER_BROWSE, "2"))));
        rows.add(row("Server CPU taken by the JIT compiler (how far from warm the server was)", ServerWindow.SERVER_JIT_SHARE, "%"));
        rows.add(new Row("A fresh server's first minutes under load: JIT compiler's share over 15 min / server CPU ms per transaction"
                + " over 5 min", List.of(new Figure(FirstMinutes.JIT_SHARE_15_MIN, "%"), new Figure(FirstMinutes.SERVER_CPU_MS_PER_TX_5_MIN, "2"))));
        rows.add(new Row("JVM GC pauses per second / pause ms per second / mean pause, ms",
                List.of(new Figure(ServerMetrics.GC_PAUSES_PER_SECOND, "2"), new Figure(ServerMetrics.GC_PAUSE_MS_PER_SECOND, "2"),
                        new Figure(ServerMetrics.GC_MEAN_PAUSE_MS, "2"))));
        rows.add(row("JVM concurrent GC time, ms per second (ZGC, Shenandoah, G1's marking)", ServerMetrics.GC_CONCURRENT_MS_PER_SECOND, "1"));
        rows.add(new Row("JVM allocation, MB/s / KB per transaction", List.of(new Figure(ServerMetrics.ALLOC_MB_PER_SECOND, "1"),
                new Figure(ServerMetrics.ALLOC_KB_PER_TX, "1"))));
        rows.add(meanMax("JVM heap used, MB, mean / max", ServerMetrics.HEAP_USED_MB));
        rows.add(new Row("Server process resident / on transparent huge pages / on explicit huge pages (hugetlbfs), MB, max",
                List.of(new Figure(max(ServerMetrics.SERVER_RSS_MB), "0"), new Figure(max(ServerMetrics.SERVER_THP_MB), "0"),
                        new Figure(max(ServerMetrics.SERVER_HUGETLB_MB), "0"))));
        return List.copyOf(rows);
    }

    private static Row row(String label, String name, String format) {
        return new Row(label, List.of(new Figure(name, format)));
    }

    private static Row meanMax(String label, String gauge) {
        return new Row(label, List.of(new Figure(mean(gauge), "1"), new Figure(max(gauge), "0")));
    }

    private static Row pool(String label, String inUse, String size) {
        return new Row(label + ", mean / max / pool size", List.of(new Figure(mean(inUse), "1"), new Figure(max(inUse), "0"),
                new Figure(max(size), "0")));
    }
}

package org.orderapp.observation;

import static org.orderapp.observation.RuntimeReads.put;

import java.util.LinkedHashMap;
import java.util.Map;
import org.jboss.dmr.ModelNode;

/**
 * The figures of a server's sample, each taken from the management model's answer for one resource: OrderDS's pool
 * and statement cache, Hibernate's statistics, the EJB pools, the replenish queue, the second-level cache, the HTTP
 * listener and its IO worker, the transactions, the JVM's collectors and heap. A figure the answer lacks is left out.
 */
final class SampleFigures {

    static final double MB = 1024.0 * 1024.0;

    private SampleFigures() {
    }

    /** OrderDS's connection pool. */
    static void pool(Map<String, Double> values, ModelNode pool) {
        put(values, "ds.active", pool, "ActiveCount");
        put(values, "ds.available", pool, "AvailableCount");
        put(values, ServerMetrics.DS_IN_USE, pool, "InUseCount");
        put(values, ServerMetrics.DS_MAX_USED, pool, "MaxUsedCount");
        put(values, ServerMetrics.DS_WAIT_COUNT, pool, "WaitCount");
        put(values, "ds.maxWaitCount", pool, "MaxWaitCount");
        put(values, ServerMetrics.DS_BLOCKING_MS, pool, "TotalBlockingTime");
        put(values, "ds.timedOut", pool, "TimedOut");
        put(values, ServerMetrics.DS_MAX_WAIT_MS, pool, "MaxWaitTime");
    }

    /** OrderDS's prepared-statement cache. */
    static void statementCache(Map<String, Double> values, ModelNode jdbc) {
        put(values, ServerMetrics.PS_CACHE_HITS, jdbc, "PreparedStatementCacheHitCount");
        put(values, ServerMetrics.PS_CACHE_MISSES, jdbc, "PreparedStatementCacheMissCount");
        put(values, ServerMetrics.PS_CACHE_SIZE, jdbc, "PreparedStatementCacheCurrentSize");
    }

    /** Hibernate's statistics of the OLTP unit, when it keeps them (order.services.statistics=true). */
    static void hibernate(Map<String, Double> values, ModelNode jpa) {
        if (!jpa.hasDefined("hibernate-persistence-unit")) {
            return;
        }
        jpa.get("hibernate-persistence-unit").asPropertyList().stream()
                .filter(unit -> unit.getName().endsWith("#services"))
                .filter(unit -> unit.getValue().get("statistics-enabled").asBoolean(false))
                .forEach(unit -> put(values, ServerMetrics.HIBERNATE_PREPARES, unit.getValue(), "prepared-statement-count"));
    }

    /** The pools of the stateless beans and the MDBs, and the stateful beans' caches. */
    static void ejbPools(Map<String, Double> values, ModelNode ejb) {
        for (String kind : new String[] {"stateless-session-bean", "message-driven-bean"}) {
            if (!ejb.hasDefined(kind)) {
                continue;
            }
            for (var bean : ejb.get(kind).asPropertyList()) {
                String prefix = (kind.startsWith("message") ? ServerMetrics.mdbPool(bean.getName(), "")
                        : ServerMetrics.ejbPool(bean.getName(), ""));
                ModelNode b = bean.getValue();
                put(values, prefix + "poolMax", b, "pool-max-size");
                put(values, prefix + "poolAvailable", b, "pool-available-count");
                put(values, prefix + "poolCurrent", b, "pool-current-size");
                put(values, prefix + "peakConcurrent", b, "peak-concurrent-invocations");
                put(values, prefix + "invocations", b, "invocations");
                put(values, prefix + "waitTimeMs", b, "wait-time");
                poolInUse(values, prefix);
            }
        }
        if (ejb.hasDefined("stateful-session-bean")) {
            for (var bean : ejb.get("stateful-session-bean").asPropertyList()) {
                put(values, "sfsb." + bean.getName() + ".cacheSize", bean.getValue(), "cache-size");
            }
        }
    }

    /** The replenish MDB's pool alone: its size and how much of it is in use. */
    static void replenishPool(Map<String, Double> values, ModelNode bean) {
        String prefix = ServerMetrics.mdbPool(ServerMetrics.REPLENISH_MDB, "");
        put(values, prefix + "poolMax", bean, "pool-max-size");
        put(values, prefix + "poolAvailable", bean, "pool-available-count");
        poolInUse(values, prefix);
    }

    /** A pool's instances in use: its size less those available, when both are known. */
    private static void poolInUse(Map<String, Double> values, String prefix) {
        if (values.containsKey(prefix + "poolMax") && values.containsKey(prefix + "poolAvailable")) {
            values.put(prefix + "poolInUse", values.get(prefix + "poolMax") - values.get(prefix + "poolAvailable"));
        }
    }

    /** The replenish queue. */
    static void replenishQueue(Map<String, Double> values, ModelNode queue) {
        put(values, ServerMetrics.QUEUE_DEPTH, queue, "message-count");
        put(values, "queue.replenish.delivering", queue, "delivering-count");
        put(values, "queue.replenish.added", queue, "messages-added");
    }

    /** The entity regions of the second-level cache; figures appear when the container keeps statistics. */
    static void secondLevelCache(Map<String, Double> values, ModelNode caches) {
        double hits = 0;
        double misses = 0;
        boolean any = false;
        for (ModelNode c : caches.asList()) {
            ModelNode r = c.get("result");
            if (r.hasDefined("hits") && r.hasDefined("misses")) {
                hits += r.get("hits").asDouble();
                misses += r.get("misses").asDouble();
                any = true;
            }
        }
        if (any) {
            values.put("cache.hits", hits);
            values.put("cache.misses", misses);
        }
    }

    /** The HTTP listener's requests and errors. */
    static void httpListener(Map<String, Double> values, ModelNode http) {
        put(values, "http.requests", http, "request-count");
        put(values, "http.errors", http, "error-count");
    }

    /** The IO worker that runs the HTTP requests. */
    static void ioWorker(Map<String, Double> values, ModelNode io) {
        put(values, ServerMetrics.HTTP_BUSY_THREADS, io, "busy-task-thread-count");
        put(values, "http.maxThreads", io, "max-pool-size");
        put(values, "http.queued", io, "queue-size");
    }

    /** The transaction manager's counts. */
    static void transactions(Map<String, Double> values, ModelNode tx) {
        put(values, "jta.committed", tx, "number-of-committed-transactions");
        put(values, "jta.aborted", tx, "number-of-aborted-transactions");
        put(values, "jta.inflight", tx, "number-of-inflight-transactions");
    }

    /** The collectors' pauses and concurrent time. */
    static void collectors(Map<String, Double> values, ModelNode collectors) {
        var times = new LinkedHashMap<String, double[]>();
        for (var c : collectors.asPropertyList()) {
            ModelNode gc = c.getValue();
            if (gc.hasDefined("collection-time") && gc.hasDefined("collection-count")) {
                times.put(c.getName(), new double[] {gc.get("collection-count").asDouble(), gc.get("collection-time").asDouble()});
            }
        }
        values.putAll(GarbageCollectors.figures(times));
    }

    /** The heap in use and committed. */
    static void heap(Map<String, Double> values, ModelNode heap) {
        if (heap.hasDefined("used")) {
            values.put(ServerMetrics.HEAP_USED_MB, heap.get("used").asLong() / MB);
        }
        if (heap.hasDefined("committed")) {
            values.put(ServerMetrics.HEAP_COMMITTED_MB, heap.get("committed").asLong() / MB);
        }
    }
}

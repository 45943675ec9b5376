package org.orderapp.observation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The figures of a cluster's nodes, each under its node's name ("node.NAME.figure", e.g. node.node1.ds.inUse), and the
 * cluster's totals under the plain names (the sum over the nodes), so that everything a single server shows shows
 * for the cluster as a whole, and each node's share beside it.
 */
public final class NodeFigures {

    private static final String PREFIX = "node.";

    /** Figures of the nodes the report shows per node, and the derived ones ServerWindow adds. */
    public static final String REQUESTS = "http.requests";
    public static final String REQUESTS_PER_SECOND = "http.requestsPerSecond";
    public static final String CPU_MS = "cpu.ms";
    public static final String CPU_MS_PER_REQUEST = "cpu.msPerRequest";
    public static final String INVALIDATIONS = "cache.invalidations";
    public static final String SESSIONS = "sessions.active";
    public static final String SESSION_WRITES = "sessions.writes";
    public static final String SESSION_REMOTE_READS = "sessions.remoteReads";
    public static final String CLUSTER_MESSAGES_SENT = "cluster.messagesSent";
    public static final String CLUSTER_BYTES_SENT = "cluster.bytesSent";
    public static final String CLUSTER_VIEW_SIZE = "cluster.viewSize";

    private NodeFigures() {
    }

    /** node.NAME.figure */
    public static String name(String node, String figure) {
        return PREFIX + node + "." + figure;
    }

    /** The figure of a node's name (node.node1.ds.inUse: ds.inUse); a plain name is itself. */
    public static String figure(String name) {
        if (!name.startsWith(PREFIX)) {
            return name;
        }
        int dot = name.indexOf('.', PREFIX.length());
        return dot < 0 ? name : name.substring(dot + 1);
    }

    /** The node of a node's figure (node.node1.ds.inUse: node1); null for a plain name. */
    public static String node(String name) {
        if (!name.startsWith(PREFIX)) {
            return null;
        }
        int dot = name.indexOf('.', PREFIX.length());
        return dot < 0 ? null : name.substring(PREFIX.length(), dot);
    }

    /**
     * Each node's figures under its name, and their sum under the plain name where every node answered for it (a sum
     * over some nodes only would look like a drop; a node being killed or started again leaves a gap instead).
     *
     * @param byNode the nodes' figures, by node name, in the nodes' order; a node that could not be read maps to an
     *               empty map
     */
    public static Map<String, Double> merge(Map<String, Map<String, Double>> byNode) {
        Map<String, Double> values = new LinkedHashMap<>();
        Map<String, Double> totals = new LinkedHashMap<>();
        Map<String, Integer> answered = new LinkedHashMap<>();
        byNode.forEach((node, figures) -> figures.forEach((figure, v) -> {
            values.put(name(node, figure), v);
            totals.merge(figure, v, Double::sum);
            answered.merge(figure, 1, Integer::sum);
        }));
        totals.forEach((figure, sum) -> {
            if (answered.get(figure) == byNode.size() && !NOT_SUMMED.contains(figure)) {
                values.put(figure, sum);
            }
        });
        return values;
    }

    /** Figures of one node that mean nothing summed. */
    private static final Set<String> NOT_SUMMED = Set.of(CLUSTER_VIEW_SIZE);

    /**
     * Each node's own throughput (requests it served per second), second-level cache hit ratio and CPU per request, from
     * the window's deltas (see ServerWindow), added to the window's figures.
     */
    static void derive(Map<String, Double> window, double seconds) {
        for (String node : nodes(List.copyOf(window.keySet()))) {
            Double requests = window.get(ServerMetrics.delta(name(node, REQUESTS)));
            if (requests != null && seconds > 0) {
                window.put(name(node, REQUESTS_PER_SECOND), requests / seconds);
            }
            Double cpu = window.get(ServerMetrics.delta(name(node, CPU_MS)));
            if (cpu != null && requests != null && requests > 0) {
                window.put(name(node, CPU_MS_PER_REQUEST), cpu / requests);
            }
            Double hits = window.get(ServerMetrics.delta(name(node, "cache.hits")));
            Double misses = window.get(ServerMetrics.delta(name(node, "cache.misses")));
            if (hits != null && misses != null && hits + misses > 0) {
                window.put(name(node, ServerMetrics.CACHE_HIT_RATIO), hits / (hits + misses));
            }
        }
    }

    /** The nodes named in a set of figures, in order of first appearance. */
    public static List<String> nodes(Iterable<String> names) {
        var nodes = new java.util.LinkedHashSet<String>();
        for (String n : names) {
            String node = node(n);
            if (node != null) {
                nodes.add(node);
            }
        }
        return List.copyOf(nodes);
    }
}

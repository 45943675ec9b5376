package org.orderapp.observation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jboss.as.controller.client.helpers.Operations;
import org.jboss.dmr.ModelNode;
import org.orderapp.target.Target;

/**
 * Every node of a cluster read as one server is: each node's management interface (its pools, queue, cache and
 * HTTP figures) and the application's own monitor on that node, plus what clustering adds on each node: the
 * second-level cache's invalidations sent, the distributed sessions and stateful beans written and replicated,
 * and the group's messages. Named per node and summed over the nodes (see {@link NodeFigures}).
 */
public final class ClusterFigures implements ServerReadings {

    private static final String WEB_SESSIONS = "order.ear.order-web.war";
    private static final String STATEFUL_BEANS = "order.ear/order-ejb.jar/default";
    private static final java.util.regex.Pattern VIEW_SIZE = java.util.regex.Pattern.compile("\\|\\d+\\] \\((\\d+)\\)");

    private final List<Target.Node> nodes;
    private final List<ManagementReader> readers;
    private final List<ApplicationMonitor> monitors;

    private ClusterFigures(List<Target.Node> nodes, List<ManagementReader> readers, List<ApplicationMonitor> monitors) {
        this.nodes = nodes;
        this.readers = readers;
        this.monitors = monitors;
    }

    public static ClusterFigures connect(List<Target.Node> nodes) {
        var readers = new ArrayList<ManagementReader>();
        var monitors = new ArrayList<ApplicationMonitor>();
        for (Target.Node n : nodes) {
            readers.add(ManagementReader.connect(n.management().getHost(), Target.managementPort(n.management())));
            monitors.add(new ApplicationMonitor(n.application()));
        }
        return new ClusterFigures(List.copyOf(nodes), readers, monitors);
    }

    /** The first node that cannot be read, with why; nothing when every node answers. */
    @Override
    public Optional<String> probe() {
        for (int i = 0; i < nodes.size(); i++) {
            Optional<String> failure = readers.get(i).probe();
            if (failure.isPresent()) {
                return Optional.of(nodes.get(i).name() + ": " + failure.get());
            }
        }
        return Optional.empty();
    }

    @Override
    public Map<String, Double> sample() {
        Map<String, Map<String, Double>> byNode = new LinkedHashMap<>();
        for (int i = 0; i < nodes.size(); i++) {
            ManagementReader reader = readers.get(i);
            Map<String, Double> figures = new LinkedHashMap<>(reader.sample());
            if (!figures.isEmpty()) { // a node that does not answer gives nothing, not zeros
                figures.putAll(monitors.get(i).sample());
                figures.putAll(clustering(reader));
            }
            byNode.put(nodes.get(i).name(), figures);
        }
        return NodeFigures.merge(byNode);
    }

    /** What clustering costs on a node: invalidations, session and bean replication, the group's messages. */
    private static Map<String, Double> clustering(ManagementReader reader) {
        Map<String, Double> values = new LinkedHashMap<>();
        // An entity region's cache replicates only invalidations (a put after a miss stays local).
        reader.read(RuntimeReads.runtime(Operations.createAddress("subsystem", "infinispan", "cache-container", "hibernate",
                "cache", "*"))).ifPresent(caches -> {
                    double invalidations = 0;
                    for (ModelNode c : caches.asList()) {
                        invalidations += c.get("result").get("replication-count").asDouble(0);
                    }
                    values.put(NodeFigures.INVALIDATIONS, invalidations);
                });
        reader.read(RuntimeReads.runtime(Operations.createAddress("subsystem", "infinispan", "cache-container", "web",
                "cache", WEB_SESSIONS))).ifPresent(cache -> {
                    values.put(NodeFigures.SESSION_WRITES, cache.get("writes").asDouble(0));
                    values.put("sessions.replications", cache.get("replication-count").asDouble(0));
                    values.put("sessions.entries", cache.get("number-of-entries-in-memory").asDouble(0));
                });
        reader.read(RuntimeReads.runtime(Operations.createAddress("subsystem", "infinispan", "cache-container", "ejb",
                "cache", STATEFUL_BEANS))).ifPresent(cache -> {
                    values.put("beans.writes", cache.get("writes").asDouble(0));
                    values.put("beans.replications", cache.get("replication-count").asDouble(0));
                });
        reader.read(RuntimeReads.runtime(Operations.createAddress("deployment", "order.ear", "subdeployment", "order-web.war",
                "subsystem", "undertow"))).ifPresent(web -> values.put(NodeFigures.SESSIONS, web.get("active-sessions").asDouble(0)));
        reader.read(RuntimeReads.runtime(Operations.createAddress("subsystem", "jgroups", "channel", "ee", "protocol", "TCP")))
                .ifPresent(tcp -> values.put(NodeFigures.CLUSTER_MESSAGES_SENT,
                        tcp.get("num_ucast_msgs_sent").asDouble(0) + tcp.get("num_mcast_msgs_sent").asDouble(0)));
        reader.read(Operations.createReadAttributeOperation(Operations.createAddress("subsystem", "jgroups", "channel", "ee"), "view"))
                .ifPresent(view -> {
                    // "[coordinator|id] (size) [members]", after "MergeView::" for a view that merged groups
                    var size = VIEW_SIZE.matcher(view.asString());
                    if (size.find()) {
                        values.put(NodeFigures.CLUSTER_VIEW_SIZE, Double.parseDouble(size.group(1)));
                    }
                });
        return values;
    }

    /** The MDB's figures summed over the nodes that answer: each node runs the replenish MDB with its own pool. */
    @Override
    public Map<String, Double> sampleMdb() {
        Map<String, Double> sum = new LinkedHashMap<>();
        readers.forEach(r -> r.sampleMdb().forEach((name, value) -> sum.merge(name, value, Double::sum)));
        return sum;
    }

    @Override
    public Optional<ServerJvm> serverJvm() {
        return readers.get(0).serverJvm();
    }

    @Override
    public Optional<Map<String, String>> systemProperties() {
        return readers.get(0).systemProperties();
    }

    @Override
    public Optional<String> jvmDescription() {
        return readers.get(0).jvmDescription();
    }

    /** The first node's JVM. */
    @Override
    public Optional<Long> serverPid() {
        return readers.get(0).serverPid();
    }

    /** Summed over the nodes; empty when a node cannot be read. */
    @Override
    public Optional<InDoubt> inDoubtTransactions() {
        int logged = 0;
        int prepared = 0;
        for (ManagementReader reader : readers) {
            Optional<InDoubt> d = reader.inDoubtTransactions();
            if (d.isEmpty()) {
                return Optional.empty();
            }
            logged += d.get().logged();
            prepared += d.get().prepared();
        }
        return Optional.of(new InDoubt(logged, prepared));
    }

    @Override
    public void close() {
        readers.forEach(ManagementReader::close);
    }
}

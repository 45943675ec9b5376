package org.orderapp.observation;

import static org.orderapp.observation.RuntimeReads.childrenRuntime;
import static org.orderapp.observation.RuntimeReads.put;
import static org.orderapp.observation.RuntimeReads.recursiveRuntime;
import static org.orderapp.observation.RuntimeReads.runtime;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.jboss.as.controller.client.ModelControllerClient;
import org.jboss.as.controller.client.ModelControllerClientConfiguration;
import org.jboss.as.controller.client.helpers.Operations;
import org.jboss.dmr.ModelNode;

/**
 * Reads the server's runtime figures through its management interface (the port of the HTTP management API,
 * protocol remote+http). No password is stored anywhere: on the server's own machine the client authenticates
 * with WildFly's local mechanism (JBOSS-LOCAL-USER), as jboss-cli does, by proving it can read a token file in
 * the server's directory; nothing else may connect without a management user. Every operation is a read, except
 * the transaction log-store's probe after a kill, which re-reads the log into the model and changes nothing in it.
 */
public final class ManagementReader implements ServerReadings {

    private static final String DEPLOYMENT = "order.ear";
    private static final String EJB_MODULE = "order-ejb.jar";

    /** The client libraries announce their versions at INFO through java.util.logging; a progress line needs quiet. */
    private static final java.util.List<java.util.logging.Logger> QUIET = java.util.stream.Stream.of("org.jboss", "org.xnio", "org.wildfly")
            .map(java.util.logging.Logger::getLogger).peek(l -> l.setLevel(java.util.logging.Level.WARNING)).toList();

    /** The server JVM's cumulative CPU time, in milliseconds. */
    public static final String PROCESS_CPU_MS = "jvm.processCpuMs";
    private static final ModelNode OPERATING_SYSTEM = Operations.createAddress("core-service", "platform-mbean",
            "type", "operating-system");

    private static final ModelNode THREADING = Operations.createAddress("core-service", "platform-mbean", "type", "threading");
    private static final ModelNode COLLECTORS = Operations.createAddress("core-service", "platform-mbean", "type", "garbage-collector");
    private static final ModelNode MEMORY = Operations.createAddress("core-service", "platform-mbean", "type", "memory");
    private static final ModelNode RUNTIME = Operations.createAddress("core-service", "platform-mbean", "type", "runtime");
    private static final double MB = SampleFigures.MB;

    private final ModelControllerClient client;
    private final AllocationCounter allocation = new AllocationCounter();

    private ManagementReader(ModelControllerClient client) {
        this.client = client;
    }

    public static ManagementReader connect(String host, int port) {
        var config = new ModelControllerClientConfiguration.Builder()
                .setProtocol("remote+http")
                .setHostName(host)
                .setPort(port)
                .setConnectionTimeout(5_000)
                .build();
        return new ManagementReader(ModelControllerClient.Factory.create(config));
    }

    /** The server JVM's process id (from the runtime MXBean name "pid@host"), to attach a flight recording. */
    @Override
    public Optional<Long> serverPid() {
        return read(Operations.createReadAttributeOperation(
                Operations.createAddress("core-service", "platform-mbean", "type", "runtime"), "name"))
                .map(ModelNode::asString)
                .filter(n -> n.contains("@"))
                .map(n -> Long.parseLong(n.substring(0, n.indexOf('@'))));
    }

    /** Checks the connection; answers the failure if the server cannot be read. */
    @Override
    public Optional<String> probe() {
        try {
            ModelNode result = client.execute(Operations.createReadAttributeOperation(new ModelNode().setEmptyList(), "server-state"));
            return Operations.isSuccessfulOutcome(result) ? Optional.empty()
                    : Optional.of(Operations.getFailureDescription(result).asString());
        } catch (IOException e) {
            return Optional.of(e.getMessage() == null ? e.toString() : e.getMessage());
        }
    }

    /** One sample of the server's pools, queue, cache and HTTP figures, as flat name → value. */
    @Override
    public Map<String, Double> sample() {
        Map<String, Double> values = new LinkedHashMap<>();
        // One composite operation for all of them: one request and one answer instead of a dozen, each of which cost the
        // loaded server a management thread's work (measured: see CompositeRead).
        var reads = new CompositeRead(this::execute);
        var poolRead = reads.add(runtime(Operations.createAddress("subsystem", "datasources", "data-source", "OrderDS", "statistics", "pool")));
        var jdbcRead = reads.add(runtime(Operations.createAddress("subsystem", "datasources", "data-source", "OrderDS", "statistics", "jdbc")));
        var jpaRead = reads.add(recursiveRuntime(Operations.createAddress("deployment", DEPLOYMENT, "subdeployment", EJB_MODULE, "subsystem", "jpa")));
        var ejbRead = reads.add(recursiveRuntime(Operations.createAddress("deployment", DEPLOYMENT, "subdeployment", EJB_MODULE, "subsystem", "ejb3")));
        var queueRead = reads.add(runtime(Operations.createAddress("subsystem", "messaging-activemq", "server", "default", "jms-queue", "replenish")));
        var deadLettersRead = reads.add(runtime(Operations.createAddress("subsystem", "messaging-activemq", "server", "default", "jms-queue", "ReplenishDLQ")));
        var cachesRead = reads.add(runtime(Operations.createAddress("subsystem", "infinispan", "cache-container", "hibernate", "cache", "*")));
        var httpRead = reads.add(runtime(Operations.createAddress("subsystem", "undertow", "server", "default-server", "http-listener", "default")));
        var ioRead = reads.add(runtime(Operations.createAddress("subsystem", "io", "worker", "default")));
        var transactionsRead = reads.add(runtime(Operations.createAddress("subsystem", "transactions")));
        var cpuTimeRead = reads.add(Operations.createReadAttributeOperation(OPERATING_SYSTEM, "process-cpu-time"));
        var collectorsRead = reads.add(childrenRuntime(COLLECTORS, "name"));
        var heapRead = reads.add(Operations.createReadAttributeOperation(MEMORY, "heap-memory-usage"));
        var threadIdsRead = reads.add(Operations.createReadAttributeOperation(THREADING, "all-thread-ids"));
        reads.execute();
        poolRead.get().ifPresent(pool -> SampleFigures.pool(values, pool));
        jdbcRead.get().ifPresent(jdbc -> SampleFigures.statementCache(values, jdbc));
        jpaRead.get().ifPresent(jpa -> SampleFigures.hibernate(values, jpa));
        ejbRead.get().ifPresent(ejb -> SampleFigures.ejbPools(values, ejb));
        queueRead.get().ifPresent(queue -> SampleFigures.replenishQueue(values, queue));
        deadLettersRead.get().ifPresent(queue -> put(values, ServerMetrics.DLQ_DEPTH, queue, "message-count"));
        cachesRead.get().ifPresent(caches -> SampleFigures.secondLevelCache(values, caches));
        httpRead.get().ifPresent(http -> SampleFigures.httpListener(values, http));
        ioRead.get().ifPresent(io -> SampleFigures.ioWorker(values, io));
        transactionsRead.get().ifPresent(tx -> SampleFigures.transactions(values, tx));
        jvm(values, collectorsRead.get(), heapRead.get(), threadIdsRead.get());
        // The server JVM's CPU time (nanoseconds), for CPU per transaction when the server is on another machine.
        cpuTimeRead.get()
                .filter(ModelNode::isDefined)
                .ifPresent(ns -> values.put(PROCESS_CPU_MS, ns.asLong() / 1e6));
        return values;
    }

    /** The replenish MDB's pool only (size, in use), one cheap read, for sampling it often. */
    @Override
    public Map<String, Double> sampleMdb() {
        Map<String, Double> values = new LinkedHashMap<>();
        read(runtime(Operations.createAddress("deployment", DEPLOYMENT, "subdeployment", EJB_MODULE, "subsystem", "ejb3",
                "message-driven-bean", ServerMetrics.REPLENISH_MDB))).ifPresent(b -> SampleFigures.replenishPool(values, b));
        return values;
    }

    /** The collectors' pauses and concurrent time, the heap in use, and the bytes allocated since the first sample. */
    private void jvm(Map<String, Double> values, Optional<ModelNode> collectorsRead, Optional<ModelNode> heapRead,
                     Optional<ModelNode> threadIdsRead) {
        collectorsRead.ifPresent(collectors -> SampleFigures.collectors(values, collectors));
        heapRead.ifPresent(heap -> SampleFigures.heap(values, heap));
        threadIdsRead.ifPresent(ids -> {
            long[] threads = ids.asList().stream().mapToLong(ModelNode::asLong).toArray();
            ModelNode op = Operations.createOperation("get-threads-allocated-bytes", THREADING);
            ids.asList().forEach(id -> op.get("ids").add(id));
            read(op).ifPresent(bytes -> {
                long[] counts = bytes.asList().stream().mapToLong(ModelNode::asLong).toArray();
                if (counts.length == threads.length) {
                    values.put(ServerMetrics.ALLOCATED_MB, allocation.update(threads, counts) / MB);
                }
            });
        });
    }

    @Override
    public Optional<ServerJvm> serverJvm() {
        return read(runtime(RUNTIME)).map(ManagementReader::serverJvm);
    }

    @Override
    public Optional<Map<String, String>> systemProperties() {
        return read(runtime(RUNTIME)).map(ManagementReader::systemProperties);
    }

    static Map<String, String> systemProperties(ModelNode runtime) {
        Map<String, String> properties = new LinkedHashMap<>();
        ModelNode answered = runtime.get("system-properties");
        if (answered.isDefined()) {
            answered.asPropertyList().forEach(p -> properties.put(p.getName(), p.getValue().asString()));
        }
        return properties;
    }

    static ServerJvm serverJvm(ModelNode runtime) {
        ModelNode properties = runtime.get("system-properties");
        return new ServerJvm(runtime.get("vm-vendor").asString("unknown vendor"), runtime.get("vm-name").asString("JVM"),
                runtime.get("vm-version").asString("?"), runtime.get("spec-version").asString("?"),
                properties.hasDefined("java.home") ? properties.get("java.home").asString() : null);
    }

    /**
     * The server's JVM in one line, for the run's notes: "Debian OpenJDK 64-Bit Server VM 17.0.15+6 (Java 17,
     * /usr/lib/jvm/java-17-openjdk-amd64); collectors G1 Young Generation, G1 Old Generation; heap max 512 MB;
     * -Xms64m -Xmx512m ...".
     */
    @Override
    public Optional<String> jvmDescription() {
        Optional<ModelNode> runtime = read(runtime(RUNTIME));
        if (runtime.isEmpty()) {
            return Optional.empty();
        }
        ModelNode r = runtime.get();
        var b = new StringBuilder(serverJvm(r).describe());
        read(childrenRuntime(COLLECTORS, "name")).ifPresent(c -> b.append("; collectors ")
                .append(String.join(", ", c.asPropertyList().stream().map(p -> p.getValue().get("name").asString(p.getName()).replace('_', ' ')).toList())));
        read(Operations.createReadAttributeOperation(MEMORY, "heap-memory-usage"))
                .filter(h -> h.hasDefined("max") && h.get("max").asLong() > 0)
                .ifPresent(h -> b.append(String.format(java.util.Locale.ROOT, "; heap max %.0f MB", h.get("max").asLong() / MB)));
        if (r.hasDefined("input-arguments")) {
            var vmOptions = r.get("input-arguments").asList().stream().map(ModelNode::asString)
                    .filter(a -> a.startsWith("-X") && !a.startsWith("-Xlog")).toList();
            if (!vmOptions.isEmpty()) {
                b.append("; ").append(String.join(" ", vmOptions));
            }
        }
        return Optional.of(b.toString());
    }

    /**
     * The transactions in the transaction manager's log and the broker's prepared (in-doubt) transactions. The
     * log-store's probe re-reads the log into the management model; it changes nothing in the log. Empty when the
     * server cannot be read.
     */
    @Override
    public Optional<InDoubt> inDoubtTransactions() {
        ModelNode logStore = Operations.createAddress("subsystem", "transactions", "log-store", "log-store");
        if (read(Operations.createOperation("probe", logStore)).isEmpty()) {
            return Optional.empty();
        }
        ModelNode children = Operations.createOperation("read-children-names", logStore);
        children.get("child-type").set("transactions");
        Optional<Integer> logged = read(children).map(n -> n.asList().size());
        Optional<Integer> prepared = read(Operations.createOperation("list-prepared-transactions",
                Operations.createAddress("subsystem", "messaging-activemq", "server", "default"))).map(n -> n.asList().size());
        return logged.isPresent() && prepared.isPresent() ? Optional.of(new InDoubt(logged.get(), prepared.get())) : Optional.empty();
    }

    /** An operation's whole answer (outcome, result, failure); empty when the server cannot be reached. */
    private Optional<ModelNode> execute(ModelNode op) {
        try {
            return Optional.of(client.execute(op));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** An operation's result; empty when it failed or the server cannot be read. */
    Optional<ModelNode> read(ModelNode op) {
        try {
            ModelNode result = client.execute(op);
            return Operations.isSuccessfulOutcome(result) ? Optional.of(Operations.readResult(result)) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    @Override
    public void close() {
        try {
            client.close();
        } catch (IOException ignored) {
            // the connection is gone already
        }
    }
}

package org.orderapp.observation;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.orderapp.observation.cpu.CpuClock;
import org.orderapp.observation.cpu.ServerCpuPart;
import org.orderapp.observation.cpu.ServerCpuParts;
import org.orderapp.target.GaleraNodes;
import org.orderapp.target.ServerProcess;
import org.orderapp.target.Target;

/**
 * The CPU time spent on a run, by role: the server JVM, the database, the load driver (this process), and the machine
 * as a whole, so that what everything else took is visible too. Processes on this machine are read from the
 * operating system (found by the port they listen on); a server elsewhere is read through its management interface
 * (its JVM's process CPU time, see {@link ManagementReader}); a database elsewhere is unknown.
 * Samples are cumulative milliseconds: "cpu.server.ms", "cpu.db.ms", "cpu.driver.ms", "cpu.machine.ms". For a cluster,
 * the server is the application tier: every node's JVM and the load balancer's, each also on its own
 * ("node.NAME.cpu.ms", "cpu.balancer.ms"); a node started again (node-kill) is found again by its port. For a database
 * cluster (a multi-host URL), the database is every node's mariadbd, found and found again (db-node-kill) the same way.
 */
public final class CpuMeter {

    static final String SERVER = "cpu.server.ms";
    /** The server's JVM as its management interface reports it, when it is not a process of this machine. */
    static final String SERVER_REMOTE = "cpu.serverRemote.ms";
    /** The part of the server JVM's CPU its JIT compiler threads used (a single server on this machine). */
    static final String SERVER_JIT = ServerCpuPart.JIT.counter();
    static final String DB = "cpu.db.ms";
    static final String DRIVER = "cpu.driver.ms";
    static final String MACHINE = "cpu.machine.ms";
    /** Present (1) in a sample where a server or database process located at the start is gone. */
    static final String PROCESS_GONE = "cpuProcessGone";

    static final String BALANCER = "cpu.balancer.ms";

    private final Long serverPid;
    /** The server JVM's CPU by part (a single server on this machine). */
    private final ServerCpuParts serverParts;
    private final Long dbPid;
    private final long driverPid = ProcessHandle.current().pid();
    private final List<String> notes;
    /** A cluster's nodes: name, management port, the process found listening on it (null: none now). */
    private final List<ClusterProcess> nodes;
    private final Long balancerPid;
    /** A database cluster's nodes on this machine, by their SQL port. */
    private final List<ClusterProcess> dbNodes;

    /** A node over its processes: a node killed and started again goes on counting from its earlier processes' CPU. */
    private static final class ClusterProcess {
        final String name;
        final int port;
        volatile Long pid;
        double earlier;
        double last;

        ClusterProcess(String name, int port) {
            this.name = name;
            this.port = port;
            this.pid = ServerProcess.listeningOn(port).orElse(null);
        }
    }

    private CpuMeter(List<ClusterProcess> dbNodes, Long serverPid, Long dbPid, List<String> notes, List<ClusterProcess> nodes,
                     Long balancerPid) {
        this.serverPid = serverPid;
        this.serverParts = serverPid == null ? null : new ServerCpuParts(serverPid);
        this.dbPid = dbPid;
        this.notes = notes;
        this.nodes = nodes;
        this.balancerPid = balancerPid;
        this.dbNodes = dbNodes;
    }

    /** Finds the server's and the database's processes on this machine, by the ports they listen on. */
    public static CpuMeter locate(Target target) {
        var notes = new ArrayList<String>();
        var nodes = new ArrayList<ClusterProcess>();
        Long balancer = null;
        for (Target.Node n : target.nodes()) {
            localPort(n.management()).ifPresent(port -> nodes.add(new ClusterProcess(n.name(), port)));
        }
        if (!nodes.isEmpty()) {
            balancer = localPort(target.application()).flatMap(ServerProcess::listeningOn).orElse(null);
        }
        Optional<Long> server = localPort(target.management()).flatMap(ServerProcess::listeningOn)
                .or(() -> localPort(target.application()).flatMap(ServerProcess::listeningOn));
        if (server.isEmpty()) {
            notes.add("CPU of the server: not a process of this machine; read through its management interface "
                    + "(process CPU time of its JVM) where that answers, else unknown.");
        }
        Optional<Long> db = databasePort(target.dbUrl()).flatMap(ServerProcess::listeningOn);
        var dbNodes = new ArrayList<ClusterProcess>();
        GaleraNodes.of(target.dbUrl()).ifPresent(g -> g.nodes().stream().filter(n -> isLoopback(n.host()))
                .forEach(n -> dbNodes.add(new ClusterProcess(n.name(), n.port()))));
        if (db.isEmpty() && dbNodes.isEmpty()) {
            notes.add("CPU of the database: not a process of this machine (or not found by its port): unknown.");
        }
        if (CpuClock.machineBusyMillis().isEmpty()) {
            notes.add("CPU time cannot be read here (no Linux /proc): CPU per transaction is unknown.");
        }
        return new CpuMeter(List.copyOf(dbNodes), server.orElse(null), db.orElse(null), List.copyOf(notes), List.copyOf(nodes), balancer);
    }

    /** Cumulative CPU milliseconds by role, as far as known now. */
    public Map<String, Double> sample() {
        Map<String, Double> values = new LinkedHashMap<>();
        put(values, MACHINE, CpuClock.machineBusyMillis());
        put(values, DRIVER, CpuClock.processMillis(driverPid));
        if (!nodes.isEmpty()) {
            sampleCluster(values);
        } else if (serverPid != null) {
            put(values, SERVER, CpuClock.processMillis(serverPid));
            serverParts.sample().ifPresent(parts -> parts.forEach((part, ms) -> values.put(part.counter(), ms)));
        }
        if (dbPid != null) {
            put(values, DB, CpuClock.processMillis(dbPid));
        }
        if (!dbNodes.isEmpty()) {
            values.put(DB, dbNodes.stream().mapToDouble(CpuMeter::millis).sum());
        }
        if ((serverPid != null && nodes.isEmpty() && !values.containsKey(SERVER)) || (dbPid != null && !values.containsKey(DB))) {
            values.put(PROCESS_GONE, 1.0); // killed or restarted: its CPU from now on is not known here
        }
        return values;
    }

    /** The application tier of a cluster: each node, the balancer, and their sum as the server's CPU. */
    private void sampleCluster(Map<String, Double> values) {
        double sum = 0;
        for (ClusterProcess n : nodes) {
            double ms = millis(n);
            values.put(NodeFigures.name(n.name, "cpu.ms"), ms);
            sum += ms;
        }
        OptionalDouble balancer = balancerPid == null ? OptionalDouble.empty() : CpuClock.processMillis(balancerPid);
        if (balancer.isPresent()) {
            values.put(BALANCER, balancer.getAsDouble());
            sum += balancer.getAsDouble();
        }
        values.put(SERVER, sum);
    }

    /** A node's CPU over its processes so far. */
    private static double millis(ClusterProcess n) {
        synchronized (n) {
            OptionalDouble ms = n.pid == null ? OptionalDouble.empty() : CpuClock.processMillis(n.pid);
            if (ms.isEmpty() && n.pid != null) { // gone: what it used is kept, its successor counts on top
                n.earlier += n.last;
                n.last = 0;
                n.pid = null;
            }
            if (n.pid == null) {
                n.pid = ServerProcess.listeningOn(n.port).orElse(null);
                ms = n.pid == null ? OptionalDouble.empty() : CpuClock.processMillis(n.pid);
            }
            n.last = ms.orElse(0);
            return n.earlier + n.last;
        }
    }

    public boolean serverIsLocal() {
        return serverPid != null;
    }

    public Optional<Long> serverPid() {
        return Optional.ofNullable(serverPid);
    }

    public Optional<Long> databasePid() {
        return Optional.ofNullable(dbPid);
    }

    /** The database's CPU milliseconds so far (every node's, for a cluster of this machine), or empty where unknown. */
    public OptionalDouble databaseMillis() {
        if (!dbNodes.isEmpty()) {
            return OptionalDouble.of(dbNodes.stream().mapToDouble(CpuMeter::millis).sum());
        }
        return dbPid == null ? OptionalDouble.empty() : CpuClock.processMillis(dbPid);
    }

    /** What could not be measured, for the run's notes. */
    public List<String> notes() {
        return notes;
    }

    private static void put(Map<String, Double> values, String name, OptionalDouble value) {
        value.ifPresent(v -> values.put(name, v));
    }

    /** The port of a URL whose host is this machine's loopback. */
    private static Optional<Integer> localPort(URI uri) {
        if (uri == null || uri.getHost() == null || !isLoopback(uri.getHost())) {
            return Optional.empty();
        }
        return Optional.of(uri.getPort() > 0 ? uri.getPort() : "https".equals(uri.getScheme()) ? 443 : 80);
    }

    /** jdbc:mysql://host:port/db?...: the port, when the (single) host is this machine's loopback. */
    static Optional<Integer> databasePort(String jdbcUrl) {
        int start = jdbcUrl.indexOf("//");
        if (start < 0) {
            return Optional.empty();
        }
        String authority = jdbcUrl.substring(start + 2).split("[/?]", 2)[0];
        if (authority.contains(",")) {
            return Optional.empty(); // several hosts: no single process to read
        }
        int colon = authority.lastIndexOf(':');
        String host = colon < 0 ? authority : authority.substring(0, colon);
        if (!isLoopback(host)) {
            return Optional.empty();
        }
        try {
            return Optional.of(colon < 0 ? 3306 : Integer.parseInt(authority.substring(colon + 1)));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host.replace("[", "").replace("]", "")).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}

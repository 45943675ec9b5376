package org.orderapp.driver.fault;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.orderapp.target.GaleraNodes;
import org.orderapp.target.ServerProcess;

/**
 * The fault db-partition: database node db1 (the one db-node-kill kills; the server's load-balanced URL sends it a
 * share of the transactions like the others) cut off from the other nodes of its Galera cluster for the fault's
 * duration, both processes running, its SQL port still open to the server; then healed, and the node rejoins by
 * itself. The node's ports and links are read from /proc when the fault comes; the cut is {@link PartitionRules}'.
 */
final class DatabasePartition {

    private final ScheduledExecutorService timer;
    private final FaultJournal journal;
    private volatile PartitionRules active;

    /** journal: the run's clock, events and console, shared with the other faults. */
    DatabasePartition(ScheduledExecutorService timer, FaultJournal journal) {
        this.timer = timer;
        this.journal = journal;
    }

    /**
     * Before a run with the fault: refuses (IllegalStateException, nothing changed) when this process cannot cut a node
     * off, and removes rules a driver killed during an earlier partition of this cluster left behind.
     */
    void prepare(List<Fault> faults, Optional<GaleraNodes> cluster) {
        if (faults.stream().noneMatch(f -> f.kind() == Fault.Kind.DB_PARTITION) || cluster.isEmpty()) {
            return;
        }
        String why = PartitionRules.cannotCut();
        if (why != null) {
            throw new IllegalStateException(why);
        }
        try {
            new PartitionRules(cluster.get().victim().port()).remove();
        } catch (IOException e) {
            throw new IllegalStateException("db-partition: rules left by an earlier run could not be removed: " + e.getMessage(), e);
        }
    }

    void inject(Fault f, Optional<GaleraNodes> cluster) {
        double asked = journal.seconds();
        String label = f.kind().label();
        if (cluster.isEmpty()) {
            record(new FaultEvent(label, asked, asked, "a database node", "not injected: the database is not a cluster",
                    null, 0));
            return;
        }
        GaleraNodes.Node node = cluster.get().victim();
        String what = "database node " + node.name() + " (" + node.host() + ":" + node.port() + ")";
        PartitionRules rules = new PartitionRules(node.port());
        try {
            ProcessSockets own = sockets(node);
            Set<Integer> nodePorts = withoutSql(own, node);
            Set<Integer> otherPorts = new HashSet<>();
            for (GaleraNodes.Node other : cluster.get().nodes()) {
                if (other != node) {
                    otherPorts.addAll(withoutSql(sockets(other), other));
                }
            }
            var links = own.links().stream().filter(l -> otherPorts.contains(l.remotePort())).toList();
            active = rules; // before the cut: a driver stopped meanwhile removes the table all the same
            rules.cut(nodePorts, otherPorts, links);
            what += ", its group ports " + nodePorts + " and " + links.size() + " links to the others' " + otherPorts;
        } catch (IOException | RuntimeException e) {
            heal();
            record(new FaultEvent(label, asked, asked, what, "not injected: " + e.getMessage(), null, 0));
            return;
        }
        double start = journal.seconds(); // the cut is in place from now: finding the sockets takes a moment
        say(String.format(Locale.ROOT, "Fault %s at %.1f s: %s cut off from the others for %d s (nftables table %s)", label, start,
                what, f.duration().toSeconds(), rules.table()));
        String outcome = "partitioned (nftables DROP on loopback)";
        int index = record(new FaultEvent(label, start, Double.NaN, what, outcome, null, 0));
        final String target = what;
        timer.schedule(() -> {
            String healed = heal() ? ", healed" : ", healing failed: delete nftables table " + rules.table() + " by hand";
            double end = journal.seconds();
            journal.update(index, new FaultEvent(label, start, end, target, outcome + healed, null, 0));
            say(String.format(Locale.ROOT, "Fault %s: %s healed at %.1f s", label, node.name(), end));
        }, f.duration().toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Removes the partition's rules, if any: at the fault's end, and whenever the injector stops. */
    boolean heal() {
        PartitionRules rules = active;
        if (rules == null) {
            return true;
        }
        try {
            rules.remove();
            active = null;
            return true;
        } catch (IOException e) {
            say("Fault db-partition: removing nftables table " + rules.table() + " failed: " + e.getMessage());
            return false;
        }
    }

    private static ProcessSockets sockets(GaleraNodes.Node node) throws IOException {
        long pid = ServerProcess.listeningOn(node.port()).orElseThrow(() -> new IOException(node.name() + " (port " + node.port()
                + ") is not a process of this machine"));
        return ProcessSockets.of(pid);
    }

    /** The ports a node listens on besides SQL: group communication, and incremental state transfer while one runs. */
    private static Set<Integer> withoutSql(ProcessSockets sockets, GaleraNodes.Node node) throws IOException {
        Set<Integer> ports = new HashSet<>(sockets.listening());
        ports.remove(node.port());
        if (ports.isEmpty()) {
            throw new IOException(node.name() + " listens on no port besides SQL: not a Galera node");
        }
        return ports;
    }

    private int record(FaultEvent event) {
        return journal.record(event);
    }

    private void say(String line) {
        journal.say(line);
    }
}

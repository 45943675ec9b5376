package org.orderapp.stack;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import org.orderapp.stack.database.DatabaseTarget;
import org.orderapp.stack.database.EmbeddedDatabase;
import org.orderapp.stack.database.GaleraCluster;
import org.orderapp.stack.layout.Jdk;
import org.orderapp.stack.layout.ProjectLayout;
import org.orderapp.stack.layout.ServerAddress;
import org.orderapp.stack.layout.ServerProfile;
import org.orderapp.stack.tls.ServerCertificate;
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
 * faults db-restart and server-kill) is started again on the same data, ports and settings, a few times at most
 * beyond the kills a run injects on purpose ({@link #expectingKills}).
 */
public final class ApplicationStack implements AutoCloseable {

    private static final Duration SUPERVISE_INTERVAL = Duration.ofMillis(500);
    /** Restarts for deaths nobody caused on purpose: more is a process that cannot stay up, and the stack gives up. */
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
    private volatile int restartsAllowed = MAX_RESTARTS;

    /**
     * Whether this JVM has begun to exit (Ctrl-C, SIGTERM): the signal reaches the database and the server too, as they
     * share the terminal's process group, and the supervisor must not start them again while the stack is being closed.
     * The runtime refuses a new shutdown hook from then on, which is the one sure sign, whatever order the hooks run in.
     */
    static boolean exiting() {
        Thread probe = new Thread(() -> { }, "order-exit-probe");
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException shuttingDown) {
            return true;
        }
    }

    /** Starts the database and the server and waits for the deployment; on failure, stops what it started. */
    public void start(StackOptions options, Consumer<String> say) throws Exception {
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

    /** Why the supervisor gave up, if it has: from then on nothing that dies is started again. */
    public Optional<String> gaveUp() {
        return Optional.ofNullable(failure);
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
                if (exiting()) {
                    return; // what died was stopped by the same signal that stops this JVM
                }
                EmbeddedDatabase db = databases.embedded();
                if (db != null && !db.running()) {
                    long started = System.nanoTime();
                    synchronized (this) {
                        if (closed || exiting()) {
                            return;
                        }
                        countRestart("the database");
                    }
                    say.accept("Database: mariadbd is gone; starting it again on the same data and port ...");
                    RetriedStart.within(startupTimeout, line -> say.accept("Database: " + line)).start("mariadbd", () -> {
                        synchronized (this) { // close() waits for a try, then stops what it started
                            if (!closed && !exiting()) {
                                db.restart();
                            }
                        }
                    });
                    if (closed || exiting()) {
                        return;
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
                        if (closed || exiting()) {
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
            if (closed) {
                return; // a try cut off by close(): nothing was given up on
            }
            failure = RetriedStart.reason(e);
            // ./order run stops on it; a load goes on against what is left, so it is said here too (an experiment
            // fails the run, gaveUp()).
            say.accept("Stack: no longer restarting what dies: " + failure);
        } finally {
            ended.countDown();
        }
    }

    /**
     * The run kills processes on purpose this many times (its faults): each is started again on top of the few
     * restarts any run is allowed, so that twenty kills in a row are twenty restarts, not a stack that gave up.
     */
    public ApplicationStack expectingKills(int kills) {
        if (kills < 0) {
            throw new IllegalArgumentException("kills: " + kills);
        }
        restartsAllowed = MAX_RESTARTS + kills;
        return this;
    }

    private synchronized void countRestart(String what) {
        if (++restarts > restartsAllowed) {
            throw new IllegalStateException(what + " died again after " + restartsAllowed + " restarts; giving up");
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

package org.orderapp.launcher;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.orderapp.stack.ApplicationCluster;
import org.orderapp.stack.ApplicationStack;
import org.orderapp.stack.RunState;
import org.orderapp.stack.StackOptions;
import org.orderapp.stack.admin.AdminCredentials;
import org.orderapp.stack.admin.ReferenceDataSeed;
import org.orderapp.stack.database.DatabaseTarget;
import org.orderapp.stack.database.GaleraCluster;
import org.orderapp.stack.layout.ProjectLayout;
import org.orderapp.stack.layout.ServerAddress;
import org.orderapp.stack.layout.ServerProfile;
import org.orderapp.stack.tls.TlsSource;
import org.orderapp.target.Target;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * Starts everything the application needs, in order, and stops everything it started on Ctrl-C or SIGTERM:
 * the embedded database (unless ORDER_DB_URL names one), the server with the EAR, and a seed data set if the
 * database is empty. Until then a database or server that dies is started again (see ApplicationStack). Options that
 * cannot be served are refused before anything starts or is written, with status 2 and nothing but the reason.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Start the database (embedded unless ORDER_DB_URL is set) and the server with order.ear,",
                "seed a small data set into an empty database, print the URLs, and run until Ctrl-C or SIGTERM."})
public class RunCommand implements Callable<Integer> {

    static final int MAX_NODES = ApplicationCluster.MAX_NODES;
    static final int MAX_DB_NODES = GaleraCluster.MAX_NODES;

    @Option(names = "--http-port", description = "HTTP port (default: " + ServerAddress.HTTP_PORT_SETTING + ", else "
            + ServerAddress.DEFAULT_HTTP_PORT + ")")
    Integer httpPort;

    @Option(names = "--profile", paramLabel = "name", defaultValue = ServerProfile.DEFAULT,
            description = "Server profile: baseline (as provisioned) or tuned (production tuning).")
    String profileName;

    @Option(names = "--nodes", paramLabel = "N", defaultValue = "1",
            description = "Application servers: 1 is the single server; more start a cluster of N nodes (the profile's "
                    + "HA configuration) behind a WildFly load balancer (mod_cluster, sticky sessions) on the HTTP port.")
    int nodes;

    @Option(names = "--db-nodes", paramLabel = "N", defaultValue = "1",
            description = "Database nodes: 1 is the embedded MariaDB; more start a MariaDB Galera cluster of N nodes on this "
                    + "machine (Debian's galera-4), which every server reaches through Connector/J's load-balancing URL.")
    int dbNodes;

    @Option(names = "--no-seed", description = "Do not load the seed data set into an empty database.")
    boolean noSeed;

    @Option(names = {"-D"}, showDefaultValue = Visibility.NEVER, paramLabel = "property=value",
            description = "A system property for the server, e.g. -D order.services.batch-size=1 (repeatable).")
    List<String> serverProperties = new ArrayList<>();

    @Option(names = "--state-dir", paramLabel = "DIR",
            description = "Where the embedded database and the server keep their state between runs (default: var/); "
                    + "var/run.properties, which the other commands read, stays in var/.")
    Path stateDir;

    @Mixin
    JavaHomeOption jdk;

    @Mixin
    TlsOptions tls;

    @Mixin
    UnsafeDurabilityOption durability;

    @Option(names = "--startup-timeout", description = "Seconds to wait for the deployment.",
            defaultValue = "300")
    int startupTimeoutSeconds;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        refuseWhatCannotBeServed();
        var layout = ProjectLayout.current();
        if (!layout.isBuilt()) {
            System.err.println("The server or order.ear is not built; run ./mvnw package -DskipTests (./order does it for you).");
            return 2;
        }
        ServerProfile profile;
        try {
            profile = ServerProfile.load(layout, profileName);
        } catch (IllegalArgumentException e) {
            System.err.println("order: " + e.getMessage());
            return 2;
        }
        if (nodes < 1 || nodes > MAX_NODES) {
            System.err.println("order: --nodes must be from 1 to " + MAX_NODES + ": " + nodes);
            return 2;
        }
        if (dbNodes < 1 || dbNodes > MAX_DB_NODES) {
            System.err.println("order: --db-nodes must be from 1 to " + MAX_DB_NODES + ": " + dbNodes);
            return 2;
        }
        if (dbNodes > 1 && !GaleraCluster.missing().isEmpty()) {
            System.err.println("order: a database cluster needs " + String.join("; ", GaleraCluster.missing()));
            return 2;
        }
        if (dbNodes == 2) {
            say("Note: two database nodes have no majority without each other: when one fails, the other stops taking "
                    + "transactions (Galera's quorum). Three survive the loss of one.");
        }
        int port;
        Path javaHome;
        TlsSource tlsSource;
        try {
            javaHome = jdk.resolve().home();
            port = ServerAddress.httpPort(httpPort, DatabaseTarget.setting(ServerAddress.HTTP_PORT_SETTING));
            tlsSource = tls.source();
        } catch (IllegalArgumentException e) {
            System.err.println("order: " + e.getMessage());
            return 2;
        }
        AdminCredentials.Created admin = AdminCredentials.forServer(layout);
        var stack = new ApplicationStack();
        var stop = new Thread(() -> {
            RunState.delete(layout);
            System.out.println("Stopping ...");
            stack.close();
            System.out.println("Stopped.");
        }, "order-stop");
        Runtime.getRuntime().addShutdownHook(stop);
        try {
            Path state = stateDir == null ? layout.var() : stateDir.toAbsolutePath().normalize();
            stack.start(stackOptions(layout, state, profile, port, admin.credentials(), javaHome, tlsSource), RunCommand::say);
        } catch (Exception e) {
            // start() has stopped what it had started: the hook has nothing left to stop, and a refusal (a setting the
            // stack cannot use) says only why.
            if (!withdraw(stop)) {
                throw e; // Ctrl-C or SIGTERM during the start: the hook is stopping everything and says so
            }
            if (e instanceof IllegalArgumentException) {
                System.err.println("order: " + e.getMessage());
                return 2;
            }
            throw e;
        }
        ServerAddress address = stack.address();
        if (!noSeed) {
            say(ReferenceDataSeed.loadIfEmpty(address.applicationUrl(), admin.credentials(), stack.trust()));
        }
        String base = address.applicationUrl().toString();
        String management = address.managementUrl().toString();
        var cluster = stack.cluster();
        List<Target.Node> clusterNodes = cluster == null ? List.of() : cluster.targets();
        if (cluster != null) {
            management = clusterNodes.get(0).management().toString();
        }
        var certificate = stack.certificate();
        new RunState(base, management, stack.database(), clusterNodes, certificate == null ? null : certificate.certificate()).write(layout);
        say("");
        say(cluster == null ? "Order is running:" : "Order is running on a cluster of " + nodes + " nodes:");
        say("  Application   " + base + (cluster == null ? "" : "   (the load balancer: mod_cluster, sticky sessions)"));
        say("  JSON API      " + base + "api/customers/1");
        if (certificate != null) {
            say("  HTTPS         certificate " + certificate.certificate() + " (curl --cacert FILE; ./order trusts it by itself); "
                    + address.plainApplicationUrl() + " redirects here");
        }
        if (cluster == null) {
            say("  Management    " + management + "   health: " + management.replace("/management", "/health/ready"));
        }
        for (Target.Node n : clusterNodes) {
            say(String.format("  Node %-8s %s   management %s", n.name(), n.application(), n.management()));
        }
        say("  Admin         user " + AdminCredentials.USER + ", password " + (System.getenv(AdminCredentials.PASSWORD_VARIABLE) != null
                ? "from " + AdminCredentials.PASSWORD_VARIABLE : "in " + AdminCredentials.passwordFile(layout)
                + (admin.isNew() ? " (created now, readable by you only)" : "")) + "; ./order uses it by itself");
        if (durability.allowed) {
            say("  Durability    UNSAFE allowed (--allow-unsafe-durability): started even on a database that may lose committed "
                    + "transactions in a crash; the reports of loads against it say so");
        }
        var galera = stack.galera();
        if (galera != null) {
            say("  Database      " + stack.database().displayUrl() + "   (Galera, " + galera.describe() + ")");
        }
        say("Press Ctrl-C to stop the " + (cluster == null ? "server" : "cluster") + (stack.embeddedDatabase() ? " and the database." : "."));

        stack.supervise(RunCommand::say);
        String gaveUp = stack.awaitEnd(); // returns when Ctrl-C closes the stack, or when its supervisor gave up
        try {
            Runtime.getRuntime().removeShutdownHook(stop); // the supervisor gave up: stop the rest here
            System.err.println("order: " + gaveUp);
            stop.run();
            return 1;
        } catch (IllegalStateException shuttingDown) {
            return 0; // Ctrl-C or SIGTERM: the hook is stopping everything already
        }
    }

    /** What the stack starts: the options of the command line on the profile, port, administrator, JDK and certificate given. */
    StackOptions stackOptions(ProjectLayout layout, Path state, ServerProfile profile, int port, AdminCredentials admin,
                                          Path javaHome, TlsSource tlsSource) {
        return new StackOptions(layout, state.resolve("server"), state.resolve("mariadb"), profile, port,
                serverProperties, List.of(), Duration.ofSeconds(startupTimeoutSeconds), admin, List.of(), nodes, dbNodes)
                .withJavaHome(javaHome).withTls(tlsSource).allowingUnsafeDurability(durability.allowed);
    }

    /**
     * Refuses, as a mistake of the command line (picocli's: the reason, the usage, status 2), what the options ask
     * together that cannot be served; called before anything is started or written.
     */
    void refuseWhatCannotBeServed() {
        String https = tls.askedBy() != null ? tls.askedBy() : tlsProperty() ? "-D " + ServerAddress.TLS_SETTING + "=true" : null;
        if (nodes > 1 && https != null) {
            throw new ParameterException(spec.commandLine(), https + " cannot be used with --nodes " + nodes + ": a cluster is "
                    + "reached through its load balancer, which has no HTTPS listener, so a cluster cannot serve TLS yet. Serve "
                    + "HTTPS from one server (--nodes 1), or run the cluster over plain HTTP.");
        }
    }

    /** Whether the -D properties switch HTTPS on (the last one given wins, as on the server). */
    private boolean tlsProperty() {
        String value = null;
        for (String p : serverProperties) {
            if (p.startsWith(ServerAddress.TLS_SETTING + "=")) {
                value = p.substring(ServerAddress.TLS_SETTING.length() + 1);
            }
        }
        return Boolean.parseBoolean(value);
    }

    /** Removes the shutdown hook; false when the JVM is shutting down already (the hook runs or has run). */
    private static boolean withdraw(Thread hook) {
        try {
            return Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            return false;
        }
    }

    private static void say(String line) {
        System.out.println(line);
    }
}

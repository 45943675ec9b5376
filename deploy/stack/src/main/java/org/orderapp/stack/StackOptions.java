package org.orderapp.stack;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.orderapp.stack.admin.AdminCredentials;
import org.orderapp.stack.database.DatabaseTarget;
import org.orderapp.stack.layout.Jdk;
import org.orderapp.stack.layout.ProjectLayout;
import org.orderapp.stack.layout.ServerProfile;
import org.orderapp.stack.tls.TlsSource;
import org.orderapp.target.Target;

/**
 * What an {@link ApplicationStack} is to run: the checkout, its folders, profile, settings and nodes, the database and
 * the HTTPS; the stack starts what these say.
 *
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
public record StackOptions(ProjectLayout binaries, Path serverBase, Path databaseHome, ServerProfile profile, int httpPort,
        List<String> serverProperties, List<String> jvmOptions, Duration startupTimeout, AdminCredentials admin,
        List<String> serverCli, int nodes, int dbNodes, DatabaseTarget sharedDatabase, Path javaHome, TlsSource tls) {

    /** On that many servers and database nodes, on no shared database, the default JDK, HTTPS as the properties say. */
    public StackOptions(ProjectLayout binaries, Path serverBase, Path databaseHome, ServerProfile profile, int httpPort,
            List<String> serverProperties, List<String> jvmOptions, Duration startupTimeout, AdminCredentials admin,
            List<String> serverCli, int nodes, int dbNodes) {
        this(binaries, serverBase, databaseHome, profile, httpPort, serverProperties, jvmOptions, startupTimeout, admin, serverCli,
                nodes, dbNodes, null, null, null);
    }

    /** On the embedded database (one node). */
    public StackOptions(ProjectLayout binaries, Path serverBase, Path databaseHome, ServerProfile profile, int httpPort,
            List<String> serverProperties, List<String> jvmOptions, Duration startupTimeout, AdminCredentials admin,
            List<String> serverCli, int nodes) {
        this(binaries, serverBase, databaseHome, profile, httpPort, serverProperties, jvmOptions, startupTimeout, admin, serverCli, nodes, 1);
    }

    /** The build's configuration as it is, on one server. */
    public StackOptions(ProjectLayout binaries, Path serverBase, Path databaseHome, ServerProfile profile, int httpPort,
            List<String> serverProperties, List<String> jvmOptions, Duration startupTimeout, AdminCredentials admin) {
        this(binaries, serverBase, databaseHome, profile, httpPort, serverProperties, jvmOptions, startupTimeout, admin, List.of(), 1);
    }

    /** The build's configuration as it is, on that many nodes. */
    public StackOptions(ProjectLayout binaries, Path serverBase, Path databaseHome, ServerProfile profile, int httpPort,
            List<String> serverProperties, List<String> jvmOptions, Duration startupTimeout, AdminCredentials admin, int nodes) {
        this(binaries, serverBase, databaseHome, profile, httpPort, serverProperties, jvmOptions, startupTimeout, admin, List.of(), nodes);
    }

    /** The same stack with its servers on the JDK in that folder (null: the default one). */
    public StackOptions withJavaHome(Path home) {
        return new StackOptions(binaries, serverBase, databaseHome, profile, httpPort, serverProperties, jvmOptions, startupTimeout, admin,
                serverCli, nodes, dbNodes, sharedDatabase, home, tls);
    }

    /** The same stack on a database another stack started. */
    public StackOptions onDatabase(DatabaseTarget database) {
        return new StackOptions(binaries, serverBase, databaseHome, profile, httpPort, serverProperties, jvmOptions, startupTimeout, admin,
                serverCli, nodes, dbNodes, database, javaHome, tls);
    }

    /** The same stack serving HTTPS with this certificate (null: as the properties say). */
    public StackOptions withTls(TlsSource source) {
        return new StackOptions(binaries, serverBase, databaseHome, profile, httpPort, serverProperties, jvmOptions, startupTimeout, admin,
                serverCli, nodes, dbNodes, sharedDatabase, javaHome, source);
    }

    /**
     * The same stack, its servers allowed (allow: true) to start on a database that may lose committed transactions
     * in a crash, which they otherwise refuse: the one place the launcher's --allow-unsafe-durability reaches the
     * servers, as a run property after the others. false: as it is.
     */
    public StackOptions allowingUnsafeDurability(boolean allow) {
        if (!allow) {
            return this;
        }
        var properties = new ArrayList<>(serverProperties);
        properties.add(Target.ALLOW_UNSAFE_DURABILITY + "=true");
        return new StackOptions(binaries, serverBase, databaseHome, profile, httpPort, List.copyOf(properties), jvmOptions, startupTimeout,
                admin, serverCli, nodes, dbNodes, sharedDatabase, javaHome, tls);
    }

    /** Where a cluster's servers keep their base directories. */
    public Path clusterBase() {
        return serverBase.resolveSibling("cluster");
    }

    /** Where a database cluster keeps its binaries, nodes and logs. */
    public Path galeraHome() {
        return databaseHome.resolveSibling("galera");
    }

    /** Where the server's certificate and key store are kept. */
    public Path tlsHome() {
        return serverBase.resolveSibling("tls");
    }
}

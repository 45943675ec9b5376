package org.orderapp.target;

import java.net.URI;
import java.util.List;

/**
 * The running application the driver loads: its base URL (ending in /Order/), the management interface
 * (http://host:port/management), the database, for the catalog, the counters and the audit, and the administrator's
 * Authorization header for the faults that go through the admin API (null: none known).
 *
 * A cluster also names its nodes, each with its own application and management URL: the driver reads every node's
 * figures and can kill one (node-kill); the application URL is then the load balancer's and the management URL the
 * first node's. The users are spread over userApplications, by default the application URL alone (through the
 * balancer); several URLs (the nodes', bypassing it) get the users in turn. Over HTTPS every client of the driver
 * trusts what trust names (the JDK's authorities unless told otherwise).
 */
public record Target(URI application, URI management, String dbUrl, String dbUser, String dbPassword,
                     String adminAuthorization, List<URI> userApplications, List<Node> nodes, ServerTrust trust) {

    /** WildFly's management port (jboss.management.http.port) before any port offset. */
    public static final int DEFAULT_MANAGEMENT_PORT = 9990;

    /**
     * The server's system property that lets the application start on a database that may lose committed
     * transactions in a crash (order-ejb's Settings and DurabilityCheck): the stack sets it when asked, the driver reads
     * it back from the server it measured.
     */
    public static final String ALLOW_UNSAFE_DURABILITY = "order.db.allow-unsafe-durability";

    /** A node of a cluster: its name (jboss.node.name), its own application URL and management URL. */
    public record Node(String name, URI application, URI management) {
        public Node {
            application = withSlash(application);
        }
    }

    public Target(URI application, URI management, String dbUrl, String dbUser, String dbPassword, String adminAuthorization) {
        this(application, management, dbUrl, dbUser, dbPassword, adminAuthorization, List.of(), List.of());
    }

    public Target(URI application, URI management, String dbUrl, String dbUser, String dbPassword, String adminAuthorization,
                  List<URI> userApplications, List<Node> nodes) {
        this(application, management, dbUrl, dbUser, dbPassword, adminAuthorization, userApplications, nodes, ServerTrust.system());
    }

    public Target {
        application = withSlash(application);
        userApplications = userApplications == null || userApplications.isEmpty() ? List.of(application)
                : userApplications.stream().map(Target::withSlash).toList();
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
        trust = trust == null ? ServerTrust.system() : trust;
    }

    /** The same application, its users spread over these URLs. */
    public Target withUserApplications(List<URI> urls) {
        return new Target(application, management, dbUrl, dbUser, dbPassword, adminAuthorization, urls, nodes, trust);
    }

    /** The same application, with the nodes of its cluster. */
    public Target withNodes(List<Node> clusterNodes) {
        return new Target(application, management, dbUrl, dbUser, dbPassword, adminAuthorization, userApplications, clusterNodes, trust);
    }

    /** The same application, its certificate trusted as this says. */
    public Target withTrust(ServerTrust serverTrust) {
        return new Target(application, management, dbUrl, dbUser, dbPassword, adminAuthorization, userApplications, nodes, serverTrust);
    }

    /** The URL user n (0, 1, ...) sends its requests to: the user applications in turn. */
    public URI userApplication(int user) {
        return userApplications.get(Math.floorMod(user, userApplications.size()));
    }

    public boolean cluster() {
        return !nodes.isEmpty();
    }

    public String managementHost() {
        return management.getHost();
    }

    public int managementPort() {
        return managementPort(management);
    }

    public static int managementPort(URI management) {
        return management.getPort() > 0 ? management.getPort() : DEFAULT_MANAGEMENT_PORT;
    }

    private static URI withSlash(URI uri) {
        String base = uri.toString();
        return base.endsWith("/") ? uri : URI.create(base + "/");
    }

    /** For printing: never the password. */
    @Override
    public String toString() {
        int q = dbUrl.indexOf('?');
        return application + (userApplications.size() > 1 || !userApplications.get(0).equals(application)
                ? " (users on " + userApplications + ")" : "")
                + (nodes.isEmpty() ? "" : " (nodes " + nodes.stream().map(Node::name).toList() + ")")
                + " (management " + management + ", database " + (q < 0 ? dbUrl : dbUrl.substring(0, q)) + ")";
    }
}

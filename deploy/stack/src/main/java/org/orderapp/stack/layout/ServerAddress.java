package org.orderapp.stack.layout;

import java.net.URI;
import java.util.List;
import java.util.Optional;
import org.orderapp.target.Target;

/**
 * Where a server started by the launcher listens, and the one place that knows how WildFly places its ports: the
 * HTTP port (ORDER_HTTP_PORT, read by configure.cli) and the management port (jboss.management.http.port), both
 * moved by jboss.socket.binding.port-offset, and with order.tls.enabled=true the HTTPS port (jboss.https.port), which
 * the application's URL then names. A cluster's load balancer has the ports a single server would have
 * (and its MCMP port, where nodes register); node i has them moved NODE_PORT_STEP × i further.
 */
public record ServerAddress(int httpPort, int managementPort, int httpsPort) {

    public static final int DEFAULT_HTTP_PORT = 8080;
    /** WildFly's HTTPS port (jboss.https.port) before the offset; it listens only with order.tls.enabled=true. */
    public static final int DEFAULT_HTTPS_PORT = 8443;
    public static final String TLS_SETTING = "order.tls.enabled";

    /** A server serving plain HTTP only. */
    public ServerAddress(int httpPort, int managementPort) {
        this(httpPort, managementPort, 0);
    }

    public static final String HTTP_PORT_SETTING = "ORDER_HTTP_PORT";
    public static final String PORT_OFFSET = "jboss.socket.binding.port-offset";
    /** The load balancer's MCMP port before the offset (jboss.mcmp.port in standalone-load-balancer.xml). */
    static final int MCMP_PORT = 8090;
    /**
     * The distance between the port offsets of a cluster's processes: small enough that a few nodes stay clear of
     * the tests' offsets (100 and above), and no port of one node (HTTP 8080, AJP 8009, HTTPS 8443, management
     * 9990, JGroups 7600 and 57600, transactions 4712) lands on another process's.
     */
    public static final int NODE_PORT_STEP = 20;

    /**
     * The ports of a server given its base HTTP port and its -D properties ("name=value"); a property naming the
     * HTTP or management port, or an offset, wins as it does in the server.
     */
    public static ServerAddress of(int httpPort, List<String> serverProperties) {
        int offset = portOffset(serverProperties);
        int http = property(serverProperties, HTTP_PORT_SETTING).map(Integer::parseInt).orElse(httpPort);
        int management = property(serverProperties, "jboss.management.http.port").map(Integer::parseInt)
                .orElse(Target.DEFAULT_MANAGEMENT_PORT);
        int https = property(serverProperties, "jboss.https.port").map(Integer::parseInt).orElse(DEFAULT_HTTPS_PORT);
        boolean tls = property(serverProperties, TLS_SETTING).map(Boolean::parseBoolean).orElse(false);
        return new ServerAddress(http + offset, management + offset, tls ? https + offset : 0);
    }

    /** The port offset the properties set, 0 when none does. */
    public static int portOffset(List<String> serverProperties) {
        return property(serverProperties, PORT_OFFSET).map(Integer::parseInt).orElse(0);
    }

    /** The properties of node i (1, 2, ...) of a cluster whose load balancer has these: its port offset moved. */
    public static List<String> nodeProperties(List<String> serverProperties, int node) {
        var properties = new java.util.ArrayList<>(serverProperties);
        properties.add(PORT_OFFSET + "=" + (portOffset(serverProperties) + NODE_PORT_STEP * node));
        return properties;
    }

    /** The MCMP port of a load balancer with these properties. */
    public static int mcmpPort(List<String> serverProperties) {
        return MCMP_PORT + portOffset(serverProperties);
    }

    /** The option wins over ORDER_HTTP_PORT, which wins over 8080; a value that is no port is refused. */
    public static int httpPort(Integer option, Optional<String> setting) {
        String source = option != null ? "--http-port" : HTTP_PORT_SETTING;
        String value = option != null ? option.toString() : setting.map(String::trim).orElse(null);
        if (value == null) {
            return DEFAULT_HTTP_PORT;
        }
        try {
            int port = Integer.parseInt(value);
            if (port >= 1 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException notANumber) {
            // refused below
        }
        throw new IllegalArgumentException(source + " must be a port number from 1 to 65535: " + value);
    }

    /** The application: over HTTPS when the server serves it, else over HTTP. */
    public URI applicationUrl() {
        return tls() ? URI.create("https://localhost:" + httpsPort + "/Order/") : plainApplicationUrl();
    }

    /** The application over plain HTTP (which redirects to HTTPS when TLS is on). */
    public URI plainApplicationUrl() {
        return URI.create("http://localhost:" + httpPort + "/Order/");
    }

    public boolean tls() {
        return httpsPort > 0;
    }

    public URI managementUrl() {
        return URI.create("http://127.0.0.1:" + managementPort + "/management");
    }

    private static Optional<String> property(List<String> properties, String name) {
        String value = null;
        for (String p : properties) {
            String s = p.startsWith("-D") ? p.substring(2) : p;
            if (s.startsWith(name + "=")) {
                value = s.substring(name.length() + 1).trim();
            }
        }
        return Optional.ofNullable(value);
    }
}

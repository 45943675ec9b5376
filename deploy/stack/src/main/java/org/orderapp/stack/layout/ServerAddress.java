package org.orderapp.stack.layout;

import java.net.URI;
import java.util.List;
import java.util.Optional;
import org.orderapp.target.Target;

/**
 * Where a server started by the launcher listens, and the one place that knows how WildFly places its ports: the
 * HTTP port (ORDER_HTTP_PORT, read by configure.cli) and the management port (jboss.management.http.port), both
 * moved by jboss.socket.binding.port-offset. A cluster's load balancer has the ports a single server would have
 * (and its MCMP port, where nodes register); node i has them moved NODE_PORT_STEP × i further.
 */
public record ServerAddress(int httpPort, int managementPort) {

    public static final int DEFAULT_HTTP_PORT = 8080;
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
        return new ServerAddress(http + offset, management + offset);
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

    public URI applicationUrl() {
        return URI.create("http://localhost:" + httpPort + "/Order/");
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

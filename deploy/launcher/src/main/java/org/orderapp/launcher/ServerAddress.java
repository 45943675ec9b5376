package org.orderapp.launcher;

import java.net.URI;
import java.util.List;

/**
 * Where the server started by ./order run listens: its HTTP and management ports moved by
 * jboss.socket.binding.port-offset when that is among the -D properties given to the server.
 */
public record ServerAddress(int httpPort, int managementPort) {

    static final int MANAGEMENT_PORT = 9990;

    /** The ports of a server given the base HTTP port and the run's -D properties ("name=value"). */
    public static ServerAddress of(int httpPort, List<String> serverProperties) {
        int offset = Integer.parseInt(property(serverProperties, "jboss.socket.binding.port-offset", "0"));
        int management = Integer.parseInt(property(serverProperties, "jboss.management.http.port",
                Integer.toString(MANAGEMENT_PORT)));
        return new ServerAddress(httpPort + offset, management + offset);
    }

    public URI applicationUrl() {
        return URI.create("http://localhost:" + httpPort + "/Order/");
    }

    public URI managementUrl() {
        return URI.create("http://127.0.0.1:" + managementPort + "/management");
    }

    private static String property(List<String> properties, String name, String fallback) {
        String value = fallback;
        for (String p : properties) {
            String s = p.startsWith("-D") ? p.substring(2) : p;
            if (s.startsWith(name + "=")) {
                value = s.substring(name.length() + 1).trim();
            }
        }
        return value;
    }
}

package org.orderapp.load;

import java.net.URI;

/**
 * The running application the driver loads: its base URL (ending in /Order/), the management interface
 * (http://host:port/management), the database, for the catalog, the counters and the audit, and the administrator's
 * Authorization header for the faults that go through the admin API (null: none known).
 */
public record Target(URI application, URI management, String dbUrl, String dbUser, String dbPassword,
                     String adminAuthorization) {

    /** WildFly's management port (jboss.management.http.port) before any port offset. */
    public static final int DEFAULT_MANAGEMENT_PORT = 9990;

    public Target {
        String base = application.toString();
        if (!base.endsWith("/")) {
            application = URI.create(base + "/");
        }
    }

    public String managementHost() {
        return management.getHost();
    }

    public int managementPort() {
        return management.getPort() > 0 ? management.getPort() : DEFAULT_MANAGEMENT_PORT;
    }

    /** For printing: never the password. */
    @Override
    public String toString() {
        int q = dbUrl.indexOf('?');
        return application + " (management " + management + ", database " + (q < 0 ? dbUrl : dbUrl.substring(0, q)) + ")";
    }
}

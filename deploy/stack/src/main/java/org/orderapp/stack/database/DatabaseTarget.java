package org.orderapp.stack.database;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Optional;

/**
 * The database the application uses: a JDBC URL with credentials. Taken from ORDER_DB_URL, ORDER_DB_USER and
 * ORDER_DB_PASSWORD (system properties first, then environment variables), or from the embedded server.
 */
public record DatabaseTarget(String url, String user, String password) {

    public static final String URL = "ORDER_DB_URL";
    public static final String USER = "ORDER_DB_USER";
    public static final String PASSWORD = "ORDER_DB_PASSWORD";

    /** The external database named by ORDER_DB_URL, if one is named. */
    public static Optional<DatabaseTarget> external() {
        return setting(URL).map(url -> new DatabaseTarget(url, setting(USER).orElse("root"),
                setting(PASSWORD).orElse("")));
    }

    public static Optional<String> setting(String name) {
        String value = System.getProperty(name);
        if (value == null || value.isBlank()) {
            value = System.getenv(name);
        }
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value);
    }

    public Connection connect() throws SQLException {
        return DriverManager.getConnection(url, user, password);
    }

    /**
     * The server family and version, read from the server itself. Connector/J names every server "MySQL",
     * so a MariaDB is recognised by its version string; the Hibernate dialect is then chosen deliberately
     * instead of being guessed from driver metadata.
     */
    public ServerFamily probe() throws SQLException {
        try (Connection c = connect(); var s = c.createStatement(); var r = s.executeQuery("SELECT VERSION()")) {
            r.next();
            return ServerFamily.of(r.getString(1));
        }
    }

    /** The URL without credentials or parameters, for printing. */
    public String displayUrl() {
        int q = url.indexOf('?');
        return q < 0 ? url : url.substring(0, q);
    }

    /** For printing: never the password. */
    @Override
    public String toString() {
        return "DatabaseTarget[url=" + displayUrl() + ", user=" + user + ", password hidden]";
    }

    public record ServerFamily(String name, String version, String hibernateDialect) {
        static ServerFamily of(String versionString) {
            boolean mariadb = versionString.toLowerCase(Locale.ROOT).contains("mariadb");
            return mariadb
                    ? new ServerFamily("MariaDB", versionString, "org.hibernate.dialect.MariaDBDialect")
                    : new ServerFamily("MySQL", versionString, "org.hibernate.dialect.MySQLDialect");
        }
    }
}

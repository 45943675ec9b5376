package org.orderapp.observation.database;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The database's own counters (SHOW GLOBAL STATUS): statements by kind, commits, row lock waits,
 * bytes sent and received, server-side prepares and cursor fetches. They count
 * what really reached the server, whatever the driver or Hibernate believe they sent. One connection is kept
 * open, because opening one sends statements that would be counted; after a failure (the database restarted)
 * the next sample opens a new one.
 */
public final class DatabaseCounters implements AutoCloseable {

    static final List<String> NAMES = List.of("Com_select", "Com_insert", "Com_update", "Com_delete", "Com_commit",
            "Com_rollback", "Questions", "Innodb_row_lock_waits", "Innodb_row_lock_time", "Threads_running",
            "Threads_connected", "Bytes_sent", "Bytes_received", "Com_stmt_prepare", "Com_stmt_execute", "Com_stmt_fetch");

    /** Opens a connection to the database. */
    @FunctionalInterface
    public interface Connector {
        Connection connect() throws SQLException;
    }

    private final Connector connector;
    private Connection connection;

    public DatabaseCounters(Connector connector) throws SQLException {
        this.connector = connector;
        this.connection = connector.connect();
    }

    public synchronized Map<String, Double> sample() {
        Map<String, Double> values = new LinkedHashMap<>();
        try {
            if (connection == null) {
                connection = connector.connect();
            }
        } catch (SQLException e) {
            return values; // the database is away: a sample without its figures
        }
        try (var s = connection.createStatement();
             var r = s.executeQuery("SHOW GLOBAL STATUS WHERE Variable_name IN ('" + String.join("','", NAMES) + "')")) {
            while (r.next()) {
                values.put("db." + r.getString(1), r.getDouble(2));
            }
        } catch (SQLException e) {
            // a sample without database figures; the report shows the gap. A new connection next time.
            try {
                connection.close();
            } catch (SQLException ignored) {
                // already broken
            }
            connection = null;
        }
        return values;
    }

    @Override
    public synchronized void close() throws SQLException {
        if (connection != null) {
            connection.close();
        }
    }
}

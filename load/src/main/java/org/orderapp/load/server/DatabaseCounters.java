package org.orderapp.load.server;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The database's own counters (SHOW GLOBAL STATUS): statements by kind, commits, row lock waits. They count
 * what really reached the server, whatever the driver or Hibernate believe they sent. One connection is kept
 * open, because opening one sends statements that would be counted.
 */
public final class DatabaseCounters implements AutoCloseable {

    static final List<String> NAMES = List.of("Com_select", "Com_insert", "Com_update", "Com_delete", "Com_commit",
            "Com_rollback", "Questions", "Innodb_row_lock_waits", "Innodb_row_lock_time", "Threads_running",
            "Threads_connected");

    private final Connection connection;

    public DatabaseCounters(Connection connection) {
        this.connection = connection;
    }

    public synchronized Map<String, Double> sample() {
        Map<String, Double> values = new LinkedHashMap<>();
        try (var s = connection.createStatement();
             var r = s.executeQuery("SHOW GLOBAL STATUS WHERE Variable_name IN ('" + String.join("','", NAMES) + "')")) {
            while (r.next()) {
                values.put("db." + r.getString(1), r.getDouble(2));
            }
        } catch (SQLException e) {
            // a sample without database figures; the report shows the gap
        }
        return values;
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}

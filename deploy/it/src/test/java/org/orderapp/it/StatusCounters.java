package org.orderapp.it;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * The database's own statement counters (SHOW GLOBAL STATUS Com_*): what really reached the server, whatever
 * the driver or Hibernate believe they sent. Tests read them around one operation while nothing else runs.
 */
record StatusCounters(long selects, long inserts, long updates, long deletes) {

    /**
     * Reads the counters over one connection kept open: opening a connection sends the driver's own SELECT,
     * which would be counted.
     */
    static final class Probe implements AutoCloseable {
        private final Connection connection;

        Probe() throws SQLException {
            connection = TestDatabase.connect();
        }

        StatusCounters read() throws SQLException {
            Map<String, Long> values = new HashMap<>();
            try (var s = connection.createStatement();
                 var r = s.executeQuery("SHOW GLOBAL STATUS WHERE Variable_name IN ('Com_select', 'Com_insert', 'Com_update', 'Com_delete')")) {
                while (r.next()) {
                    values.put(r.getString(1).toLowerCase(), r.getLong(2));
                }
            }
            return new StatusCounters(values.get("com_select"), values.get("com_insert"), values.get("com_update"),
                    values.get("com_delete"));
        }

        @Override
        public void close() throws SQLException {
            connection.close();
        }
    }

    StatusCounters minus(StatusCounters before) {
        return new StatusCounters(selects - before.selects, inserts - before.inserts, updates - before.updates,
                deletes - before.deletes);
    }

    long total() {
        return selects + inserts + updates + deletes;
    }
}

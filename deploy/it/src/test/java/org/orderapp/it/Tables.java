package org.orderapp.it;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the database holds, table by table: the row count and the content checksum (CHECKSUM TABLE) of every
 * table in the application's schema. Two equal snapshots around a request prove it stored and changed nothing.
 */
final class Tables {

    private Tables() {
    }

    static Map<String, String> snapshot() throws SQLException {
        try (var c = TestDatabase.connect()) {
            var result = new LinkedHashMap<String, String>();
            for (String table : tables(c)) {
                long rows = TestData.longValue(c, "SELECT COUNT(*) FROM `" + table + "`");
                String checksum;
                try (var s = c.createStatement(); var r = s.executeQuery("CHECKSUM TABLE `" + table + "`")) {
                    r.next();
                    checksum = r.getString(2);
                }
                result.put(table, rows + " rows, checksum " + checksum);
            }
            return result;
        }
    }

    /** Waits until nothing changes any more (messages of earlier tests may still be applied), at most max. */
    static Map<String, String> quiet(Duration max) throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + max.toNanos();
        var previous = snapshot();
        while (System.nanoTime() < deadline) {
            Thread.sleep(500);
            var now = snapshot();
            if (now.equals(previous)) {
                return now;
            }
            previous = now;
        }
        throw new AssertionError("the database kept changing for " + max + ": " + previous);
    }

    private static List<String> tables(Connection c) throws SQLException {
        var names = new ArrayList<String>();
        try (var s = c.createStatement(); var r = s.executeQuery("SELECT table_name FROM information_schema.tables "
                + "WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE' ORDER BY table_name")) {
            while (r.next()) {
                names.add(r.getString(1));
            }
        }
        if (names.isEmpty()) {
            throw new AssertionError("the application's schema has no tables");
        }
        return names;
    }
}

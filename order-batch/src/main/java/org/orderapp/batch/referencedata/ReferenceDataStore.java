package org.orderapp.batch.referencedata;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Collectors;
import javax.sql.DataSource;

/**
 * The tables as a whole: whether reference data exists, and the two resets. Resets TRUNCATE (instant at any size,
 * where DELETE of millions of rows takes minutes) with foreign-key checks off for the session, so parent tables
 * can be emptied; TRUNCATE commits by itself, so callers run without a transaction.
 */
@ApplicationScoped
public class ReferenceDataStore {

    /** The order transactions: what the guide removed between runs, keeping the reference data. */
    public static final List<String> ORDER_TABLES = List.of("order_line", "orders", "replenishment");

    @Resource(lookup = "java:jboss/datasources/OrderDS")
    private DataSource dataSource;

    public boolean hasReferenceData() throws SQLException {
        String anyRow = ReferenceTable.stream()
                .map(t -> "EXISTS (SELECT 1 FROM " + t.tableName() + ")")
                .collect(Collectors.joining(" OR ", "SELECT ", ""));
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement(); var r = s.executeQuery(anyRow)) {
            r.next();
            return r.getBoolean(1);
        }
    }

    public boolean hasOrders() throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
             var r = s.executeQuery("SELECT EXISTS (SELECT 1 FROM orders) OR EXISTS (SELECT 1 FROM replenishment)")) {
            r.next();
            return r.getBoolean(1);
        }
    }

    /** Removes orders, order lines and replenishments; answers the tables emptied. */
    public List<String> removeOrders() throws SQLException {
        truncate(ORDER_TABLES);
        return ORDER_TABLES;
    }

    /** Removes everything: the order transactions and all reference data. Answers the tables emptied. */
    public List<String> removeAll() throws SQLException {
        var tables = new java.util.ArrayList<>(ORDER_TABLES);
        ReferenceTable.stream().map(ReferenceTable::tableName).forEach(tables::add);
        truncate(tables);
        return List.copyOf(tables);
    }

    private void truncate(List<String> tables) throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute("SET FOREIGN_KEY_CHECKS = 0");
            try {
                for (String table : tables) {
                    s.execute("TRUNCATE TABLE " + table);
                }
            } finally {
                s.execute("SET FOREIGN_KEY_CHECKS = 1"); // the pooled connection goes back as it came
            }
        }
    }
}

package org.orderapp.batch.referencedata;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.orderapp.domain.model.InventoryId;
import org.orderapp.domain.model.SupplierInventoryId;

/**
 * The tables as a whole: whether reference data exists, the resets, and stock put back as the load left it.
 * Resets TRUNCATE (instant at any size, where DELETE of millions of rows takes minutes) with foreign-key checks
 * off for the session, so parent tables can be emptied; TRUNCATE commits by itself, so callers run without a
 * transaction.
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

    /**
     * Stock rows put back, per table, and rows left as they are because the load never made them (ids it did
     * not generate, such as test data).
     */
    public record RestoredStock(Map<String, Long> restored, Map<String, Long> skipped) {
    }

    /**
     * Puts every stock row changed since the load back as the load wrote it: the loaded quantity, no backorder,
     * the initial version. The load creates stock at the initial version and every change through JPA increments
     * it, so the rows to restore are exactly those at another version: one scan finds them, however few or many
     * a run touched. They are written in JDBC batches of batchSize rows, one transaction each.
     */
    public RestoredStock restoreLoadedStock(RowGenerator loaded, int batchSize) throws SQLException {
        var restored = new LinkedHashMap<String, Long>();
        var skipped = new LinkedHashMap<String, Long>();
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false); // a transaction per batch, not one commit (and log flush) per row
            try {
                for (StockTable stock : stockTables(loaded)) {
                    Rows rows = restore(c, stock, batchSize);
                    restored.put(stock.table().tableName(), rows.restored());
                    skipped.put(stock.table().tableName(), rows.skipped());
                }
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(true); // the pooled connection goes back as it came
            }
        }
        return new RestoredStock(restored, skipped);
    }

    /** A stock table, the two columns of its key, and the row the load wrote for the key the result set is on. */
    private record StockTable(ReferenceTable table, String firstKey, String secondKey, LoadedRow loaded) {

        /** The keys of up to {@code rows} changed rows after the key bound (first, first, second), in key order. */
        String changedPage(int rows) {
            return "SELECT " + firstKey + ", " + secondKey + " FROM " + table.tableName() + " WHERE version <> "
                    + ReferenceRow.INITIAL_VERSION + " AND (" + firstKey + " > ? OR " + firstKey + " = ? AND "
                    + secondKey + " > ?) ORDER BY " + firstKey + ", " + secondKey + " LIMIT " + rows;
        }

        /** The load's INSERT of one row, which on finding the key sets every other column to the inserted value. */
        String putBack() {
            return table.insertSql(1) + " ON DUPLICATE KEY UPDATE " + Arrays.stream(table.columns().split(", "))
                    .filter(column -> !column.equals(firstKey) && !column.equals(secondKey))
                    .map(column -> column + " = VALUES(" + column + ")")
                    .collect(Collectors.joining(", "));
        }
    }

    @FunctionalInterface
    private interface LoadedRow {
        Optional<ReferenceRow> of(ResultSet key) throws SQLException;
    }

    private static List<StockTable> stockTables(RowGenerator loaded) {
        return List.of(
                new StockTable(ReferenceTable.INVENTORY, "product_id", "distribution_center_id",
                        key -> loaded.loadedRow(new InventoryId(key.getLong(1), key.getInt(2)))),
                new StockTable(ReferenceTable.SUPPLIER_INVENTORY, "supplier_id", "product_id",
                        key -> loaded.loadedRow(new SupplierInventoryId(key.getInt(1), key.getLong(2)))));
    }

    private record Rows(long restored, long skipped) {
    }

    /**
     * Writes the loaded row again over each changed one, a page of batchSize changed rows at a time. The pages
     * follow the primary key from where the last one ended, so together they scan the table once, and memory
     * holds one page whether a run changed a hundred rows or millions. The write is an INSERT that finds the key
     * and updates the other columns to the loaded values: Connector/J rewrites the batch into one multi-row
     * statement, as for the load itself, where a batch of single-row UPDATEs goes one statement after the other
     * (several times slower).
     */
    private static Rows restore(Connection c, StockTable stock, int batchSize) throws SQLException {
        long restored = 0;
        long skipped = 0;
        try (PreparedStatement page = c.prepareStatement(stock.changedPage(batchSize));
             PreparedStatement write = c.prepareStatement(stock.putBack())) {
            long lastFirst = Long.MIN_VALUE;
            long lastSecond = Long.MIN_VALUE;
            int pageRows;
            do {
                page.setLong(1, lastFirst);
                page.setLong(2, lastFirst);
                page.setLong(3, lastSecond);
                pageRows = 0;
                try (ResultSet key = page.executeQuery()) {
                    while (key.next()) {
                        pageRows++;
                        lastFirst = key.getLong(1);
                        lastSecond = key.getLong(2);
                        Optional<ReferenceRow> row = stock.loaded().of(key);
                        if (row.isEmpty()) {
                            skipped++;
                            continue;
                        }
                        row.get().bind(write, 1);
                        write.addBatch();
                        restored++;
                    }
                }
                write.executeBatch();
                c.commit();
            } while (pageRows == batchSize);
        }
        return new Rows(restored, skipped);
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

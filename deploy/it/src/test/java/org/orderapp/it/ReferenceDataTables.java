package org.orderapp.it;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The reference-data tables as the database holds them: per table the row count and a checksum over every
 * column of every row (the sum of the rows' CRC32). Equal checksums: the same rows, whatever order they were
 * written in; a missing, duplicated or different row changes the count or the sum.
 */
final class ReferenceDataTables {

    /** Table name to all its columns, in load order. */
    static final Map<String, String> COLUMNS = new LinkedHashMap<>();

    static {
        COLUMNS.put("distribution_center", "id, name, address_line1, address_line2, city, state, zip_code, zip_plus_four");
        COLUMNS.put("pricing_method", "id, name, markup_rate");
        COLUMNS.put("supplier", "id, name, address_line1, address_line2, city, state, zip_code, zip_plus_four");
        COLUMNS.put("product", "id, name, unit_cost, reorder_point, reorder_quantity");
        COLUMNS.put("customer", "id, first_name, last_name, address_line1, address_line2, city, state, zip_code, "
                + "zip_plus_four, pricing_method_id, distribution_center_id, version");
        COLUMNS.put("inventory", "product_id, distribution_center_id, quantity_on_hand, backorder_quantity, version");
        COLUMNS.put("supplier_inventory", "supplier_id, product_id, quantity_on_hand, version");
    }

    record Content(long rows, long checksum) {
    }

    private ReferenceDataTables() {
    }

    static Map<String, Content> read() throws SQLException {
        var content = new LinkedHashMap<String, Content>();
        try (Connection c = TestDatabase.connect(); var s = c.createStatement()) {
            for (var table : COLUMNS.entrySet()) {
                try (var r = s.executeQuery("SELECT COUNT(*), COALESCE(SUM(CRC32(CONCAT_WS('|', " + table.getValue()
                        + "))), 0) FROM " + table.getKey())) {
                    r.next();
                    content.put(table.getKey(), new Content(r.getLong(1), r.getLong(2)));
                }
            }
        }
        return content;
    }

    /** The stock tables, the two a run changes. */
    static final List<String> STOCK = List.of("inventory", "supplier_inventory");

    /**
     * Per stock table: rows, the quantities summed, the rows changed since the load (version not 0), and the sum
     * and the XOR of the rows' CRC32 over every column.
     */
    static Map<String, String> stock() throws SQLException {
        var stock = new LinkedHashMap<String, String>();
        try (Connection c = TestDatabase.connect(); var s = c.createStatement()) {
            for (String table : STOCK) {
                String crc = "CRC32(CONCAT_WS('|', " + COLUMNS.get(table) + "))";
                String backordered = table.equals("inventory") ? "SUM(backorder_quantity)" : "0";
                try (var r = s.executeQuery("SELECT COUNT(*), SUM(quantity_on_hand), " + backordered
                        + ", SUM(version <> 0), SUM(" + crc + "), BIT_XOR(" + crc + ") FROM " + table)) {
                    r.next();
                    stock.put(table, String.format("%d rows, %d on hand, %d backordered, %d changed, crc sum %d xor %d",
                            r.getLong(1), r.getLong(2), r.getLong(3), r.getLong(4), r.getLong(5), r.getLong(6)));
                }
            }
        }
        return stock;
    }

    /** Stock rows changed since the load: at another version than the one the load wrote. */
    static long changedStock(String table) throws SQLException {
        try (Connection c = TestDatabase.connect()) {
            return TestData.longValue(c, "SELECT COUNT(*) FROM " + table + " WHERE version <> 0");
        }
    }

    static Map<String, Long> counts() throws SQLException {
        var counts = new LinkedHashMap<String, Long>();
        read().forEach((table, content) -> counts.put(table, content.rows()));
        return counts;
    }

    static long count(String table) throws SQLException {
        try (Connection c = TestDatabase.connect()) {
            return TestData.longValue(c, "SELECT COUNT(*) FROM " + table);
        }
    }
}

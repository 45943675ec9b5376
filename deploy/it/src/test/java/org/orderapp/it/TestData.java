package org.orderapp.it;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Reference data a test owns, written straight to the database with JDBC. Each test class uses its own id
 * range, so classes never see each other's rows.
 */
final class TestData {

    private TestData() {
    }

    static void distributionCenter(Connection c, int id) throws SQLException {
        exec(c, "INSERT IGNORE INTO distribution_center (id, name, address_line1, city, state, zip_code) VALUES ("
                + id + ", 'DC " + id + "', '1 Dock Road', 'Portland', 'OR', '97201')");
    }

    static void pricingMethod(Connection c, int id, String markupRate) throws SQLException {
        exec(c, "INSERT IGNORE INTO pricing_method (id, name, markup_rate) VALUES (" + id + ", 'PM-" + id + "', " + markupRate + ")");
    }

    static void customer(Connection c, long id, int pricingMethod, int center) throws SQLException {
        exec(c, "INSERT IGNORE INTO customer (id, first_name, last_name, address_line1, city, state, zip_code, "
                + "pricing_method_id, distribution_center_id) VALUES (" + id + ", 'Test', 'Customer" + id
                + "', '1 Main St', 'Portland', 'OR', '97205', " + pricingMethod + ", " + center + ")");
    }

    static void product(Connection c, long id, String name, String unitCost, int reorderPoint, int reorderQuantity)
            throws SQLException {
        exec(c, "INSERT IGNORE INTO product (id, name, unit_cost, reorder_point, reorder_quantity) VALUES (" + id + ", '"
                + name + "', " + unitCost + ", " + reorderPoint + ", " + reorderQuantity + ")");
    }

    static void inventory(Connection c, long product, int center, int onHand) throws SQLException {
        exec(c, "INSERT INTO inventory (product_id, distribution_center_id, quantity_on_hand) VALUES (" + product + ", "
                + center + ", " + onHand + ") ON DUPLICATE KEY UPDATE quantity_on_hand = VALUES(quantity_on_hand), "
                + "backorder_quantity = 0");
    }

    static void supplier(Connection c, int id) throws SQLException {
        exec(c, "INSERT IGNORE INTO supplier (id, name, address_line1, city, state, zip_code) VALUES (" + id
                + ", 'Supplier " + id + "', '2 Mill Road', 'Salem', 'OR', '97301')");
    }

    static void supplierInventory(Connection c, int supplier, long product, int onHand) throws SQLException {
        exec(c, "INSERT INTO supplier_inventory (supplier_id, product_id, quantity_on_hand) VALUES (" + supplier + ", "
                + product + ", " + onHand + ") ON DUPLICATE KEY UPDATE quantity_on_hand = VALUES(quantity_on_hand)");
    }

    /**
     * A product of the loaded reference data stocked at the customer's center far above its reorder point, so an
     * order of it triggers no replenishment that would arrive after the test.
     */
    static long wellStockedProduct(Connection c, long customer) throws SQLException {
        return longValue(c, "SELECT i.product_id FROM inventory i JOIN customer c ON c.id = " + customer
                + " AND c.distribution_center_id = i.distribution_center_id JOIN product p ON p.id = i.product_id "
                + "WHERE i.quantity_on_hand > p.reorder_point + 1000 ORDER BY i.product_id LIMIT 1");
    }

    static long longValue(Connection c, String sql) throws SQLException {
        try (var s = c.createStatement(); var r = s.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }

    static void exec(Connection c, String sql) throws SQLException {
        try (var s = c.createStatement()) {
            s.executeUpdate(sql);
        }
    }
}

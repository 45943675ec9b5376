package org.orderapp.batch.referencedata;

import java.util.Arrays;
import java.util.stream.Stream;

/**
 * The tables of the reference data, in load order (a table is loaded after the tables it refers to). Each is
 * loaded by one step of the job, named here; the column list is what the plain-JDBC writer inserts, the same
 * columns Hibernate writes for the entity.
 */
public enum ReferenceTable {

    DISTRIBUTION_CENTER("distribution-centers", "distribution_center",
            "id, name, address_line1, address_line2, city, state, zip_code, zip_plus_four"),
    PRICING_METHOD("pricing-methods", "pricing_method", "id, name, markup_rate"),
    SUPPLIER("suppliers", "supplier",
            "id, name, address_line1, address_line2, city, state, zip_code, zip_plus_four"),
    PRODUCT("products", "product", "id, name, unit_cost, reorder_point, reorder_quantity"),
    CUSTOMER("customers", "customer",
            "id, first_name, last_name, address_line1, address_line2, city, state, zip_code, zip_plus_four, "
                    + "pricing_method_id, distribution_center_id, version"),
    INVENTORY("inventory", "inventory",
            "product_id, distribution_center_id, quantity_on_hand, backorder_quantity, version"),
    SUPPLIER_INVENTORY("supplier-inventory", "supplier_inventory",
            "supplier_id, product_id, quantity_on_hand, version");

    private final String step;
    private final String table;
    private final String columns;
    private final int columnCount;

    ReferenceTable(String step, String table, String columns) {
        this.step = step;
        this.table = table;
        this.columns = columns;
        this.columnCount = columns.split(",").length;
    }

    /** The id of the job step that loads this table. */
    public String step() {
        return step;
    }

    public String tableName() {
        return table;
    }

    public String columns() {
        return columns;
    }

    public int columnCount() {
        return columnCount;
    }

    /** INSERT INTO table (columns) VALUES (?, ...), ... with {@code rowCount} rows of parameters. */
    public String insertSql(int rowCount) {
        String oneRow = "(?" + ", ?".repeat(columnCount - 1) + ")";
        var text = new StringBuilder(40 + rowCount * (oneRow.length() + 2))
                .append("INSERT INTO ").append(table).append(" (").append(columns).append(") VALUES ");
        for (int i = 0; i < rowCount; i++) {
            text.append(i == 0 ? "" : ",").append(oneRow);
        }
        return text.toString();
    }

    public static Stream<ReferenceTable> stream() {
        return Arrays.stream(values());
    }

    public static ReferenceTable ofStep(String step) {
        return Arrays.stream(values()).filter(t -> t.step.equals(step)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no reference table is loaded by step " + step));
    }
}

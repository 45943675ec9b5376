package org.orderapp.batch.referencedata;

import java.util.EnumMap;
import java.util.Map;

/**
 * How many rows of each table a load creates. Scale 1.0 is the data set of the guide (Example 4.1): 250,000
 * products at 25 distribution centers (6.25 million inventory rows), 2,000 suppliers holding 1.25 million
 * supplier inventory rows (every product at five suppliers), 2 million customers, and the pricing methods.
 * Distribution centers and pricing methods do not scale: every data set has all of them, so inventory is always
 * every product at every distribution center.
 */
public record LoadPlan(double scale) {

    public static final int DISTRIBUTION_CENTERS = 25;
    public static final int PRICING_METHODS = 4;
    public static final int SUPPLIERS_PER_PRODUCT = 5;
    static final long PRODUCTS_AT_SCALE_ONE = 250_000;
    static final long SUPPLIERS_AT_SCALE_ONE = 2_000;
    static final long CUSTOMERS_AT_SCALE_ONE = 2_000_000;
    /** Ten times the guide's data set: about 97 million rows, beyond what a load here is meant for. */
    public static final double MAX_SCALE = 10.0;

    public LoadPlan {
        if (!(scale > 0 && scale <= MAX_SCALE)) {
            throw new IllegalArgumentException("scale must be above 0 and at most " + MAX_SCALE + ": " + scale);
        }
    }

    public long products() {
        return scaled(PRODUCTS_AT_SCALE_ONE, 1);
    }

    /** At least one supplier per supplier-inventory row of a product, so a product's suppliers are distinct. */
    public long suppliers() {
        return scaled(SUPPLIERS_AT_SCALE_ONE, SUPPLIERS_PER_PRODUCT);
    }

    public long customers() {
        return scaled(CUSTOMERS_AT_SCALE_ONE, 1);
    }

    public long rows(ReferenceTable table) {
        return switch (table) {
            case DISTRIBUTION_CENTER -> DISTRIBUTION_CENTERS;
            case PRICING_METHOD -> PRICING_METHODS;
            case SUPPLIER -> suppliers();
            case PRODUCT -> products();
            case CUSTOMER -> customers();
            case INVENTORY -> products() * DISTRIBUTION_CENTERS;
            case SUPPLIER_INVENTORY -> products() * SUPPLIERS_PER_PRODUCT;
        };
    }

    public long totalRows() {
        long total = 0;
        for (ReferenceTable table : ReferenceTable.values()) {
            total += rows(table);
        }
        return total;
    }

    public Map<ReferenceTable, Long> rowsByTable() {
        var rows = new EnumMap<ReferenceTable, Long>(ReferenceTable.class);
        for (ReferenceTable table : ReferenceTable.values()) {
            rows.put(table, rows(table));
        }
        return rows;
    }

    private long scaled(long atScaleOne, long minimum) {
        return Math.max(minimum, Math.round(atScaleOne * scale));
    }
}

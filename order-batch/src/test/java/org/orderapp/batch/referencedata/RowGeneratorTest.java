package org.orderapp.batch.referencedata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.orderapp.domain.model.InventoryId;
import org.orderapp.domain.model.SupplierInventoryId;

/** The row the load wrote for a stock key, found again from the key: what a reset to the loaded data relies on. */
class RowGeneratorTest {

    private static final long SEED = 11;

    @Test
    void everyStockRowOfThePlanIsFoundAgainFromItsKey() {
        for (double scale : new double[] {0.002, 0.005, 0.013}) { // 5, 10 and 26 suppliers: strides 1, 2 and 5
            var plan = new LoadPlan(scale);
            var generator = new RowGenerator(SEED, plan);
            for (long i = 0; i < plan.rows(ReferenceTable.INVENTORY); i++) {
                var row = (ReferenceRow.InventoryRow) generator.row(ReferenceTable.INVENTORY, i);
                var id = new InventoryId(row.productId(), row.distributionCenterId());
                assertEquals(i, generator.inventoryIndex(row.productId(), row.distributionCenterId()), id.toString());
                assertEquals(Optional.of(row), generator.loadedRow(id), id.toString());
            }
            for (long i = 0; i < plan.rows(ReferenceTable.SUPPLIER_INVENTORY); i++) {
                var row = (ReferenceRow.SupplierInventoryRow) generator.row(ReferenceTable.SUPPLIER_INVENTORY, i);
                var id = new SupplierInventoryId(row.supplierId(), row.productId());
                assertEquals(i, generator.supplierInventoryIndex(row.supplierId(), row.productId()), scale + ": " + i);
                assertEquals(Optional.of(row), generator.loadedRow(id), scale + ": " + i);
            }
        }
    }

    @Test
    void keysTheLoadNeverMadeHaveNoLoadedQuantity() {
        var plan = new LoadPlan(0.005); // 1,250 products; 10 suppliers, product 1 at suppliers 1, 3, 5, 7, 9
        var generator = new RowGenerator(SEED, plan);
        long products = plan.products();
        assertTrue(generator.loadedRow(new InventoryId(products, LoadPlan.DISTRIBUTION_CENTERS)).isPresent());
        assertTrue(generator.loadedRow(new InventoryId(products + 1, 1)).isEmpty(), "product beyond the plan");
        assertTrue(generator.loadedRow(new InventoryId(0, 1)).isEmpty(), "no product 0");
        assertTrue(generator.loadedRow(new InventoryId(1, LoadPlan.DISTRIBUTION_CENTERS + 1)).isEmpty(), "center");
        assertTrue(generator.loadedRow(new SupplierInventoryId(9, 1)).isPresent());
        assertTrue(generator.loadedRow(new SupplierInventoryId(2, 1)).isEmpty(), "not one of the product's suppliers");
        assertTrue(generator.loadedRow(new SupplierInventoryId(1, products + 1)).isEmpty(), "product beyond the plan");
        assertTrue(generator.loadedRow(new SupplierInventoryId(11, 1)).isEmpty(), "supplier beyond the plan");
    }
}

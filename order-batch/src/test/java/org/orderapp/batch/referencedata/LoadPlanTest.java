package org.orderapp.batch.referencedata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The sizes of a load: the guide's data set at scale 1.0, and what does not scale. */
class LoadPlanTest {

    @Test
    void scaleOneIsTheGuidesDataSet() {
        var plan = new LoadPlan(1.0);
        assertEquals(250_000, plan.rows(ReferenceTable.PRODUCT));
        assertEquals(6_250_000, plan.rows(ReferenceTable.INVENTORY));
        assertEquals(2_000, plan.rows(ReferenceTable.SUPPLIER));
        assertEquals(1_250_000, plan.rows(ReferenceTable.SUPPLIER_INVENTORY));
        assertEquals(2_000_000, plan.rows(ReferenceTable.CUSTOMER));
        assertEquals(25, plan.rows(ReferenceTable.DISTRIBUTION_CENTER));
        assertEquals(4, plan.rows(ReferenceTable.PRICING_METHOD));
        assertEquals(9_752_029, plan.totalRows());
        assertEquals(plan.totalRows(), plan.rowsByTable().values().stream().mapToLong(Long::longValue).sum());
    }

    @Test
    void centersAndPricingMethodsDoNotScaleAndAProductAlwaysHasItsSuppliers() {
        var tiny = new LoadPlan(0.0000001);
        assertEquals(1, tiny.products());
        assertEquals(LoadPlan.SUPPLIERS_PER_PRODUCT, tiny.suppliers(), "a product's suppliers are distinct");
        assertEquals(1, tiny.customers());
        assertEquals(LoadPlan.DISTRIBUTION_CENTERS, tiny.rows(ReferenceTable.INVENTORY), "every product at every center");
        assertEquals(LoadPlan.PRICING_METHODS, tiny.rows(ReferenceTable.PRICING_METHOD));
        assertEquals(25_000, new LoadPlan(0.1).products());
    }

    @Test
    void aScaleOutsideZeroToTenIsRefused() {
        for (double scale : new double[] {0, -1, LoadPlan.MAX_SCALE + 0.1, Double.NaN}) {
            assertThrows(IllegalArgumentException.class, () -> new LoadPlan(scale), Double.toString(scale));
        }
        assertEquals(LoadPlan.MAX_SCALE, new LoadPlan(LoadPlan.MAX_SCALE).scale());
    }
}

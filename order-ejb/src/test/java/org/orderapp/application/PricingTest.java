package org.orderapp.application;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.orderapp.domain.model.PricingMethod;
import org.orderapp.domain.model.Product;

class PricingTest {

    @Test
    void unitPriceIsCostTimesOnePlusMarkupRoundedHalfUpToCents() {
        var product = new Product(1, "widget", new BigDecimal("2.05"), 0, 0);
        assertEquals(new BigDecimal("2.26"), Pricing.unitPrice(product, new PricingMethod(1, "ten", new BigDecimal("0.1000"))));
        assertEquals(new BigDecimal("2.05"), Pricing.unitPrice(product, new PricingMethod(2, "none", BigDecimal.ZERO)));
    }

    @Test
    void halfACentRoundsUp() {
        var product = new Product(1, "widget", new BigDecimal("0.05"), 0, 0);
        // 0.05 × 1.5 = 0.075
        assertEquals(new BigDecimal("0.08"), Pricing.unitPrice(product, new PricingMethod(1, "half", new BigDecimal("0.5"))));
    }
}

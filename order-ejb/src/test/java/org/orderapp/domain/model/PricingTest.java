package org.orderapp.domain.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

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

    @Test
    void extendedPriceIsExactAndRefusesFractionsOfACent() {
        assertEquals(new BigDecimal("6.78"), Pricing.extendedPrice(new BigDecimal("2.26"), 3));
        assertThrows(ArithmeticException.class, () -> Pricing.extendedPrice(new BigDecimal("2.265"), 3));
    }
}

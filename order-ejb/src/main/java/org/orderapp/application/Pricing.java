package org.orderapp.application;

import java.math.BigDecimal;
import java.math.RoundingMode;
import org.orderapp.domain.model.PricingMethod;
import org.orderapp.domain.model.Product;

/**
 * The price rule, stated once: unit price = product cost × (1 + the customer's markup rate), rounded half-up to
 * cents. The extended price (unit price × quantity) and the order total (sum of extended prices) are then exact.
 */
public final class Pricing {

    private Pricing() {
    }

    public static BigDecimal unitPrice(Product product, PricingMethod method) {
        return unitPrice(product.getUnitCost(), method.getMarkupRate());
    }

    /** The same rule for a path that reads the cost and the rate as values (the JDBC order transaction). */
    public static BigDecimal unitPrice(BigDecimal unitCost, BigDecimal markupRate) {
        return unitCost.multiply(BigDecimal.ONE.add(markupRate)).setScale(2, RoundingMode.HALF_UP);
    }
}

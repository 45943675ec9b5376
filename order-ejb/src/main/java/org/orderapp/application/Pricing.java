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
        return product.getUnitCost()
                .multiply(BigDecimal.ONE.add(method.getMarkupRate()))
                .setScale(2, RoundingMode.HALF_UP);
    }
}

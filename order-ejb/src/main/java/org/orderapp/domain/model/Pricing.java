package org.orderapp.domain.model;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The price rule, stated once for every path that takes orders: unit price = product cost × (1 + the customer's
 * markup rate), rounded half-up to cents; extended price = unit price × quantity; the order total = the sum of the
 * extended prices, starting from {@link #NO_TOTAL}. The last two are exact.
 */
public final class Pricing {

    /** The total of an order without lines, at the scale of the amounts it sums. */
    public static final BigDecimal NO_TOTAL = BigDecimal.ZERO.setScale(2);

    private Pricing() {
    }

    public static BigDecimal unitPrice(Product product, PricingMethod method) {
        return unitPrice(product.getUnitCost(), method.getMarkupRate());
    }

    /** The same rule for a path that reads the cost and the rate as values (the JDBC order transaction). */
    public static BigDecimal unitPrice(BigDecimal unitCost, BigDecimal markupRate) {
        return unitCost.multiply(BigDecimal.ONE.add(markupRate)).setScale(2, RoundingMode.HALF_UP);
    }

    /** Exact: a price in cents times a whole quantity is in cents; a unit price finer than cents is refused. */
    public static BigDecimal extendedPrice(BigDecimal unitPrice, int quantity) {
        return unitPrice.setScale(2, RoundingMode.UNNECESSARY).multiply(BigDecimal.valueOf(quantity));
    }
}

package org.orderapp.domain.model;

import jakarta.persistence.Column;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.UUID;

/**
 * One product and quantity of an order, priced when the order was taken. The line knows its order only by the id in
 * its key: the order holds its lines, and nothing navigates from a line back to its order.
 */
@Entity
@Table(name = "order_line")
public class OrderLine {

    @EmbeddedId
    private OrderLineId id;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "product_id", nullable = false)
    private Product product;

    @Column(nullable = false)
    private int quantity;

    @Column(name = "unit_price", nullable = false, precision = 10, scale = 2)
    private BigDecimal unitPrice;

    @Column(name = "extended_price", nullable = false, precision = 14, scale = 2)
    private BigDecimal extendedPrice;

    @Column(name = "backordered_quantity", nullable = false)
    private int backorderedQuantity;

    /** The replenish request this line's order sent for its product, if taking its quantity crossed the reorder point. */
    @Column(name = "replenish_request_id", columnDefinition = "binary(16)")
    private UUID replenishRequestId;

    protected OrderLine() {
    }

    OrderLine(UUID orderId, int lineNumber, Product product, int quantity, BigDecimal unitPrice) {
        this.id = new OrderLineId(orderId, lineNumber);
        this.product = product;
        this.quantity = quantity;
        this.unitPrice = unitPrice.setScale(2, RoundingMode.UNNECESSARY);
        this.extendedPrice = Pricing.extendedPrice(this.unitPrice, quantity);
    }

    /** How much of this line the distribution center could not ship from stock. */
    public void recordBackorder(int quantity) {
        if (quantity < 0 || quantity > this.quantity) {
            throw new IllegalArgumentException("backorder " + quantity + " for a line of " + this.quantity);
        }
        this.backorderedQuantity = quantity;
    }

    /** Records that this line's order asked for replenishment of its product with the given request. */
    public void recordReplenishRequest(UUID requestId) {
        this.replenishRequestId = requestId;
    }

    public OrderLineId getId() { return id; }
    public Product getProduct() { return product; }
    public int getLineNumber() { return id.getLineNumber(); }
    public int getQuantity() { return quantity; }
    public BigDecimal getUnitPrice() { return unitPrice; }
    public BigDecimal getExtendedPrice() { return extendedPrice; }
    public int getBackorderedQuantity() { return backorderedQuantity; }
    public UUID getReplenishRequestId() { return replenishRequestId; }

    @Override
    public boolean equals(Object o) {
        return this == o || (o instanceof OrderLine other && id.equals(other.getId()));
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }
}

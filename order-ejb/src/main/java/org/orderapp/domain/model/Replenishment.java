package org.orderapp.domain.model;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** The record that a replenish request was applied; its key is the request id, so it is applied once. */
@Entity
@Table(name = "replenishment")
public class Replenishment {

    @Id
    @Column(name = "request_id", columnDefinition = "binary(16)")
    private UUID requestId;

    @Column(name = "product_id", nullable = false)
    private long productId;

    @Column(name = "distribution_center_id", nullable = false)
    private int distributionCenterId;

    @Column(name = "supplier_id")
    private Integer supplierId;

    @Column(nullable = false)
    private int quantity;

    @Column(name = "processed_at", nullable = false)
    private Instant processedAt;

    /** The order whose line asked for this replenishment; null for a request that came from elsewhere. */
    @Column(name = "order_id", columnDefinition = "binary(16)")
    private UUID orderId;

    protected Replenishment() {
    }

    public Replenishment(UUID requestId, UUID orderId, InventoryId inventory, Integer supplierId, int quantity, Instant processedAt) {
        this.requestId = requestId;
        this.orderId = orderId;
        this.productId = inventory.getProductId();
        this.distributionCenterId = inventory.getDistributionCenterId();
        this.supplierId = supplierId;
        this.quantity = quantity;
        this.processedAt = processedAt;
    }

    public UUID getRequestId() { return requestId; }
    public int getQuantity() { return quantity; }
    public Integer getSupplierId() { return supplierId; }

    @Override
    public boolean equals(Object o) {
        return this == o || (o instanceof Replenishment other && requestId.equals(other.getRequestId()));
    }

    @Override
    public int hashCode() {
        return requestId.hashCode();
    }
}

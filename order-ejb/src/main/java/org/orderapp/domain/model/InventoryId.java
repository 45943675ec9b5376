package org.orderapp.domain.model;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import java.io.Serializable;
import java.util.Objects;

/** Stock is kept per product per distribution center. */
@Embeddable
public class InventoryId implements Serializable, Comparable<InventoryId> {

    private static final long serialVersionUID = 1L;

    @Column(name = "product_id")
    private long productId;

    @Column(name = "distribution_center_id")
    private int distributionCenterId;

    protected InventoryId() {
    }

    public InventoryId(long productId, int distributionCenterId) {
        this.productId = productId;
        this.distributionCenterId = distributionCenterId;
    }

    public long getProductId() { return productId; }
    public int getDistributionCenterId() { return distributionCenterId; }

    @Override
    public int compareTo(InventoryId o) {
        int c = Long.compare(productId, o.productId);
        return c != 0 ? c : Integer.compare(distributionCenterId, o.distributionCenterId);
    }

    @Override
    public boolean equals(Object o) {
        return this == o || (o instanceof InventoryId other && productId == other.productId
                && distributionCenterId == other.distributionCenterId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(productId, distributionCenterId);
    }

    @Override
    public String toString() {
        return "product " + productId + " at distribution center " + distributionCenterId;
    }
}

package org.orderapp.domain.model;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import java.io.Serializable;
import java.util.Objects;

@Embeddable
public class SupplierInventoryId implements Serializable {

    private static final long serialVersionUID = 1L;

    @Column(name = "supplier_id")
    private int supplierId;

    @Column(name = "product_id")
    private long productId;

    protected SupplierInventoryId() {
    }

    public SupplierInventoryId(int supplierId, long productId) {
        this.supplierId = supplierId;
        this.productId = productId;
    }

    public int getSupplierId() { return supplierId; }
    public long getProductId() { return productId; }

    @Override
    public boolean equals(Object o) {
        return this == o || (o instanceof SupplierInventoryId other && supplierId == other.supplierId
                && productId == other.productId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(supplierId, productId);
    }
}

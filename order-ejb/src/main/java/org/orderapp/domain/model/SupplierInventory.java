package org.orderapp.domain.model;

import jakarta.persistence.Column;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

/** A supplier's stock of a product, drawn on by replenishment. Versioned; not cached. */
@Entity
@Table(name = "supplier_inventory")
@NamedQuery(name = SupplierInventory.BEST_SOURCE,
        query = "select s from SupplierInventory s where s.id.productId = :productId and s.quantityOnHand > 0 "
                + "order by s.quantityOnHand desc, s.id.supplierId")
public class SupplierInventory {

    /** The suppliers holding a product, the one with most stock first. */
    public static final String BEST_SOURCE = "SupplierInventory.bestSource";

    @EmbeddedId
    private SupplierInventoryId id;

    @Column(name = "quantity_on_hand", nullable = false)
    private int quantityOnHand;

    @Version
    private int version;

    protected SupplierInventory() {
    }

    public SupplierInventory(SupplierInventoryId id, int quantityOnHand) {
        this.id = id;
        this.quantityOnHand = quantityOnHand;
    }

    /** Ships up to the quantity; answers what was shipped. */
    public int ship(int quantity) {
        int shipped = Math.min(quantity, quantityOnHand);
        quantityOnHand -= shipped;
        return shipped;
    }

    public SupplierInventoryId getId() { return id; }
    public int getQuantityOnHand() { return quantityOnHand; }

    @Override
    public boolean equals(Object o) {
        return this == o || (o instanceof SupplierInventory other && id != null && id.equals(other.getId()));
    }

    @Override
    public int hashCode() {
        return SupplierInventory.class.hashCode();
    }
}

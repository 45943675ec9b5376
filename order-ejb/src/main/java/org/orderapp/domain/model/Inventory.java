package org.orderapp.domain.model;

import jakarta.persistence.Column;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

/**
 * Stock of one product at one distribution center. Updated by concurrent orders and replenishments, so it
 * is versioned (optimistic locking) and never cached. The invariant kept by every change is that
 * {@code onHand - backordered} moves only by what was ordered and what was replenished.
 */
@Entity
@Table(name = "inventory")
public class Inventory {

    @EmbeddedId
    private InventoryId id;

    @Column(name = "quantity_on_hand", nullable = false)
    private int quantityOnHand;

    @Column(name = "backorder_quantity", nullable = false)
    private int backorderQuantity;

    @Version
    private int version;

    protected Inventory() {
    }

    public Inventory(InventoryId id, int quantityOnHand) {
        this.id = id;
        this.quantityOnHand = quantityOnHand;
    }

    /** A row as read by a path outside JPA (the JDBC order transaction), so that the same rules take its stock. */
    public Inventory(InventoryId id, int quantityOnHand, int backorderQuantity, int version) {
        this(id, quantityOnHand);
        this.backorderQuantity = backorderQuantity;
        this.version = version;
    }

    /** Takes what is on hand toward the quantity; the rest is backordered. Answers the backordered part. */
    public int take(int quantity) {
        if (quantity <= 0) {
            throw new IllegalArgumentException("quantity must be positive: " + quantity);
        }
        int shipped = Math.min(quantity, quantityOnHand);
        int backordered = quantity - shipped;
        quantityOnHand -= shipped;
        backorderQuantity += backordered;
        return backordered;
    }

    /** Receives a delivery: backorders are filled first, the rest goes on hand. */
    public void receive(int quantity) {
        if (quantity < 0) {
            throw new IllegalArgumentException("quantity must not be negative: " + quantity);
        }
        int filled = Math.min(quantity, backorderQuantity);
        backorderQuantity -= filled;
        quantityOnHand += quantity - filled;
    }

    public boolean isBelow(int reorderPoint) {
        return quantityOnHand - backorderQuantity < reorderPoint;
    }

    public InventoryId getId() { return id; }
    public int getQuantityOnHand() { return quantityOnHand; }
    public int getBackorderQuantity() { return backorderQuantity; }
    public int getVersion() { return version; }

    @Override
    public boolean equals(Object o) {
        return this == o || (o instanceof Inventory other && id != null && id.equals(other.getId()));
    }

    @Override
    public int hashCode() {
        return Inventory.class.hashCode();
    }
}

package org.orderapp.domain.model;

import jakarta.persistence.Cacheable;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.math.BigDecimal;

/** Something customers order. Reference data: read-only online, so cached read-only. */
@Entity
@Table(name = "product")
@Cacheable
public class Product {

    @Id
    private Long id;

    @Column(nullable = false, length = 64)
    private String name;

    @Column(name = "unit_cost", nullable = false, precision = 10, scale = 2)
    private BigDecimal unitCost;

    @Column(name = "reorder_point", nullable = false)
    private int reorderPoint;

    @Column(name = "reorder_quantity", nullable = false)
    private int reorderQuantity;

    protected Product() {
    }

    public Product(long id, String name, BigDecimal unitCost, int reorderPoint, int reorderQuantity) {
        this.id = id;
        this.name = name;
        this.unitCost = unitCost;
        this.reorderPoint = reorderPoint;
        this.reorderQuantity = reorderQuantity;
    }

    public Long getId() { return id; }
    public String getName() { return name; }
    public BigDecimal getUnitCost() { return unitCost; }
    public int getReorderPoint() { return reorderPoint; }
    public int getReorderQuantity() { return reorderQuantity; }

    @Override
    public boolean equals(Object o) {
        return this == o || (o instanceof Product other && id != null && id.equals(other.getId()));
    }

    @Override
    public int hashCode() {
        return Product.class.hashCode();
    }
}

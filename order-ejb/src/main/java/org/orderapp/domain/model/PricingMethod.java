package org.orderapp.domain.model;

import jakarta.persistence.Cacheable;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.math.BigDecimal;

/** How a customer's prices are derived from product cost: price = cost × (1 + markup rate). */
@Entity
@Table(name = "pricing_method")
@Cacheable
public class PricingMethod {

    @Id
    private Integer id;

    @Column(nullable = false, length = 32, unique = true)
    private String name;

    @Column(name = "markup_rate", nullable = false, precision = 6, scale = 4)
    private BigDecimal markupRate;

    protected PricingMethod() {
    }

    public PricingMethod(int id, String name, BigDecimal markupRate) {
        this.id = id;
        this.name = name;
        this.markupRate = markupRate;
    }

    public Integer getId() { return id; }
    public String getName() { return name; }
    public BigDecimal getMarkupRate() { return markupRate; }

    @Override
    public boolean equals(Object o) {
        return this == o || (o instanceof PricingMethod other && id != null && id.equals(other.getId()));
    }

    @Override
    public int hashCode() {
        return PricingMethod.class.hashCode();
    }
}

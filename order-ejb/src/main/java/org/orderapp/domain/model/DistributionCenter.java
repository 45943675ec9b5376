package org.orderapp.domain.model;

import jakarta.persistence.Cacheable;
import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.Cache;
import org.hibernate.annotations.CacheConcurrencyStrategy;
import org.hibernate.annotations.Immutable;

/** A warehouse that ships orders; every customer is served by one. Reference data: never changes online. */
@Entity
@Table(name = "distribution_center")
@Immutable
@Cacheable
@Cache(usage = CacheConcurrencyStrategy.READ_ONLY)
public class DistributionCenter {

    @Id
    private Integer id;

    @Column(nullable = false, length = 64)
    private String name;

    @Embedded
    private Address address;

    protected DistributionCenter() {
    }

    public DistributionCenter(int id, String name, Address address) {
        this.id = id;
        this.name = name;
        this.address = address;
    }

    public Integer getId() { return id; }
    public String getName() { return name; }
    public Address getAddress() { return address; }

    @Override
    public boolean equals(Object o) {
        return this == o || (o instanceof DistributionCenter other && id != null && id.equals(other.getId()));
    }

    @Override
    public int hashCode() {
        return DistributionCenter.class.hashCode();
    }
}

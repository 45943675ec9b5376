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

/** A company that restocks distribution centers. Reference data, cached read-only. */
@Entity
@Table(name = "supplier")
@Immutable
@Cacheable
@Cache(usage = CacheConcurrencyStrategy.READ_ONLY)
public class Supplier {

    @Id
    private Integer id;

    @Column(nullable = false, length = 64)
    private String name;

    @Embedded
    private Address address;

    protected Supplier() {
    }

    public Supplier(int id, String name, Address address) {
        this.id = id;
        this.name = name;
        this.address = address;
    }

    public Integer getId() { return id; }
    public String getName() { return name; }
    public Address getAddress() { return address; }

    @Override
    public boolean equals(Object o) {
        return this == o || (o instanceof Supplier other && id != null && id.equals(other.getId()));
    }

    @Override
    public int hashCode() {
        return Supplier.class.hashCode();
    }
}

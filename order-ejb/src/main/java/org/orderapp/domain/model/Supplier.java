package org.orderapp.domain.model;

import jakarta.persistence.Cacheable;
import jakarta.persistence.Entity;
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
public class Supplier extends Establishment {

    protected Supplier() {
    }

    public Supplier(int id, String name, Address address) {
        super(id, name, address);
    }

    @Override
    protected final Class<Supplier> kind() {
        return Supplier.class;
    }
}

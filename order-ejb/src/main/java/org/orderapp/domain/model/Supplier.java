package org.orderapp.domain.model;

import jakarta.persistence.Cacheable;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** A company that restocks distribution centers. Reference data, cached read-only. */
@Entity
@Table(name = "supplier")
@Cacheable
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

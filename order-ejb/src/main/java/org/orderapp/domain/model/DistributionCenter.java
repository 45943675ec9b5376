package org.orderapp.domain.model;

import jakarta.persistence.Cacheable;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** A warehouse that ships orders; every customer is served by one. Reference data: never changes online. */
@Entity
@Table(name = "distribution_center")
@Cacheable
public class DistributionCenter extends Establishment {

    protected DistributionCenter() {
    }

    public DistributionCenter(int id, String name, Address address) {
        super(id, name, address);
    }

    @Override
    protected final Class<DistributionCenter> kind() {
        return DistributionCenter.class;
    }
}

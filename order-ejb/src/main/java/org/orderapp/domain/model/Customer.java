package org.orderapp.domain.model;

import jakarta.persistence.Cacheable;
import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

/** A customer, priced by one pricing method and served by one distribution center. */
@Entity
@Table(name = "customer")
@Cacheable
public class Customer {

    @Id
    private Long id;

    @Column(name = "first_name", nullable = false, length = 32)
    private String firstName;

    @Column(name = "last_name", nullable = false, length = 32)
    private String lastName;

    @Embedded
    private Address address;

    // Eager and cached: every use of a customer prices or ships. A miss loads all three in one join; a
    // cache hit assembles all three from the second-level cache without SQL.
    @ManyToOne(fetch = FetchType.EAGER, optional = false)
    @JoinColumn(name = "pricing_method_id", nullable = false)
    private PricingMethod pricingMethod;

    @ManyToOne(fetch = FetchType.EAGER, optional = false)
    @JoinColumn(name = "distribution_center_id", nullable = false)
    private DistributionCenter distributionCenter;

    @Version
    private int version;

    protected Customer() {
    }

    public Customer(long id, String firstName, String lastName, Address address,
                    PricingMethod pricingMethod, DistributionCenter distributionCenter) {
        this.id = id;
        this.firstName = firstName;
        this.lastName = lastName;
        this.address = address;
        this.pricingMethod = pricingMethod;
        this.distributionCenter = distributionCenter;
    }

    public Long getId() { return id; }
    public String getFirstName() { return firstName; }
    public String getLastName() { return lastName; }
    public Address getAddress() { return address; }
    public PricingMethod getPricingMethod() { return pricingMethod; }
    public DistributionCenter getDistributionCenter() { return distributionCenter; }
    public int getVersion() { return version; }

    @Override
    public boolean equals(Object o) {
        return this == o || (o instanceof Customer other && id != null && id.equals(other.getId()));
    }

    @Override
    public int hashCode() {
        return Customer.class.hashCode();
    }
}

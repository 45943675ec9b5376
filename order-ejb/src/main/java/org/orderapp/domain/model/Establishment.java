package org.orderapp.domain.model;

import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;

/**
 * A named place of business with an address: what distribution centers and suppliers share, each in a table of its
 * own. Two are equal when they are of the same kind and have the same id.
 */
@MappedSuperclass
public abstract class Establishment {

    @Id
    private Integer id;

    @Column(nullable = false, length = 64)
    private String name;

    @Embedded
    private Address address;

    protected Establishment() {
    }

    protected Establishment(int id, String name, Address address) {
        this.id = id;
        this.name = name;
        this.address = address;
    }

    /**
     * The concrete entity class, final where it is declared: a lazy proxy answers it without loading its target, as it
     * answers the id.
     */
    protected abstract Class<? extends Establishment> kind();

    public Integer getId() { return id; }
    public String getName() { return name; }
    public Address getAddress() { return address; }

    @Override
    public boolean equals(Object o) {
        return this == o || (o instanceof Establishment other && kind() == other.kind() && id != null
                && id.equals(other.getId()));
    }

    @Override
    public int hashCode() {
        return kind().hashCode();
    }
}

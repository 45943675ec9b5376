package org.orderapp.domain.model;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import java.util.Objects;

/** A postal address; customers have one and orders copy it as their shipping address. */
@Embeddable
public class Address {

    @Column(name = "address_line1", nullable = false, length = 64)
    private String line1;

    @Column(name = "address_line2", nullable = false, length = 64)
    private String line2 = "";

    @Column(name = "city", nullable = false, length = 48)
    private String city;

    @Column(name = "state", nullable = false, length = 2)
    private String state;

    @Column(name = "zip_code", nullable = false, length = 5)
    private String zipCode;

    @Column(name = "zip_plus_four", nullable = false, length = 4)
    private String zipPlusFour = "";

    protected Address() {
    }

    public Address(String line1, String line2, String city, String state, String zipCode, String zipPlusFour) {
        this.line1 = Objects.requireNonNull(line1, "line1");
        this.line2 = line2 == null ? "" : line2;
        this.city = Objects.requireNonNull(city, "city");
        this.state = Objects.requireNonNull(state, "state");
        this.zipCode = Objects.requireNonNull(zipCode, "zipCode");
        this.zipPlusFour = zipPlusFour == null ? "" : zipPlusFour;
    }

    public String getLine1() { return line1; }
    public String getLine2() { return line2; }
    public String getCity() { return city; }
    public String getState() { return state; }
    public String getZipCode() { return zipCode; }
    public String getZipPlusFour() { return zipPlusFour; }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof Address a)) return false;
        return line1.equals(a.line1) && line2.equals(a.line2) && city.equals(a.city)
                && state.equals(a.state) && zipCode.equals(a.zipCode) && zipPlusFour.equals(a.zipPlusFour);
    }

    @Override
    public int hashCode() {
        return Objects.hash(line1, line2, city, state, zipCode, zipPlusFour);
    }
}

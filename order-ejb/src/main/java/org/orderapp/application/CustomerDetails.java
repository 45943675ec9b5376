package org.orderapp.application;

import java.math.BigDecimal;
import org.orderapp.domain.model.Address;
import org.orderapp.domain.model.Customer;

/** What a client may see of a customer: detached, complete, and free of lazy associations. */
public record CustomerDetails(long id, String firstName, String lastName, AddressDetails address,
                              PricingMethodDetails pricingMethod, DistributionCenterDetails distributionCenter) {

    public record AddressDetails(String line1, String line2, String city, String state, String zipCode,
                                 String zipPlusFour) {
        static AddressDetails of(Address a) {
            return new AddressDetails(a.getLine1(), a.getLine2(), a.getCity(), a.getState(), a.getZipCode(),
                    a.getZipPlusFour());
        }
    }

    public record PricingMethodDetails(int id, String name, BigDecimal markupRate) {
    }

    public record DistributionCenterDetails(int id, String name) {
    }

    public static CustomerDetails of(Customer c) {
        var pricing = c.getPricingMethod();
        var center = c.getDistributionCenter();
        return new CustomerDetails(c.getId(), c.getFirstName(), c.getLastName(), AddressDetails.of(c.getAddress()),
                new PricingMethodDetails(pricing.getId(), pricing.getName(), pricing.getMarkupRate()),
                new DistributionCenterDetails(center.getId(), center.getName()));
    }
}

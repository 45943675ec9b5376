package org.orderapp.application;

import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.Optional;
import org.orderapp.domain.model.Customer;

/** Customer look-ups for the OLTP side. */
@Stateless
public class CustomerService {

    @PersistenceContext(unitName = "services")
    private EntityManager em;

    /**
     * The customer with its pricing method and distribution center: from the second-level cache when cached
     * (no SQL), otherwise read in one three-way join (the associations are eager, fetched by join).
     */
    public Optional<CustomerDetails> findCustomer(long customerId) {
        return Optional.ofNullable(em.find(Customer.class, customerId)).map(CustomerDetails::of);
    }
}

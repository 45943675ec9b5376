package org.orderapp.infrastructure.persistence.jpa;

import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.Optional;
import org.orderapp.application.CustomerDetails;
import org.orderapp.application.CustomerService;
import org.orderapp.domain.model.Customer;

/** {@link CustomerService} through JPA. */
@Stateless(name = "CustomerService")
public class JpaCustomerService implements CustomerService {

    @PersistenceContext(unitName = "services")
    private EntityManager em;

    /**
     * From the second-level cache when cached (no SQL), otherwise read in one three-way join (the associations are
     * eager, fetched by join). A database failure is thrown, never taken for a missing customer ({@link EntityLookup}).
     */
    @Override
    public Optional<CustomerDetails> findCustomer(long customerId) {
        return EntityLookup.byId(em, Customer.class, customerId).map(CustomerDetails::of);
    }
}

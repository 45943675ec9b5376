package org.orderapp.application;

import java.util.Optional;

/** Customer look-ups for the OLTP side. */
public interface CustomerService {

    /**
     * The customer with its pricing method and distribution center; empty only when there is no such customer. A
     * database that fails the read throws: a failure is never answered as a missing customer.
     */
    Optional<CustomerDetails> findCustomer(long customerId);
}

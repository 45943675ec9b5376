package org.orderapp.application;

import java.util.Optional;

/** Customer look-ups for the OLTP side. */
public interface CustomerService {

    /** The customer with its pricing method and distribution center; empty when there is no such customer. */
    Optional<CustomerDetails> findCustomer(long customerId);
}

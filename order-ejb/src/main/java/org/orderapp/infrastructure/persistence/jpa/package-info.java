/**
 * The application's interfaces through JPA (Hibernate) on the services unit. Each bean keeps the EJB name of its role
 * (OrderTransaction, OrderInquiry, CustomerService, Replenisher, Browser), which the load report's pool figures read.
 */
package org.orderapp.infrastructure.persistence.jpa;

/**
 * The order transaction and the inquiry in plain JDBC on OrderDS (order.services.mode=jdbc): the same rows as JPA's,
 * the ceiling that shows what the framework costs.
 */
package org.orderapp.infrastructure.persistence.jdbc;

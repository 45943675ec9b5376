/**
 * The entities with their behaviour (stock taken and received, an order priced line by line) and their value types,
 * in plain Jakarta Persistence: what only Hibernate can say of them is in META-INF/orm.xml and persistence.xml.
 */
package org.orderapp.domain.model;

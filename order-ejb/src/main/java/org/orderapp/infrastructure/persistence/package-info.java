/**
 * The database: the schema migration at deployment, and which implementation (jpa or jdbc, order.services.mode)
 * serves the application's order transaction and inquiry.
 */
package org.orderapp.infrastructure.persistence;

/**
 * Test instruments of the fault injection inside the application: the halt of the JVM in an order's commit
 * (server-kill-in-commit), used by both implementations of the order transaction.
 */
package org.orderapp.infrastructure.faults;

/**
 * How an attempt at an order that lost a race to a concurrent one shows itself: a conflict over the same rows
 * ({@code Conflicts}), tried again; its idempotency key stored first by the other ({@code KeyTakenException}).
 */
package org.orderapp.application.contention;

package org.orderapp.application;

/**
 * One attempt at taking an order, in one JTA transaction that stores everything or nothing; {@link OrderService}
 * retries it when it loses a race ({@link Conflicts}). Served through JPA or, with order.services.mode=jdbc, in plain
 * JDBC; the infrastructure's ServiceImplementations produces the one this run uses.
 */
@FunctionalInterface
public interface OrderAttempt {

    /** The request has passed {@link NewOrder}'s constraints where it came in. */
    OrderDetails createOrder(NewOrder request) throws OrderRejectedException;
}

package org.orderapp.application;

import org.orderapp.application.contention.Conflicts;

/**
 * One attempt at taking an order, in one JTA transaction that stores everything or nothing; {@link OrderService}
 * retries it when it loses a race ({@link Conflicts}). Served through JPA or, with order.services.mode=jdbc, in plain
 * JDBC; the infrastructure's ServiceImplementations produces the one this run uses.
 */
@FunctionalInterface
public interface OrderAttempt {

    /**
     * The request has passed {@link NewOrder}'s constraints where it came in. With a key (null: none), the key is
     * stored in the same transaction ({@link IdempotencyKeys#claim}) before anything else is written.
     */
    OrderDetails createOrder(NewOrder request, IdempotencyKey key) throws OrderRejectedException;
}

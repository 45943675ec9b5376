package org.orderapp.application;

import java.util.Optional;
import java.util.UUID;

/** One order with its lines, by its id; the same in every order.services.mode. */
@FunctionalInterface
public interface OrderLookup {

    /** Empty only when there is no order with that id; a database that fails the read throws. */
    Optional<OrderDetails> order(UUID orderId);
}

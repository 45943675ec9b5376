package org.orderapp.application;

import java.util.List;
import java.util.Optional;

/**
 * The guide's OrderInquiry: a customer's most recent orders with their lines, newest first. Answered through JPA
 * or, with order.services.mode=jdbc, in plain JDBC; the infrastructure's ServiceImplementations produces the one this
 * run uses.
 */
@FunctionalInterface
public interface RecentOrders {

    /** Empty when there is no such customer; an empty list when the customer has no orders. */
    Optional<List<OrderDetails>> recentOrders(long customerId);
}

package org.orderapp.application;

import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.hibernate.jpa.HibernateHints;
import org.orderapp.domain.model.Customer;
import org.orderapp.domain.model.Order;

/** A customer's most recent orders with their lines: the guide's OrderInquiry transaction. */
@Stateless
public class OrderInquiry {

    /** How many recent orders an inquiry returns. */
    private final int recentOrders = Settings.integer(Settings.RECENT_ORDERS);

    @PersistenceContext(unitName = "services")
    private EntityManager em;

    /** Empty when there is no such customer; an empty list when the customer has no orders. */
    public Optional<List<OrderDetails>> recentOrders(long customerId) {
        if (em.find(Customer.class, customerId) == null) {
            return Optional.empty();
        }
        // The lines of all these orders then come in one batch fetch (default_batch_fetch_size), not one query each.
        // Read-only: an inquiry changes nothing, so Hibernate keeps no snapshot of the orders to dirty-check at commit.
        List<Order> orders = em.createQuery(
                        "select o from Order o where o.customer.id = :customer order by o.orderDate desc, o.id desc", Order.class)
                .setParameter("customer", customerId)
                .setMaxResults(recentOrders)
                .setHint(HibernateHints.HINT_READ_ONLY, true)
                .getResultList();
        return Optional.of(orders.stream().map(OrderDetails::of).toList());
    }

    /** One order with its lines; empty when there is no order with that id. */
    public Optional<OrderDetails> order(UUID orderId) {
        return Optional.ofNullable(em.find(Order.class, orderId)).map(OrderDetails::of);
    }
}

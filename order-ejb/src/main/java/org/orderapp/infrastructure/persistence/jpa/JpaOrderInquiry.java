package org.orderapp.infrastructure.persistence.jpa;

import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Tuple;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.orderapp.application.InquiryRow;
import org.orderapp.application.OrderDetails;
import org.orderapp.application.RecentOrders;
import org.orderapp.application.Settings;
import org.orderapp.domain.model.Customer;
import org.orderapp.domain.model.Order;

/**
 * A customer's most recent orders with their lines: the guide's OrderInquiry transaction, through JPA ({@link RecentOrders}
 * in the default order.services.mode), and one order by its id (in every mode).
 */
@Stateless(name = "OrderInquiry")
public class JpaOrderInquiry {

    /**
     * The recent orders and all their lines in one statement: the orders are chosen in a derived table (the index on
     * customer and date, newest first, limited), then joined to their lines and products. The answer is read as
     * values, not entities: nothing to load into the persistence context or to dirty-check at commit, and one round
     * trip instead of one for the orders and one more for their lines (measured with ./order load: the inquiry was
     * a fifth of the server's CPU samples, half of it loading the orders and lines as entities). The rows are put in
     * order by {@link InquiryRow#orders}, not by the database (it says why).
     */
    private static final String RECENT_ORDERS = """
            select o.id as orderId, o.distributionCenterId as center, o.orderDate as orderDate, o.totalAmount as total,
                   l.id.lineNumber as lineNumber, p.id as productId, p.name as productName, l.quantity as quantity,
                   l.unitPrice as unitPrice, l.extendedPrice as extendedPrice, l.backorderedQuantity as backordered
            from (select r.id as id, r.distributionCenterId as distributionCenterId, r.orderDate as orderDate,
                         r.totalAmount as totalAmount
                  from Order r where r.customer.id = :customer
                  order by r.orderDate desc, r.id desc limit :recent) o
            join OrderLine l on l.id.orderId = o.id
            join l.product p""";

    /** How many recent orders an inquiry returns. */
    private final int recentOrders = Settings.integer(Settings.RECENT_ORDERS);

    @PersistenceContext(unitName = "services")
    private EntityManager em;

    /**
     * Empty when there is no such customer; an empty list when the customer has no orders. A database failure is
     * thrown, never taken for a missing customer ({@link EntityLookup}).
     */
    public Optional<List<OrderDetails>> recentOrders(long customerId) {
        if (EntityLookup.byId(em, Customer.class, customerId).isEmpty()) { // the second-level cache answers
            return Optional.empty();
        }
        List<Tuple> rows = em.createQuery(RECENT_ORDERS, Tuple.class)
                .setParameter("customer", customerId)
                .setParameter("recent", recentOrders)
                .getResultList();
        return Optional.of(InquiryRow.orders(customerId, rows.stream().map(JpaOrderInquiry::row).toList()));
    }

    private static InquiryRow row(Tuple t) {
        return new InquiryRow(t.get("orderId", UUID.class), t.get("center", Integer.class), t.get("orderDate", Instant.class),
                t.get("total", BigDecimal.class), new OrderDetails.Line(t.get("lineNumber", Integer.class),
                t.get("productId", Long.class), t.get("productName", String.class), t.get("quantity", Integer.class),
                t.get("unitPrice", BigDecimal.class), t.get("extendedPrice", BigDecimal.class), t.get("backordered", Integer.class)));
    }

    /** One order with its lines; empty when there is no order with that id (a database failure is thrown). */
    public Optional<OrderDetails> order(UUID orderId) {
        return EntityLookup.byId(em, Order.class, orderId).map(OrderDetails::of);
    }
}

package org.orderapp.application;

import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Tuple;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.orderapp.domain.model.Customer;
import org.orderapp.domain.model.Order;

/** A customer's most recent orders with their lines: the guide's OrderInquiry transaction. */
@Stateless
public class OrderInquiry {

    /**
     * The recent orders and all their lines in one statement: the orders are chosen in a derived table (the index on
     * customer and date, newest first, limited), then joined to their lines and products. The answer is read as
     * values, not entities: nothing to load into the persistence context or to dirty-check at commit, and one round
     * trip instead of one for the orders and one more for their lines (measured with ./order load: the inquiry was
     * a fifth of the server's CPU samples, half of it loading the orders and lines as entities). The rows are put in
     * order here, not by the database: sorting the joined rows made it build a temporary table for every inquiry
     * (EXPLAIN: "Using temporary; Using filesort"), a fifth of the statement's cost to the database.
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

    /** Newest first, as the inquiry answers; the same date (to the millisecond) by the larger id, as the index orders. */
    private static final Comparator<Tuple> NEWEST_FIRST = Comparator.<Tuple, Instant>comparing(row -> row.get("orderDate", Instant.class))
            .thenComparing(row -> row.get("orderId", UUID.class), OrderInquiry::compareAsStored)
            .reversed()
            .thenComparing(row -> row.get("lineNumber", Integer.class));

    /** How many recent orders an inquiry returns. */
    private final int recentOrders = Settings.integer(Settings.RECENT_ORDERS);

    @PersistenceContext(unitName = "services")
    private EntityManager em;

    /** Empty when there is no such customer; an empty list when the customer has no orders. */
    public Optional<List<OrderDetails>> recentOrders(long customerId) {
        if (em.find(Customer.class, customerId) == null) { // the second-level cache answers
            return Optional.empty();
        }
        List<Tuple> rows = em.createQuery(RECENT_ORDERS, Tuple.class)
                .setParameter("customer", customerId)
                .setParameter("recent", recentOrders)
                .getResultList();
        return Optional.of(ordersOf(customerId, rows));
    }

    /** The orders newest first, each with its lines in order. */
    private static List<OrderDetails> ordersOf(long customerId, List<Tuple> unordered) {
        List<Tuple> rows = new ArrayList<>(unordered);
        rows.sort(NEWEST_FIRST);
        List<OrderDetails> orders = new ArrayList<>();
        UUID current = null;
        List<OrderDetails.Line> lines = null;
        Tuple head = null;
        for (Tuple row : rows) {
            UUID id = row.get("orderId", UUID.class);
            if (!id.equals(current)) {
                if (head != null) {
                    orders.add(order(customerId, head, lines));
                }
                current = id;
                head = row;
                lines = new ArrayList<>();
            }
            lines.add(new OrderDetails.Line(row.get("lineNumber", Integer.class), row.get("productId", Long.class),
                    row.get("productName", String.class), row.get("quantity", Integer.class),
                    row.get("unitPrice", BigDecimal.class), row.get("extendedPrice", BigDecimal.class),
                    row.get("backordered", Integer.class)));
        }
        if (head != null) {
            orders.add(order(customerId, head, lines));
        }
        return orders;
    }

    private static OrderDetails order(long customerId, Tuple head, List<OrderDetails.Line> lines) {
        return new OrderDetails(head.get("orderId", UUID.class).toString(), customerId, head.get("center", Integer.class),
                head.get("orderDate", Instant.class), head.get("total", BigDecimal.class), List.copyOf(lines));
    }

    /** Two ids as the database orders them: BINARY(16), byte by byte, unsigned. */
    private static int compareAsStored(UUID a, UUID b) {
        int high = Long.compareUnsigned(a.getMostSignificantBits(), b.getMostSignificantBits());
        return high != 0 ? high : Long.compareUnsigned(a.getLeastSignificantBits(), b.getLeastSignificantBits());
    }

    /** One order with its lines; empty when there is no order with that id. */
    public Optional<OrderDetails> order(UUID orderId) {
        return Optional.ofNullable(em.find(Order.class, orderId)).map(OrderDetails::of);
    }
}

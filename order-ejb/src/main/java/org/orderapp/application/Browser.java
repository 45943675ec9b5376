package org.orderapp.application;

import jakarta.ejb.Stateful;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.context.SessionScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.io.Serializable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.hibernate.jpa.HibernateHints;
import org.orderapp.domain.model.Order;

/**
 * The guide's stateful paging bean: one per client, held by its HTTP session (CDI's session scope), and removed by
 * the container when the session ends. A search runs once, limited to {@value #MAX_ROWS} rows (setMaxResults),
 * and the client then pages through the held rows {@value #PAGE_SIZE} at a time, forwards and backwards, without
 * asking the database again. A new search replaces the old one in the same instance. Its state is serializable,
 * so it survives passivation. Turning pages touches no resource, so it runs without a transaction; the searches
 * read in one, and read-only: the orders they load are only summarised, never changed, so Hibernate keeps no
 * snapshot of them to compare at commit.
 */
@Stateful
@SessionScoped
public class Browser implements Serializable {

    private static final long serialVersionUID = 1L;

    public static final int MAX_ROWS = 500;
    public static final int PAGE_SIZE = 20;

    @PersistenceContext(unitName = "services")
    private EntityManager em;

    private ArrayList<Serializable> rows = new ArrayList<>();
    private boolean truncated;
    private int pageIndex;

    /** A customer's orders placed in [from, to), newest first. */
    public Page<OrderSummary> searchOrders(long customerId, Instant from, Instant to) {
        List<OrderSummary> found = em.createQuery("select o from Order o "
                        + "where o.customer.id = :customer and o.orderDate >= :from and o.orderDate < :to "
                        + "order by o.orderDate desc, o.id desc", Order.class)
                .setParameter("customer", customerId)
                .setParameter("from", from)
                .setParameter("to", to)
                .setMaxResults(MAX_ROWS + 1) // one more tells whether the limit cut the result
                .setHint(HibernateHints.HINT_READ_ONLY, true)
                .getResultStream()
                .map(o -> new OrderSummary(o.getId().toString(), o.getCustomer().getId(), o.getOrderDate(), o.getTotalAmount()))
                .toList();
        return hold(found);
    }

    /** Products whose name starts with the prefix, by name. */
    public Page<ProductSummary> searchProducts(String namePrefix) {
        String escaped = namePrefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
        List<ProductSummary> found = em.createQuery("select new org.orderapp.application.ProductSummary("
                        + "p.id, p.name, p.unitCost) from Product p where p.name like :prefix escape '\\' "
                        + "order by p.name, p.id", ProductSummary.class)
                .setParameter("prefix", escaped + "%")
                .setMaxResults(MAX_ROWS + 1)
                .getResultList();
        return hold(found);
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public <T extends Serializable> Page<T> next() {
        if ((pageIndex + 1) * PAGE_SIZE < rows.size()) {
            pageIndex++;
        }
        return current();
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public <T extends Serializable> Page<T> previous() {
        if (pageIndex > 0) {
            pageIndex--;
        }
        return current();
    }

    @SuppressWarnings("unchecked")
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public <T extends Serializable> Page<T> current() {
        int from = pageIndex * PAGE_SIZE;
        int to = Math.min(from + PAGE_SIZE, rows.size());
        var items = new ArrayList<T>();
        for (Serializable row : rows.subList(Math.min(from, to), to)) {
            items.add((T) row);
        }
        int pages = Math.max(1, (rows.size() + PAGE_SIZE - 1) / PAGE_SIZE);
        return new Page<>(List.copyOf(items), pageIndex + 1, pages, rows.size(), pageIndex > 0, to < rows.size(), truncated);
    }

    /** Drops the held rows: the client starts again (the instance itself goes with the session). */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public void clear() {
        hold(List.of());
    }

    private <T extends Serializable> Page<T> hold(List<T> found) {
        truncated = found.size() > MAX_ROWS;
        rows = new ArrayList<>(truncated ? found.subList(0, MAX_ROWS) : found);
        pageIndex = 0;
        return current();
    }
}

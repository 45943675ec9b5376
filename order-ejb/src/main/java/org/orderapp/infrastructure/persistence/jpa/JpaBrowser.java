package org.orderapp.infrastructure.persistence.jpa;

import jakarta.ejb.Stateful;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.context.SessionScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.io.Serializable;
import java.time.Instant;
import java.util.List;
import org.hibernate.jpa.HibernateHints;
import org.orderapp.application.browse.Browser;
import org.orderapp.application.browse.HeldRows;
import org.orderapp.application.browse.OrderSummary;
import org.orderapp.application.browse.Page;
import org.orderapp.application.browse.ProductSummary;
import org.orderapp.domain.model.Order;

/**
 * The {@link Browser} as a stateful bean in CDI's session scope, so the container removes it when the HTTP session
 * ends. Turning pages touches no resource, so it runs without a transaction; the searches read in one, and read-only:
 * the orders they load are only summarised, never changed, so Hibernate keeps no snapshot of them to compare at commit.
 */
@Stateful(name = "Browser")
@SessionScoped
@TransactionAttribute(TransactionAttributeType.SUPPORTS)
public class JpaBrowser implements Browser, Serializable {

    private static final long serialVersionUID = 1L;

    @PersistenceContext(unitName = "services")
    private EntityManager em;

    private HeldRows held = new HeldRows();

    @Override
    @TransactionAttribute(TransactionAttributeType.REQUIRED)
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
        return held.hold(found);
    }

    @Override
    @TransactionAttribute(TransactionAttributeType.REQUIRED)
    public Page<ProductSummary> searchProducts(String namePrefix) {
        String escaped = namePrefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
        List<ProductSummary> found = em.createQuery("select new " + ProductSummary.class.getName() + "("
                        + "p.id, p.name, p.unitCost) from Product p where p.name like :prefix escape '\\' "
                        + "order by p.name, p.id", ProductSummary.class)
                .setParameter("prefix", escaped + "%")
                .setMaxResults(MAX_ROWS + 1)
                .getResultList();
        return held.hold(found);
    }

    // Paging touches no resource: no transaction of its own (SUPPORTS, the class's default).
    @Override public <T extends Serializable> Page<T> next() { return held.next(); }
    @Override public <T extends Serializable> Page<T> previous() { return held.previous(); }
    @Override public <T extends Serializable> Page<T> current() { return held.current(); }
    @Override public void clear() { held.hold(List.of()); }
}

package org.orderapp.infrastructure.persistence;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import org.orderapp.application.OrderAttempt;
import org.orderapp.application.OrderInquiry;
import org.orderapp.application.OrderTransaction;
import org.orderapp.application.RecentOrders;
import org.orderapp.application.Settings;

/**
 * Which implementation takes orders and answers inquiries: order.services.mode, read once when the application first
 * needs it (a run switches it with -D at server start). jpa, the default: OrderTransaction and OrderInquiry; jdbc: their
 * plain-JDBC twins, the ceiling of ./order experiment framework-overhead. Each caller is given the chosen bean's method,
 * so neither path pays for the choice per request, and both are reached through the same EJB layers. The beans do not
 * implement the two interfaces themselves: each interface would then have three beans and no default one.
 */
@ApplicationScoped
public class ServiceImplementations {

    @EJB
    private OrderTransaction jpaOrders;
    @EJB
    private JdbcOrderTransaction jdbcOrders;
    @EJB
    private OrderInquiry jpaInquiry;
    @EJB
    private JdbcOrderInquiry jdbcInquiry;

    private OrderAttempt orders;
    private RecentOrders inquiry;

    @PostConstruct
    void choose() {
        switch (Settings.servicesMode()) {
            case "jpa" -> {
                orders = jpaOrders::createOrder;
                inquiry = jpaInquiry::recentOrders;
            }
            case "jdbc" -> {
                orders = jdbcOrders::createOrder;
                inquiry = jdbcInquiry::recentOrders;
            }
            default -> throw new IllegalStateException("a mode Settings.servicesMode() does not allow");
        }
    }

    @Produces
    public OrderAttempt orders() {
        return orders;
    }

    @Produces
    public RecentOrders inquiry() {
        return inquiry;
    }
}

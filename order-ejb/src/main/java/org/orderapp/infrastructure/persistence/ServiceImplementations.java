package org.orderapp.infrastructure.persistence;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import org.orderapp.application.OrderAttempt;
import org.orderapp.application.OrderLookup;
import org.orderapp.application.RecentOrders;
import org.orderapp.application.Settings;
import org.orderapp.infrastructure.persistence.jdbc.JdbcOrderInquiry;
import org.orderapp.infrastructure.persistence.jdbc.JdbcOrderTransaction;
import org.orderapp.infrastructure.persistence.jpa.JpaOrderInquiry;
import org.orderapp.infrastructure.persistence.jpa.JpaOrderTransaction;

/**
 * Which implementation takes orders and answers inquiries: order.services.mode, read once when the application first
 * needs it (a run switches it with -D at server start). jpa, the default: JpaOrderTransaction and JpaOrderInquiry; jdbc:
 * their plain-JDBC twins, the ceiling of ./order experiment framework-overhead. Each caller is given the chosen bean's
 * method, so neither path pays for the choice per request, and both are reached through the same EJB layers. The beans
 * do not implement the interfaces themselves: each interface would then have three beans and no default one. One
 * order by its id is JPA's in every mode.
 */
@ApplicationScoped
public class ServiceImplementations {

    @EJB
    private JpaOrderTransaction jpaOrders;
    @EJB
    private JdbcOrderTransaction jdbcOrders;
    @EJB
    private JpaOrderInquiry jpaInquiry;
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

    @Produces
    public OrderLookup orderLookup() {
        return jpaInquiry::order;
    }
}

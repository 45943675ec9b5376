package org.orderapp.infrastructure.persistence.jdbc;

import jakarta.annotation.Resource;
import jakarta.ejb.EJBException;
import jakarta.ejb.Stateless;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.orderapp.application.InquiryRow;
import org.orderapp.application.OrderDetails;
import org.orderapp.application.Settings;

/**
 * The JPA inquiry's recent orders in plain JDBC (order.services.mode=jdbc): the same statement in SQL, the same rows
 * put in the same order by {@link InquiryRow#orders}. Whether the customer exists is asked only when it has no recent
 * orders: an order names an existing customer (a foreign key), so rows answer that question too.
 */
@Stateless
public class JdbcOrderInquiry {

    private static final String RECENT_ORDERS = """
            select o.id, o.distribution_center_id, o.order_date, o.total_amount, l.line_number, l.product_id, p.name,
                   l.quantity, l.unit_price, l.extended_price, l.backordered_quantity
            from (select r.id, r.distribution_center_id, r.order_date, r.total_amount
                  from orders r where r.customer_id = ?
                  order by r.order_date desc, r.id desc limit ?) o
            join order_line l on l.order_id = o.id
            join product p on p.id = l.product_id""";
    private static final String CUSTOMER_EXISTS = "select 1 from customer where id = ?";

    private final int recentOrders = Settings.integer(Settings.RECENT_ORDERS);

    @Resource(lookup = "java:jboss/datasources/OrderDS")
    private DataSource dataSource;

    public Optional<List<OrderDetails>> recentOrders(long customerId) {
        try (Connection connection = dataSource.getConnection()) {
            List<InquiryRow> rows = rows(connection, customerId);
            if (rows.isEmpty() && !customerExists(connection, customerId)) {
                return Optional.empty();
            }
            return Optional.of(InquiryRow.orders(customerId, rows));
        } catch (SQLException e) {
            throw new EJBException("inquiry of customer " + customerId + " failed: " + e.getMessage(), e);
        }
    }

    private List<InquiryRow> rows(Connection connection, long customerId) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(RECENT_ORDERS)) {
            statement.setLong(1, customerId);
            statement.setInt(2, recentOrders);
            try (ResultSet row = statement.executeQuery()) {
                List<InquiryRow> rows = new ArrayList<>();
                while (row.next()) {
                    rows.add(new InquiryRow(JdbcValues.getUuid(row, 1), row.getInt(2), JdbcValues.getInstant(row, 3),
                            row.getBigDecimal(4), new OrderDetails.Line(row.getInt(5), row.getLong(6), row.getString(7),
                            row.getInt(8), row.getBigDecimal(9), row.getBigDecimal(10), row.getInt(11))));
                }
                return rows;
            }
        }
    }

    private static boolean customerExists(Connection connection, long customerId) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(CUSTOMER_EXISTS)) {
            statement.setLong(1, customerId);
            try (ResultSet row = statement.executeQuery()) {
                return row.next();
            }
        }
    }
}

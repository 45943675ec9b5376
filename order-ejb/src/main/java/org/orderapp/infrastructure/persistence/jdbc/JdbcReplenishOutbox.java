package org.orderapp.infrastructure.persistence.jdbc;

import jakarta.annotation.Resource;
import jakarta.ejb.EJBException;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import org.orderapp.application.replenish.ReplenishOutbox;
import org.orderapp.application.replenish.ReplenishRequest;
import org.orderapp.domain.model.InventoryId;

/**
 * replenish_outbox and relay_lease in plain JDBC, for both service modes: on OrderDS, whose connection within the
 * order's JTA transaction is the one Hibernate uses too, so the request commits or rolls back with the order. The
 * relay's statements run outside a transaction, each committing by itself.
 */
@Stateless
public class JdbcReplenishOutbox implements ReplenishOutbox {

    private static final String LEASE = "replenish";

    @Resource(lookup = "java:jboss/datasources/OrderDS")
    private DataSource dataSource;

    @Override
    @TransactionAttribute(TransactionAttributeType.MANDATORY)
    public void add(ReplenishRequest request) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement("insert into replenish_outbox"
                + " (request_id, order_id, product_id, distribution_center_id, quantity, created_at) values (?, ?, ?, ?, ?, ?)")) {
            JdbcValues.setUuid(s, 1, request.requestId());
            JdbcValues.setUuid(s, 2, request.orderId());
            s.setLong(3, request.inventory().getProductId());
            s.setInt(4, request.inventory().getDistributionCenterId());
            s.setInt(5, request.quantity());
            JdbcValues.setInstant(s, 6, Instant.now().truncatedTo(ChronoUnit.MILLIS));
            s.executeUpdate();
        } catch (SQLException e) {
            throw new EJBException("writing replenish request " + request.requestId() + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public List<ReplenishRequest> pending(int max) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement("select request_id, order_id,"
                + " product_id, distribution_center_id, quantity from replenish_outbox where sent_at is null"
                + " order by created_at limit ?")) {
            s.setInt(1, max);
            var requests = new ArrayList<ReplenishRequest>();
            try (ResultSet row = s.executeQuery()) {
                while (row.next()) {
                    UUID order = row.getBytes(2) == null ? null : JdbcValues.getUuid(row, 2);
                    requests.add(new ReplenishRequest(JdbcValues.getUuid(row, 1), order,
                            new InventoryId(row.getLong(3), row.getInt(4)), row.getInt(5)));
                }
            }
            return requests;
        } catch (SQLException e) {
            throw new EJBException("reading the replenish outbox failed: " + e.getMessage(), e);
        }
    }

    @Override
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public void markSent(List<UUID> requestIds) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("update replenish_outbox set sent_at = ? where request_id = ?")) {
            Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
            for (UUID id : requestIds) {
                JdbcValues.setInstant(s, 1, now);
                JdbcValues.setUuid(s, 2, id);
                s.addBatch();
            }
            s.executeBatch();
        } catch (SQLException e) {
            throw new EJBException("marking replenish requests sent failed: " + e.getMessage(), e);
        }
    }

    @Override
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public boolean holdLease(String holder, Duration lease) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement("update relay_lease"
                + " set holder = ?, expires_at = now(3) + interval ? second where name = ? and (holder = ? or expires_at < now(3))")) {
            s.setString(1, holder);
            s.setLong(2, lease.toSeconds());
            s.setString(3, LEASE);
            s.setString(4, holder);
            return s.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new EJBException("taking the relay lease failed: " + e.getMessage(), e);
        }
    }
}

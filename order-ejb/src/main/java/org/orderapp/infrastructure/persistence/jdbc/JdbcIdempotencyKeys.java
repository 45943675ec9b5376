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
import java.sql.SQLIntegrityConstraintViolationException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;
import org.orderapp.application.IdempotencyKey;
import org.orderapp.application.IdempotencyKeys;
import org.orderapp.application.contention.KeyTakenException;

/**
 * The idempotency_key table in plain JDBC, for both service modes: on OrderDS, whose connection within one JTA
 * transaction is the one Hibernate uses too (the pool shares it), so the key commits or rolls back with the order.
 */
@Stateless
public class JdbcIdempotencyKeys implements IdempotencyKeys {

    @Resource(lookup = "java:jboss/datasources/OrderDS")
    private DataSource dataSource;

    @Override
    public Optional<Stored> find(String key) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("select request_hash, order_id from idempotency_key where idempotency_key = ?")) {
            s.setString(1, key);
            try (ResultSet row = s.executeQuery()) {
                return row.next() ? Optional.of(new Stored(row.getBytes(1), JdbcValues.getUuid(row, 2))) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new EJBException("reading idempotency key " + key + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    @TransactionAttribute(TransactionAttributeType.MANDATORY)
    public void claim(IdempotencyKey key, UUID orderId) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(
                "insert into idempotency_key (idempotency_key, request_hash, order_id, created_at) values (?, ?, ?, ?)")) {
            s.setString(1, key.value());
            s.setBytes(2, key.requestHash());
            JdbcValues.setUuid(s, 3, orderId);
            JdbcValues.setInstant(s, 4, Instant.now().truncatedTo(ChronoUnit.MILLIS));
            s.executeUpdate();
        } catch (SQLIntegrityConstraintViolationException e) {
            throw new KeyTakenException(key.value());
        } catch (SQLException e) {
            throw new EJBException("storing idempotency key " + key.value() + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public int deleteBefore(Instant time) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("delete from idempotency_key where created_at < ?")) {
            JdbcValues.setInstant(s, 1, time);
            return s.executeUpdate();
        } catch (SQLException e) {
            throw new EJBException("deleting idempotency keys failed: " + e.getMessage(), e);
        }
    }
}

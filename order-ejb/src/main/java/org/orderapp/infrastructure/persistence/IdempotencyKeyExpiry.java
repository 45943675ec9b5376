package org.orderapp.infrastructure.persistence;

import jakarta.ejb.EJB;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.time.Duration;
import java.time.Instant;
import java.util.logging.Logger;
import org.orderapp.application.IdempotencyKeys;
import org.orderapp.application.Settings;

/**
 * Deletes the idempotency keys older than order.idempotency.retention-hours, every ten minutes on every node: a
 * delete by time is the same wherever it runs, so no node needs to be chosen for it.
 */
@Singleton
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class IdempotencyKeyExpiry {

    private static final Logger LOG = Logger.getLogger(IdempotencyKeyExpiry.class.getName());

    private final Duration retention = Duration.ofHours(Settings.integer(Settings.IDEMPOTENCY_RETENTION_HOURS));

    @EJB
    private IdempotencyKeys keys;

    @Schedule(hour = "*", minute = "*/10", persistent = false)
    void deleteExpired() {
        int deleted = keys.deleteBefore(Instant.now().minus(retention));
        LOG.fine(() -> deleted + " idempotency keys older than " + retention + " deleted");
    }
}

package org.orderapp.driver.audit;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Calendar;
import java.util.TimeZone;

/**
 * Replenish requests written to the outbox (order.replenish.delivery=outbox) and not yet published when the audit
 * read it, and how long the oldest of them had waited: a request the relay has not sent is no loss yet, but one that
 * waits long says the relay is stuck. unpublished is -1 when the schema has no outbox (an older checkout's, which
 * experiments may run); oldestAgeSeconds is null when nothing waits.
 */
public record OutboxBacklog(long unpublished, Double oldestAgeSeconds) {

    /** The schema has no outbox table. */
    public static final OutboxBacklog NO_OUTBOX = new OutboxBacklog(-1, null);

    /** created_at holds the UTC wall-clock time, as the server writes every instant (its JdbcValues, Hibernate). */
    private static final Calendar UTC = Calendar.getInstance(TimeZone.getTimeZone("UTC"));

    public boolean any() {
        return unpublished > 0;
    }

    /**
     * The backlog at {@code now}. The age compares the server's clock (it wrote created_at) with this one: the same
     * machine's in every stack ./order starts.
     */
    public static OutboxBacklog read(Connection c, Instant now) throws SQLException {
        try (var s = c.createStatement();
             var r = s.executeQuery("SELECT COUNT(*), MIN(created_at) FROM replenish_outbox WHERE sent_at IS NULL")) {
            r.next();
            long count = r.getLong(1);
            Timestamp oldest = r.getTimestamp(2, UTC);
            if (count == 0 || oldest == null) {
                return new OutboxBacklog(0, null);
            }
            double age = Duration.between(oldest.toInstant(), now).toMillis() / 1000.0;
            return new OutboxBacklog(count, Math.max(0, age));
        } catch (SQLException noSuchTable) {
            if (!"42S02".equals(noSuchTable.getSQLState()) && !"42S04".equals(noSuchTable.getSQLState())
                    && noSuchTable.getErrorCode() != 1146) {
                throw noSuchTable;
            }
            return NO_OUTBOX;
        }
    }

    /** Taken with another copy of the data (another node of a database cluster): what either found waiting. */
    OutboxBacklog and(OutboxBacklog other) {
        // Spelled out: a conditional mixing Double and double unboxes both, and null then throws.
        Double age;
        if (oldestAgeSeconds == null) {
            age = other.oldestAgeSeconds;
        } else if (other.oldestAgeSeconds == null) {
            age = oldestAgeSeconds;
        } else {
            age = Math.max(oldestAgeSeconds, other.oldestAgeSeconds);
        }
        return new OutboxBacklog(Math.max(unpublished, other.unpublished), age);
    }
}

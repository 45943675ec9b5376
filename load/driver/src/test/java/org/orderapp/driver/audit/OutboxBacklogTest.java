package org.orderapp.driver.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Calendar;
import java.util.TimeZone;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The audit's read of the replenish outbox on a real (in-memory) database, the table as the schema migration makes it:
 * rows with sent_at NULL are counted, the oldest's age is taken from its created_at (UTC wall clock, as the server
 * writes it), a published row is not counted, and a schema without the table says so instead of failing the audit.
 */
class OutboxBacklogTest {

    private static final Calendar UTC = Calendar.getInstance(TimeZone.getTimeZone("UTC"));
    private static final Instant NOW = Instant.parse("2026-11-27T12:00:00Z");

    private Connection c;

    @BeforeEach
    void database() throws Exception {
        c = DriverManager.getConnection("jdbc:h2:mem:outbox-backlog;MODE=MariaDB;DB_CLOSE_DELAY=-1", "sa", "");
        try (var s = c.createStatement()) {
            s.execute("""
                    CREATE TABLE replenish_outbox (
                        request_id BINARY(16) NOT NULL PRIMARY KEY, order_id BINARY(16) NULL, product_id BIGINT NOT NULL,
                        distribution_center_id INT NOT NULL, quantity INT NOT NULL, created_at DATETIME(3) NOT NULL,
                        sent_at DATETIME(3) NULL)""");
        }
    }

    @AfterEach
    void drop() throws Exception {
        try (var s = c.createStatement()) {
            s.execute("DROP ALL OBJECTS");
        }
        c.close();
    }

    @Test
    void nothingWritten() throws Exception {
        var backlog = OutboxBacklog.read(c, NOW);
        assertEquals(0, backlog.unpublished());
        assertNull(backlog.oldestAgeSeconds());
        assertFalse(backlog.any());
    }

    @Test
    void unpublishedRequestsAreCountedWithTheOldestsAge() throws Exception {
        row(1, NOW.minusMillis(42_500), null);
        row(2, NOW.minusSeconds(3), null);
        row(3, NOW.minusSeconds(600), NOW.minusSeconds(599)); // published long ago: not waiting
        var backlog = OutboxBacklog.read(c, NOW);
        assertEquals(2, backlog.unpublished());
        assertEquals(42.5, backlog.oldestAgeSeconds(), 1e-9);
        assertTrue(backlog.any());
    }

    @Test
    void everyRequestPublished() throws Exception {
        row(1, NOW.minusSeconds(10), NOW.minusSeconds(9));
        assertEquals(new OutboxBacklog(0, null), OutboxBacklog.read(c, NOW));
    }

    @Test
    void aSchemaWithoutTheOutboxIsSaidSo() throws Exception {
        try (var s = c.createStatement()) {
            s.execute("DROP TABLE replenish_outbox");
        }
        assertEquals(OutboxBacklog.NO_OUTBOX, OutboxBacklog.read(c, NOW));
    }

    @Test
    void twoCopiesOfTheDataGiveTheLargerBacklog() {
        var none = new OutboxBacklog(0, null);
        var some = new OutboxBacklog(3, 12.0);
        assertEquals(some, none.and(some));
        assertEquals(some, some.and(none));
        assertEquals(new OutboxBacklog(5, 12.0), some.and(new OutboxBacklog(5, 2.0)));
        // Every audit of a database cluster whose outbox is empty on both copies (the common case) takes this path.
        assertEquals(none, none.and(new OutboxBacklog(0, null)));
        assertEquals(OutboxBacklog.NO_OUTBOX, OutboxBacklog.NO_OUTBOX.and(OutboxBacklog.NO_OUTBOX));
    }

    private void row(int id, Instant created, Instant sent) throws Exception {
        try (var s = c.prepareStatement("INSERT INTO replenish_outbox (request_id, product_id, distribution_center_id, quantity,"
                + " created_at, sent_at) VALUES (?, 1, 1, 10, ?, ?)")) {
            byte[] key = new byte[16];
            key[15] = (byte) id;
            s.setBytes(1, key);
            s.setTimestamp(2, Timestamp.from(created), UTC);
            s.setTimestamp(3, sent == null ? null : Timestamp.from(sent), UTC);
            s.executeUpdate();
        }
    }
}

package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import jakarta.json.JsonObject;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A crash in the middle of a chunk, then a restart: the load finishes from its last checkpoint with no row
 * missing and none twice, the same rows (checksums) as an uninterrupted load with the same seed.
 *
 * <p>The crash is made to land inside a chunk, deterministically: the test holds a row lock on one product, so
 * the loader's multi-row INSERT of inventory stops half-way through a chunk (InnoDB checks the foreign key on
 * each row with a shared lock on the product row). The database then shows the loader's transaction waiting
 * with rows already written and not committed. At that moment the server JVM gets SIGKILL: no graceful stop,
 * nothing flushed, the connection dropped. The database rolls the open chunk back; the job repository on the same
 * datasource holds the checkpoint committed with the last complete chunk. The server starts again from the same
 * base directory, finds the load STARTED but run by nobody, and restarts it: the step resumes at the checkpoint.
 */
class ReferenceDataRestartIT {

    private static final String SCALE = "0.01"; // 2,500 products, 62,500 inventory rows
    private static final int BATCH = 1_000;
    private static final String LOAD = "scale=" + SCALE + "&seed=5&batchSize=" + BATCH;
    private static final int CENTERS = 25;
    /** Chunk 10 of inventory covers products 401 to 440; the lock on 421 stops it after 20 products. */
    private static final long LOCKED_PRODUCT = 421;
    private static final long COMMITTED_INVENTORY = 10 * BATCH;
    private static final long WRITTEN_IN_OPEN_CHUNK = (LOCKED_PRODUCT - 401) * CENTERS;

    @Test
    void aServerKilledInTheMiddleOfAChunkFinishesTheLoadFromItsCheckpointWithTheSameRows() throws Exception {
        try (var server = new CrashableServer(Path.of(System.getProperty("order.it.dir", "target"), "crash-server"))) {
            server.start();
            var admin = new ReferenceDataApi(server.applicationUrl());
            Map<String, Long> plan = admin.plan(SCALE);

            admin.resetAll();
            admin.loadAndWait(LOAD);
            var uninterrupted = ReferenceDataTables.read();
            plan.forEach((table, rows) -> assertEquals(rows, uninterrupted.get(table).rows(), table));

            admin.resetAll(); // synchronous: the tables are empty before the load starts
            long execution = admin.start(LOAD);
            long loaderThread;
            try (Connection lock = TestDatabase.connect()) {
                lockProductWhenLoaded(lock);
                Waiting waiting = awaitLoaderBlockedInsideAChunk();
                loaderThread = waiting.thread();
                System.out.printf("The loader's transaction waits with %,d rows of its chunk written, not committed; "
                        + "%,d inventory rows committed. SIGKILL to the server JVM (pid %d)%n", waiting.rowsModified(),
                        ReferenceDataTables.count("inventory"), server.pid());
                assertEquals(WRITTEN_IN_OPEN_CHUNK, waiting.rowsModified(), "the chunk is half written");
                assertEquals(COMMITTED_INVENTORY, ReferenceDataTables.count("inventory"), "ten chunks are committed");
                server.kill();
                lock.rollback();
            }
            awaitGone(loaderThread);
            assertEquals(COMMITTED_INVENTORY, ReferenceDataTables.count("inventory"),
                    "the open chunk was rolled back: only committed chunks remain");
            assertNotEquals(uninterrupted, ReferenceDataTables.read());

            server.start();
            admin = new ReferenceDataApi(server.applicationUrl());
            JsonObject interrupted = admin.status();
            assertEquals(execution, interrupted.getJsonNumber("executionId").longValue());
            assertEquals("INTERRUPTED", interrupted.getString("state"), interrupted.toString());
            assertTrue(interrupted.getBoolean("restartable"), interrupted.toString());
            assertEquals(COMMITTED_INVENTORY, ReferenceDataApi.tableRows(interrupted).get("inventory"),
                    "the job repository's figures are the committed ones");

            var reply = admin.load(LOAD);
            assertEquals(409, reply.status(), "a new load is refused while one waits for its restart: " + reply.body());

            reply = admin.restart();
            assertEquals(202, reply.status(), reply.body());
            long restarted = reply.object().getJsonNumber("executionId").longValue();
            JsonObject end = admin.await(restarted);
            assertEquals("COMPLETED", end.getString("state"), end.toString());

            var resumedFrom = end.getJsonArray("tables").getValuesAs(JsonObject.class).stream()
                    .collect(java.util.stream.Collectors.toMap(t -> t.getString("table"),
                            t -> t.containsKey("resumedFrom") ? t.getJsonNumber("resumedFrom").longValue() : -1L)); // null: left out
            assertEquals(COMMITTED_INVENTORY, resumedFrom.get("inventory"), "inventory resumed at its checkpoint");
            assertEquals(-1L, resumedFrom.get("customer"), "completed steps are not run again");
            assertEquals(plan.get("inventory") - COMMITTED_INVENTORY + plan.get("supplier_inventory"),
                    end.getJsonNumber("rowsWritten").longValue(), "the restart wrote only what was missing");

            var restartedContent = ReferenceDataTables.read();
            plan.forEach((table, rows) -> assertEquals(rows, restartedContent.get(table).rows(), table + ": row count"));
            assertEquals(uninterrupted, restartedContent, "the same rows as the uninterrupted load (checksums)");

            admin.resetAll();
        }
    }

    /** Waits until the product row exists (committed by the products step), then locks it for update. */
    private static void lockProductWhenLoaded(Connection c) throws Exception {
        c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
        long deadline = System.nanoTime() + 300_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (TestData.longValue(c, "SELECT COUNT(*) FROM product WHERE id = " + LOCKED_PRODUCT) == 1) {
                c.setAutoCommit(false);
                assertEquals(LOCKED_PRODUCT, TestData.longValue(c, "SELECT id FROM product WHERE id = " + LOCKED_PRODUCT
                        + " FOR UPDATE"));
                assertEquals(0, ReferenceDataTables.count("inventory"), "locked before inventory was loaded");
                return;
            }
            Thread.sleep(5);
        }
        fail("product " + LOCKED_PRODUCT + " was not loaded");
    }

    record Waiting(long thread, long rowsModified) {
    }

    /** The loader's transaction, waiting for the lock with part of its chunk written. */
    private static Waiting awaitLoaderBlockedInsideAChunk() throws Exception {
        long deadline = System.nanoTime() + 300_000_000_000L;
        try (Connection c = TestDatabase.connectAsTester(); var s = c.createStatement()) {
            while (System.nanoTime() < deadline) {
                try (var r = s.executeQuery("SELECT trx_mysql_thread_id, trx_rows_modified FROM information_schema.INNODB_TRX "
                        + "WHERE trx_state = 'LOCK WAIT'")) {
                    if (r.next()) {
                        return new Waiting(r.getLong(1), r.getLong(2));
                    }
                }
                // InnoDB refreshes what INNODB_TRX shows only when it was not read for 100 ms.
                Thread.sleep(250);
            }
        }
        return fail("the loader never reached the locked product");
    }

    /** Waits until the database has closed the dead server's connection (and so rolled back its transaction). */
    private static void awaitGone(long thread) throws Exception {
        long deadline = System.nanoTime() + 120_000_000_000L;
        try (Connection c = TestDatabase.connect()) {
            while (System.nanoTime() < deadline) {
                if (TestData.longValue(c, "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID = " + thread) == 0) {
                    return;
                }
                Thread.sleep(100);
            }
        }
        fail("the database kept the killed server's connection " + thread);
    }
}

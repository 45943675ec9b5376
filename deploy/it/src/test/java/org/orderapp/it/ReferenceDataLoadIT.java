package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.URL;
import java.util.ArrayList;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The reference-data load (Jakarta Batch job on batch-services) through its admin API: every row of the plan, as
 * multi-row INSERTs; the same rows from the same seed whichever writer; refusal over existing data; the two
 * resets; progress readable while it runs; bad input. Every test starts and ends with empty tables.
 */
@ExtendWith(ArquillianExtension.class)
class ReferenceDataLoadIT {

    private static final String SCALE = "0.002"; // 19,534 rows
    private static final int BATCH = 1_000;

    @Deployment(testable = false, name = OrderDeployment.NAME)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @ArquillianResource
    @OperateOnDeployment(OrderDeployment.NAME)
    URL base;

    private ReferenceDataApi admin;

    @BeforeEach
    @AfterEach
    void emptyTables() {
        admin = new ReferenceDataApi(base);
        admin.resetAll();
    }

    @Test
    void loadsEveryPlannedRowWithOneMultiRowInsertPerChunk() throws Exception {
        Map<String, Long> plan = admin.plan(SCALE);
        long chunks = plan.values().stream().mapToLong(rows -> (rows + BATCH - 1) / BATCH).sum();
        long total = plan.values().stream().mapToLong(Long::longValue).sum();
        StatusCounters statements;
        JsonObject end;
        try (var counters = new StatusCounters.Probe()) {
            var before = counters.read();
            end = admin.loadAndWait("scale=" + SCALE + "&seed=11&batchSize=" + BATCH);
            statements = counters.read().minus(before);
        }
        assertEquals(plan, ReferenceDataTables.counts(), "every table holds the rows of the plan");
        assertEquals(total, end.getJsonNumber("rowsDone").longValue());
        assertEquals(total, end.getJsonNumber("rowsWritten").longValue());
        assertEquals(total, end.getJsonNumber("rowsTotal").longValue());
        assertTrue(end.getJsonNumber("rowsPerSecond").doubleValue() > 0, end.toString());
        System.out.printf("%,d rows in %,d chunks of %,d: %,d INSERT statements at the database%n", total, chunks, BATCH,
                statements.inserts());
        // One INSERT per chunk (Hibernate's JDBC batch rewritten by Connector/J), plus the job repository's few rows
        // (job instance, execution, one per step); row by row it would be 19,534.
        assertTrue(statements.inserts() >= chunks && statements.inserts() <= chunks + 20,
                statements.inserts() + " INSERT statements for " + chunks + " chunks");
    }

    @Test
    void theSameSeedGivesTheSameRowsWhicheverWriterAndAnotherSeedOtherRows() throws Exception {
        admin.loadAndWait("scale=" + SCALE + "&seed=11&batchSize=" + BATCH);
        var jpa = ReferenceDataTables.read();
        admin.loadAndWait("scale=" + SCALE + "&seed=11&batchSize=" + (BATCH * 3) + "&reset=all");
        var jpaOtherChunks = ReferenceDataTables.read();
        admin.loadAndWait("scale=" + SCALE + "&seed=11&batchSize=" + BATCH + "&reset=all&writer=jdbc");
        var jdbc = ReferenceDataTables.read();
        admin.loadAndWait("scale=" + SCALE + "&seed=11&batchSize=" + BATCH + "&reset=all&writer=jdbc-batch");
        var jdbcBatch = ReferenceDataTables.read();
        admin.loadAndWait("scale=" + SCALE + "&seed=12&batchSize=" + BATCH + "&reset=all");
        var otherSeed = ReferenceDataTables.read();

        assertEquals(jpa, jpaOtherChunks, "the rows do not depend on the chunk size");
        assertEquals(jpa, jdbc, "the JPA loader and the plain-JDBC writer write exactly the same rows");
        assertEquals(jpa, jdbcBatch, "the JDBC-batch writer too");
        assertNotEquals(jpa.get("customer"), otherSeed.get("customer"), "another seed, other customers");
        assertNotEquals(jpa.get("inventory"), otherSeed.get("inventory"), "another seed, other stock");
        assertEquals(jpa.get("customer").rows(), otherSeed.get("customer").rows(), "the scale alone sizes the tables");
    }

    @Test
    void refusesToLoadOverExistingReferenceDataAndChangesNothing() throws Exception {
        JsonObject first = admin.loadAndWait("scale=" + SCALE + "&seed=11&batchSize=" + BATCH);
        var content = ReferenceDataTables.read();

        var again = admin.load("scale=" + SCALE + "&seed=12");
        assertEquals(409, again.status(), again.body());
        assertTrue(again.object().getString("error").contains("reference data already exists"), again.body());
        assertEquals(content, ReferenceDataTables.read(), "nothing was written");
        assertEquals(first.getJsonNumber("executionId").longValue(), admin.status().getJsonNumber("executionId").longValue(),
                "no load was started");

        var restart = admin.restart();
        assertEquals(409, restart.status(), "a completed load has nothing to restart: " + restart.body());
    }

    @Test
    void resetOfOrdersKeepsTheReferenceDataAndResetOfAllEmptiesEveryTable() throws Exception {
        admin.loadAndWait("scale=" + SCALE + "&seed=11&batchSize=" + BATCH);
        var reference = ReferenceDataTables.read();
        long product;
        try (var c = TestDatabase.connect()) {
            // Plenty of stock, so the order does not trigger a replenishment that would arrive after the reset.
            product = TestData.longValue(c, "SELECT i.product_id FROM inventory i JOIN customer c ON c.id = 1 "
                    + "AND c.distribution_center_id = i.distribution_center_id JOIN product p ON p.id = i.product_id "
                    + "WHERE i.quantity_on_hand > p.reorder_point + 1000 ORDER BY i.product_id LIMIT 1");
        }
        var order = new Api(base).order(1, product, 3);
        assertEquals(201, order.status(), order.body());
        assertEquals(1, ReferenceDataTables.count("orders"));
        assertEquals(1, ReferenceDataTables.count("order_line"));

        var orders = admin.reset("orders");
        assertEquals(200, orders.status(), orders.body());
        assertEquals(0, ReferenceDataTables.count("orders"));
        assertEquals(0, ReferenceDataTables.count("order_line"));
        assertEquals(0, ReferenceDataTables.count("replenishment"));
        var afterOrdersReset = ReferenceDataTables.read();
        assertEquals(reference.keySet(), afterOrdersReset.keySet());
        reference.forEach((table, content) -> {
            if (!table.equals("inventory")) { // the order took stock
                assertEquals(content, afterOrdersReset.get(table), table + " is kept");
            }
        });
        assertEquals(reference.get("inventory").rows(), afterOrdersReset.get("inventory").rows());

        var all = admin.reset("all");
        assertEquals(200, all.status(), all.body());
        ReferenceDataTables.counts().forEach((table, rows) -> assertEquals(0L, rows, table + " is empty"));
        assertEquals(0, ReferenceDataTables.count("orders"));
    }

    @Test
    void progressIsReadableOverHttpWhileTheLoadRuns() throws Exception {
        long execution = admin.start("scale=0.01&seed=11&batchSize=500");
        var seen = new ArrayList<JsonObject>();
        JsonObject s;
        do {
            s = admin.status();
            assertEquals(execution, s.getJsonNumber("executionId").longValue());
            seen.add(s);
            Thread.sleep(20);
        } while (ReferenceDataApi.running(s));
        assertEquals("COMPLETED", s.getString("state"), s.toString());
        assertEquals(s.getJsonNumber("rowsTotal").longValue(), s.getJsonNumber("rowsDone").longValue());

        var midway = seen.stream().filter(p -> p.getString("state").equals("STARTED")
                && p.getJsonNumber("rowsDone").longValue() > 0
                && p.getJsonNumber("rowsDone").longValue() < p.getJsonNumber("rowsTotal").longValue()).toList();
        assertFalse(midway.isEmpty(), "figures were read while rows were being committed: " + seen.size() + " reads");
        var last = midway.get(midway.size() - 1);
        assertTrue(last.getJsonNumber("rowsPerSecond").doubleValue() > 0, last.toString());
        assertTrue(last.containsKey("secondsLeft") && last.getJsonNumber("secondsLeft").doubleValue() >= 0, last.toString());
        assertTrue(last.getString("currentTable").length() > 0, last.toString());
        long previous = 0;
        for (JsonObject p : seen) {
            long done = p.getJsonNumber("rowsDone").longValue();
            assertTrue(done >= previous, "rows done never go back: " + previous + " then " + done);
            previous = done;
        }
    }

    @Test
    void badInputIsRefusedAndStartsNothing() throws Exception {
        long before = admin.status().getJsonNumber("executionId").longValue();
        String[][] cases = {{"scale=abc", "scale"}, {"scale=0", "scale"}, {"scale=11", "scale"}, {"seed=1", "scale"},
                {"scale=0.002&batchSize=0", "batchSize"}, {"scale=0.002&batchSize=x", "batchSize"},
                {"scale=0.002&seed=x", "seed"}, {"scale=0.002&reset=some", "reset"}, {"scale=0.002&writer=csv", "writer"}};
        for (String[] c : cases) {
            var reply = admin.load(c[0]);
            assertEquals(400, reply.status(), c[0] + ": " + reply.body());
            assertEquals(c[1], reply.object().getString("field"), c[0] + ": " + reply.body());
        }
        assertEquals(400, admin.reset("nothing").status());
        assertEquals(before, admin.status().getJsonNumber("executionId").longValue(), "no load was started");
        ReferenceDataTables.counts().forEach((table, rows) -> assertEquals(0L, rows, table));
    }
}

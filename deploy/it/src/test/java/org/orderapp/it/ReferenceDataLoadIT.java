package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.URL;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
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
 * multi-row INSERTs; the same rows from the same seed whichever writer; refusal over existing data; the resets,
 * including the one back to the data as the load left it; progress readable while it runs; bad input. Every test
 * starts and ends with empty tables.
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
        admin.loadAndWait("scale=" + SCALE + "&seed=11&batchSize=" + BATCH + "&reset=all&writer=jpa-persist");
        var jpaPersist = ReferenceDataTables.read();
        admin.loadAndWait("scale=" + SCALE + "&seed=11&batchSize=" + BATCH + "&reset=all&writer=jdbc");
        var jdbc = ReferenceDataTables.read();
        admin.loadAndWait("scale=" + SCALE + "&seed=11&batchSize=" + BATCH + "&reset=all&writer=jdbc-batch");
        var jdbcBatch = ReferenceDataTables.read();
        admin.loadAndWait("scale=" + SCALE + "&seed=12&batchSize=" + BATCH + "&reset=all");
        var otherSeed = ReferenceDataTables.read();

        assertEquals(jpa, jpaOtherChunks, "the rows do not depend on the chunk size");
        assertEquals(jpa, jpaPersist, "the stateless-session loader and persisting managed entities write the same rows");
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
            product = TestData.wellStockedProduct(c, 1); // no replenishment arrives after the reset
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
    void resetToLoadedPutsEveryStockRowBackAndRemovesTheOrders() throws Exception {
        admin.loadAndWait("scale=" + SCALE + "&seed=11&batchSize=" + BATCH);
        var loaded = applicationTables();
        var loadedStock = ReferenceDataTables.stock();
        for (String table : ReferenceDataTables.STOCK) {
            assertEquals(0, ReferenceDataTables.changedStock(table), table + " right after the load");
        }

        var api = new Api(base);
        long[] scarce;
        long[] nearReorder;
        long[] plenty;
        try (var c = TestDatabase.connect()) {
            scarce = stockOfCustomerOne(c, "i.quantity_on_hand BETWEEN p.reorder_point + 1 AND 9000", 0);
            nearReorder = stockOfCustomerOne(c, "i.quantity_on_hand BETWEEN p.reorder_point + 1 AND p.reorder_point + 9000",
                    scarce[0]);
            plenty = stockOfCustomerOne(c, "i.quantity_on_hand > p.reorder_point + 1000", nearReorder[0]);
        }
        // More than on hand: 500 backordered, and a replenishment.
        var backorder = api.order(1, scarce[0], scarce[1] + 500);
        assertEquals(201, backorder.status(), backorder.body());
        assertEquals(500, backorder.object().getJsonArray("lines").getJsonObject(0).getInt("backorderedQuantity"));
        // Just below the reorder point: a replenishment, no backorder.
        var reorder = api.order(1, nearReorder[0], nearReorder[1] - nearReorder[2] + 1);
        assertEquals(201, reorder.status(), reorder.body());
        assertEquals(0, reorder.object().getJsonArray("lines").getJsonObject(0).getInt("backorderedQuantity"));
        var small = api.order(1, plenty[0], 3);
        assertEquals(201, small.status(), small.body());
        awaitCount("replenishment", 2);
        Tables.quiet(Duration.ofSeconds(30));
        assertEquals(3, ReferenceDataTables.changedStock("inventory"), "three orders, three stock rows");
        assertEquals(2, ReferenceDataTables.changedStock("supplier_inventory"), "two replenishments, two suppliers");
        assertNotEquals(loadedStock, ReferenceDataTables.stock());

        var reset = admin.reset("loaded");
        assertEquals(200, reset.status(), reset.body());
        System.out.println("reset to the loaded data at scale " + SCALE + ": " + reset.body());
        JsonObject done = reset.object();
        assertEquals("loaded", done.getString("scope"));
        assertEquals(Map.of("inventory", 3, "supplier_inventory", 2), ints(done.getJsonObject("restored")));
        assertEquals(Map.of("inventory", 0, "supplier_inventory", 0), ints(done.getJsonObject("skipped")));
        assertTrue(done.getJsonArray("emptied").toString().contains("\"orders\""), reset.body());
        assertEquals(loadedStock, ReferenceDataTables.stock(), "stock as the load left it");
        assertEquals(loaded, applicationTables(), "every table as right after the load, orders gone");

        var again = admin.reset("loaded");
        assertEquals(200, again.status(), again.body());
        assertEquals(Map.of("inventory", 0, "supplier_inventory", 0), ints(again.object().getJsonObject("restored")),
                "a second reset finds nothing to put back");
        assertEquals(loaded, applicationTables());
    }

    @Test
    void resetToLoadedLeavesRowsTheLoadNeverMadeAndCountsThem() throws Exception {
        admin.loadAndWait("scale=0.005&seed=11&batchSize=" + BATCH); // 10 suppliers: product 1 at 1, 3, 5, 7 and 9
        var loadedStock = ReferenceDataTables.stock();
        long foreign = 9_800_001L;
        try (var c = TestDatabase.connect()) {
            TestData.product(c, foreign, "Never loaded", "1.00", 10, 100);
            TestData.exec(c, "INSERT INTO inventory (product_id, distribution_center_id, quantity_on_hand, version) "
                    + "VALUES (" + foreign + ", 1, 7, 4)");
            TestData.exec(c, "INSERT INTO supplier_inventory (supplier_id, product_id, quantity_on_hand, version) "
                    + "VALUES (2, 1, 70, 2)");
            TestData.exec(c, "UPDATE inventory SET quantity_on_hand = 1, backorder_quantity = 5, version = version + 1 "
                    + "WHERE product_id = 1 AND distribution_center_id = 1");
        }

        var reset = admin.reset("loaded");
        assertEquals(200, reset.status(), reset.body());
        assertEquals(Map.of("inventory", 1, "supplier_inventory", 0), ints(reset.object().getJsonObject("restored")));
        assertEquals(Map.of("inventory", 1, "supplier_inventory", 1), ints(reset.object().getJsonObject("skipped")));
        try (var c = TestDatabase.connect()) {
            assertEquals(7 * 100 + 4, TestData.longValue(c, "SELECT quantity_on_hand * 100 + version FROM inventory "
                    + "WHERE product_id = " + foreign), "left as it was");
            assertEquals(70 * 100 + 2, TestData.longValue(c, "SELECT quantity_on_hand * 100 + version "
                    + "FROM supplier_inventory WHERE supplier_id = 2 AND product_id = 1"), "left as it was");
            TestData.exec(c, "DELETE FROM inventory WHERE product_id = " + foreign);
            TestData.exec(c, "DELETE FROM supplier_inventory WHERE supplier_id = 2 AND product_id = 1");
        }
        assertEquals(loadedStock, ReferenceDataTables.stock(), "the loaded rows as the load left them");
    }

    @Test
    void resetToLoadedIsRefusedWithoutACompletedLoadAndChangesNothing() throws Exception {
        var empty = Tables.quiet(Duration.ofSeconds(30));
        var nothingLoaded = admin.reset("loaded");
        assertEquals(409, nothingLoaded.status(), nothingLoaded.body());
        assertTrue(nothingLoaded.object().getString("error").contains("to restore"), nothingLoaded.body());
        assertEquals(empty, Tables.snapshot(), "nothing changed");

        long execution = admin.start("scale=0.05&seed=11&batchSize=500");
        JsonObject s;
        do {
            Thread.sleep(50);
            s = admin.status();
        } while (s.getJsonNumber("rowsDone").longValue() == 0 && ReferenceDataApi.running(s));
        assertEquals(202, admin.stop().status());
        assertEquals("STOPPED", admin.await(execution).getString("state"));
        var stopped = Tables.quiet(Duration.ofSeconds(30));
        var refused = admin.reset("loaded");
        assertEquals(409, refused.status(), refused.body());
        String error = refused.object().getString("error");
        assertTrue(error.contains("no completed load to restore to") && error.contains("STOPPED"), error);
        assertEquals(stopped, Tables.snapshot(), "nothing changed");

        // The other tests start loads as new ones: leave a completed load, not a stopped one waiting for a restart.
        admin.loadAndWait("scale=" + SCALE + "&seed=11&batchSize=" + BATCH + "&reset=all");
    }

    /** Product id, quantity on hand and reorder point of a product stocked at customer 1's center. */
    private static long[] stockOfCustomerOne(Connection c, String condition, long afterProduct) throws SQLException {
        try (var s = c.createStatement(); var r = s.executeQuery("SELECT i.product_id, i.quantity_on_hand, "
                + "p.reorder_point FROM inventory i JOIN customer c ON c.id = 1 AND c.distribution_center_id = "
                + "i.distribution_center_id JOIN product p ON p.id = i.product_id WHERE " + condition
                + " AND i.product_id > " + afterProduct + " ORDER BY i.product_id LIMIT 1")) {
            assertTrue(r.next(), "no stock where " + condition);
            return new long[] {r.getLong(1), r.getLong(2), r.getLong(3)};
        }
    }

    /** The application's tables (the job repository's, which a finished load may still update, left out). */
    private static Map<String, String> applicationTables() throws SQLException {
        return Tables.snapshot().entrySet().stream()
                .filter(t -> !t.getKey().toUpperCase(Locale.ROOT).matches("(JOB|STEP|PARTITION)_.*"))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    private static Map<String, Integer> ints(JsonObject o) {
        return o.keySet().stream().collect(Collectors.toMap(k -> k, o::getInt));
    }

    private static void awaitCount(String table, long wanted) throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        long rows = ReferenceDataTables.count(table);
        while (rows != wanted && System.nanoTime() < deadline) {
            Thread.sleep(200);
            rows = ReferenceDataTables.count(table);
        }
        assertEquals(wanted, rows, table);
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
        var badScope = admin.reset("nothing");
        assertEquals(400, badScope.status());
        assertTrue(badScope.object().getString("error").contains("orders, loaded, all"), badScope.body());
        assertEquals(before, admin.status().getJsonNumber("executionId").longValue(), "no load was started");
        ReferenceDataTables.counts().forEach((table, rows) -> assertEquals(0L, rows, table));
    }
}

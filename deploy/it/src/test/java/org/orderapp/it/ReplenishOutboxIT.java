package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;

import java.net.URL;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.as.arquillian.container.ManagementClient;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.orderapp.driver.LoadDriver;
import org.orderapp.driver.audit.AuditResult;
import org.orderapp.driver.report.RunResult;
import org.orderapp.driver.settings.LoadOptions;
import org.orderapp.target.Target;

/**
 * order.replenish.delivery=outbox, in both service modes: each committed order's replenish requests are written with
 * it and published by the relay, and applied exactly once; an order that rolls back leaves no request behind. Then
 * the relay is made to publish every request again, as after a stop between its send and its mark: the consumer
 * applies none of them a second time. Last, a short load while another holder keeps the relay's lease: the audit
 * after it reports the requests written and not yet published, with the oldest's age, and the relay publishes them
 * once the lease is free.
 */
@ExtendWith(ArquillianExtension.class)
class ReplenishOutboxIT {

    private static final String DEPLOYMENT = "order-replenish-outbox";
    private static final int CENTER = 8800;
    private static final int SUPPLIER = 8800;
    private static final long CUSTOMER = 8_800_001L;
    /** Products 8801..8810: 105 on hand, reorder point 100, so an order of 10 crosses it. */
    private static final long FIRST_PRODUCT = 8801;
    private static final int PRODUCTS = 10;
    /** 101 on hand, reorder point 100. */
    private static final long CROSSES_THEN_FAILS = 8811;
    /** Not stocked at the center; sorts after CROSSES_THEN_FAILS, so that line is taken first. */
    private static final long NOT_STOCKED = 8899;
    private static final int REORDER_QUANTITY = 300;
    private static final int SUPPLIER_STOCK = 100_000;

    @Deployment(name = DEPLOYMENT, managed = false, testable = false)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @ArquillianResource
    Deployer deployer;

    @ArquillianResource
    ManagementClient management;

    @Test
    void eachCommittedRequestIsAppliedExactlyOnce() throws Exception {
        for (String mode : List.of("jpa", "jdbc")) {
            DeploymentWithProperties.run(management, deployer, DEPLOYMENT,
                    Map.of("order.replenish.delivery", "outbox", "order.services.mode", mode), () -> {
                        check(mode);
                        return null;
                    });
        }
    }

    private void check(String mode) throws Exception {
        resetData();
        var api = new Api(new URL(management.getWebUri() + "/Order/"));
        long messagesBefore = messagesAdded();
        for (int i = 0; i < PRODUCTS; i++) {
            var reply = api.order(CUSTOMER, FIRST_PRODUCT + i, 10);
            assertEquals(201, reply.status(), mode + ": " + reply.body());
        }
        // Its first line crosses a reorder point (a request is written), then the second fails: all rolls back.
        var failed = api.order(CUSTOMER, CROSSES_THEN_FAILS, 5, NOT_STOCKED, 1);
        assertEquals(404, failed.status(), mode + ": " + failed.body());

        awaitCount(mode, "SELECT COUNT(*) FROM replenish_outbox WHERE sent_at IS NOT NULL AND product_id BETWEEN "
                + FIRST_PRODUCT + " AND " + (FIRST_PRODUCT + PRODUCTS - 1), PRODUCTS);
        awaitCount(mode, linkedReplenishments(), PRODUCTS);
        assertAppliedOnce(mode);
        assertEquals(PRODUCTS, messagesAdded() - messagesBefore, mode + ": one message per request, none for the rolled-back order");

        // The relay stopped after sending and before marking: it sends them all again.
        exec("UPDATE replenish_outbox SET sent_at = NULL WHERE product_id BETWEEN " + FIRST_PRODUCT + " AND "
                + (FIRST_PRODUCT + PRODUCTS - 1));
        awaitCount(mode, "SELECT COUNT(*) FROM replenish_outbox WHERE sent_at IS NULL", 0);
        assertEquals(2L * PRODUCTS, messagesAdded() - messagesBefore, mode + ": each request published a second time");
        Thread.sleep(2_000); // the second copies are consumed by now
        assertAppliedOnce(mode);
        if (mode.equals("jpa")) {
            auditWhileTheRelayIsHeld();
        }
    }

    /**
     * The relay's lease held by another holder for the length of a load: nothing is published, so the audit finds the
     * load's replenish requests unapplied, and reports every one of them waiting in the outbox, the oldest about as old as
     * the load; freed, the relay publishes them all.
     */
    private void auditWhileTheRelayIsHeld() throws Exception {
        exec("UPDATE inventory SET quantity_on_hand = 105, backorder_quantity = 0 WHERE distribution_center_id = " + CENTER);
        exec("UPDATE relay_lease SET holder = 'held-by-a-test', expires_at = NOW(3) + INTERVAL 1 HOUR WHERE name = 'replenish'");
        RunResult run;
        long started = System.nanoTime();
        try {
            var args = List.of("--users", "2", "--warm-up", "1s", "--measure", "3s", "--mix", "neworder=100", "--lines", "1-3",
                    "--customers", CUSTOMER + "-" + CUSTOMER, "--seed", "5", "--sample-interval", "500ms", "--drain-timeout", "30s",
                    "--label", "outbox-held-it");
            var config = LoadOptions.parse(Path.of(System.getProperty("order.it.dir", "target")).resolve("load-runs"), args);
            var db = TestDatabase.target();
            var target = new Target(URI.create(management.getWebUri() + "/Order/"), URI.create("http://127.0.0.1:"
                    + System.getProperty("order.it.management-port", "10090") + "/management"), db.url(), db.user(), db.password(),
                    TestAdmin.admin().authorization());
            run = new LoadDriver(config, target, System.out).run();
        } finally {
            exec("UPDATE relay_lease SET holder = NULL, expires_at = '1970-01-01 00:00:00' WHERE name = 'replenish'");
        }
        double runSeconds = (System.nanoTime() - started) / 1e9;
        AuditResult audit = run.audit();
        long unapplied = audit.replenishRequested() - audit.replenishApplied();
        assertTrue(unapplied > 0, "the load's orders asked for replenishment, none applied while the relay was held: " + audit);
        assertEquals(unapplied, audit.outbox().unpublished(), "each unapplied request waits in the outbox: " + audit);
        assertTrue(audit.outbox().oldestAgeSeconds() > 0 && audit.outbox().oldestAgeSeconds() < runSeconds,
                "the oldest waited at most the load's length (" + runSeconds + " s): " + audit.outbox());
        assertTrue(audit.findings().stream().anyMatch(f -> f.startsWith(unapplied + " replenish requests were written to the outbox "
                + "and not yet published")), "the audit says so: " + audit.findings());
        assertFalse(audit.pass(), "requests not applied fail the audit, whatever the reason: " + audit);
        JsonNode outbox = new ObjectMapper().readTree(run.folder().resolve("summary.json").toFile()).path("audit").path("outbox");
        assertEquals(unapplied, outbox.path("unpublished").asLong(), "summary.json: " + outbox);
        assertEquals(audit.outbox().oldestAgeSeconds(), outbox.path("oldestAgeSeconds").asDouble(), 1e-9, "summary.json: " + outbox);
        awaitCount("jpa", "SELECT COUNT(*) FROM replenish_outbox WHERE sent_at IS NULL", 0);
    }

    private void assertAppliedOnce(String mode) throws Exception {
        assertEquals(PRODUCTS, count(linkedReplenishments()), mode + ": each committed order's request applied, once");
        assertEquals(PRODUCTS, count("SELECT COUNT(*) FROM replenishment WHERE product_id BETWEEN " + FIRST_PRODUCT + " AND "
                + NOT_STOCKED), mode + ": no other replenishment (none from the order that rolled back)");
        assertEquals((long) PRODUCTS * (95 + REORDER_QUANTITY), count("SELECT SUM(quantity_on_hand) FROM inventory WHERE"
                + " distribution_center_id = " + CENTER + " AND product_id < " + CROSSES_THEN_FAILS), mode + ": each product received its reorder quantity once");
        assertEquals(SUPPLIER_STOCK - (long) PRODUCTS * REORDER_QUANTITY, count("SELECT SUM(quantity_on_hand) FROM"
                + " supplier_inventory WHERE supplier_id = " + SUPPLIER), mode + ": taken from the supplier once");
    }

    private static String linkedReplenishments() {
        return "SELECT COUNT(*) FROM order_line l JOIN orders o ON o.id = l.order_id JOIN replenishment r"
                + " ON r.request_id = l.replenish_request_id AND r.order_id = l.order_id WHERE o.customer_id = " + CUSTOMER;
    }

    private static void awaitCount(String mode, String sql, long expected) throws Exception {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (count(sql) != expected && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertEquals(expected, count(sql), mode + ": " + sql);
    }

    private static void resetData() throws Exception {
        try (var c = TestDatabase.connect()) {
            TestData.distributionCenter(c, CENTER);
            TestData.pricingMethod(c, CENTER, "0.1000");
            TestData.customer(c, CUSTOMER, CENTER, CENTER);
            TestData.supplier(c, SUPPLIER);
            TestData.product(c, NOT_STOCKED, "Elsewhere", "1.00", 0, 10);
            TestData.product(c, CROSSES_THEN_FAILS, "Rolled back", "1.00", 100, REORDER_QUANTITY);
            TestData.inventory(c, CROSSES_THEN_FAILS, CENTER, 101);
            TestData.exec(c, "DELETE FROM replenishment WHERE product_id BETWEEN " + FIRST_PRODUCT + " AND " + NOT_STOCKED);
            TestData.exec(c, "DELETE FROM replenish_outbox WHERE product_id BETWEEN " + FIRST_PRODUCT + " AND " + NOT_STOCKED);
            TestData.exec(c, "DELETE l FROM order_line l JOIN orders o ON o.id = l.order_id WHERE o.customer_id = " + CUSTOMER);
            TestData.exec(c, "DELETE FROM orders WHERE customer_id = " + CUSTOMER);
            TestData.exec(c, "DELETE FROM supplier_inventory WHERE supplier_id = " + SUPPLIER);
            for (int i = 0; i < PRODUCTS; i++) {
                long product = FIRST_PRODUCT + i;
                TestData.product(c, product, "Outboxed " + i, "1.00", 100, REORDER_QUANTITY);
                TestData.inventory(c, product, CENTER, 105);
                TestData.supplierInventory(c, SUPPLIER, product, SUPPLIER_STOCK / PRODUCTS);
            }
        }
    }

    private static void exec(String sql) throws Exception {
        try (var c = TestDatabase.connect()) {
            TestData.exec(c, sql);
        }
    }

    private static long count(String sql) throws Exception {
        try (var c = TestDatabase.connect()) {
            return TestData.longValue(c, sql);
        }
    }

    private long messagesAdded() throws Exception {
        return Management.readResolved(management, Management.address("subsystem", "messaging-activemq", "server", "default",
                "jms-queue", "replenish"), "messages-added").asLong();
    }
}

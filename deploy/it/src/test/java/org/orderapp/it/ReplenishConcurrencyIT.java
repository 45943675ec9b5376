package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Under a backlog the replenish MDB works with exactly its configured number of instances at once, never more.
 * The backlog is made real: the test holds the suppliers' stock rows locked, so every delivered message waits
 * in its MDB instance while more messages queue up behind.
 */
@ExtendWith(ArquillianExtension.class)
class ReplenishConcurrencyIT {

    private static final int CENTER = 9600;
    private static final long CUSTOMER = 9_600_001L;
    private static final int SUPPLIER = 9600;
    private static final long FIRST_PRODUCT = 9_600_001L;
    private static final int MESSAGES = 40;

    @Deployment(testable = false, name = OrderDeployment.NAME)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @ArquillianResource
    @OperateOnDeployment(OrderDeployment.NAME)
    URL base;

    @Test
    void instancesAtWorkReachTheConfiguredSessionsAndNeverExceedThem() throws Exception {
        try (var c = TestDatabase.connect()) {
            TestData.distributionCenter(c, CENTER);
            TestData.pricingMethod(c, CENTER, "0.2000");
            TestData.customer(c, CUSTOMER, CENTER, CENTER);
            TestData.supplier(c, SUPPLIER);
            for (int i = 0; i < MESSAGES; i++) {
                TestData.product(c, FIRST_PRODUCT + i, "Backlogged " + i, "2.00", 50, 200);
                TestData.inventory(c, FIRST_PRODUCT + i, CENTER, 51);
                TestData.supplierInventory(c, SUPPLIER, FIRST_PRODUCT + i, 1_000_000);
            }
        }
        var api = new Api(base);
        var activity = api.get("api/monitor/replenish").object();
        int configured = activity.getInt("configuredSessions");
        assertEquals(15, configured, "the default of order.replenish.sessions");
        assertEquals(200, Api.admin(base).post("api/monitor/replenish/reset-peak").status(), "the administrator resets the peak");

        try (var lock = TestDatabase.connect()) {
            lock.setAutoCommit(false);
            try (var s = lock.createStatement()) {
                s.executeQuery("SELECT * FROM supplier_inventory WHERE supplier_id = " + SUPPLIER + " FOR UPDATE").close();
            }
            for (int i = 0; i < MESSAGES; i++) { // each order takes its product below the reorder point: one message each
                assertEquals(201, api.order(CUSTOMER, FIRST_PRODUCT + i, 2).status());
            }
            int inFlight = awaitInFlight(api, configured, Duration.ofSeconds(30));
            assertEquals(configured, inFlight, "a backlog of " + MESSAGES + " keeps every session busy");
            Thread.sleep(1_000);
            assertEquals(configured, api.get("api/monitor/replenish").object().getInt("inFlight"), "and no more");
            lock.rollback(); // release the suppliers' stock: the backlog drains
        }

        var deadline = Instant.now().plusSeconds(60);
        long applied = 0;
        while (Instant.now().isBefore(deadline)) {
            try (var c = TestDatabase.connect()) {
                applied = TestData.longValue(c, "SELECT COUNT(*) FROM replenishment WHERE distribution_center_id = " + CENTER);
            }
            if (applied == MESSAGES) {
                break;
            }
            Thread.sleep(200);
        }
        assertEquals(MESSAGES, applied, "every request applied once");
        var after = api.get("api/monitor/replenish").object();
        assertEquals(configured, after.getInt("peakInFlight"), "the peak equals the configured sessions");
        try (var c = TestDatabase.connect()) {
            assertEquals(0, TestData.longValue(c, "SELECT COUNT(*) FROM inventory WHERE distribution_center_id = " + CENTER
                    + " AND quantity_on_hand <> 49 + 200"), "each product received its reorder quantity once");
        }
    }

    private static int awaitInFlight(Api api, int wanted, Duration timeout) throws InterruptedException {
        var deadline = Instant.now().plus(timeout);
        int inFlight = 0;
        while (Instant.now().isBefore(deadline)) {
            inFlight = api.get("api/monitor/replenish").object().getInt("inFlight");
            assertTrue(inFlight <= wanted, "in flight " + inFlight + " exceeds " + wanted);
            if (inFlight == wanted) {
                return inFlight;
            }
            Thread.sleep(100);
        }
        return inFlight;
    }
}

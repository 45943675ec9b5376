package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.as.arquillian.container.ManagementClient;
import org.jboss.as.controller.client.helpers.Operations;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A database that does not answer in time: the test holds the stock row an order needs (SELECT ... FOR UPDATE in an
 * open transaction), so the order's locking read waits until the datasource's query timeout (order.ds.query-timeout-seconds,
 * 10 s) cancels it. The order is answered 503 with Retry-After, within the timeout and a margin, on the JSON API and
 * on the form endpoint, and leaves no order behind; once the row is free, the same order is taken.
 * <p>
 * And a database that drops the server's connections (as a restart does): a look-up by id on a dropped connection is
 * a database failure, answered 503 with Retry-After, never "no customer with id N" (404), which Hibernate's find made
 * of it (the connection's failure marks the transaction for rollback, and find then answers null).
 */
@ExtendWith(ArquillianExtension.class)
class TimeoutIT {

    private static final int CENTER = 8900;
    private static final long CUSTOMER = 8_900_001L;
    private static final long PRODUCT = 8901;
    /** The query timeout, and what the answer may take beyond it (the cancel's round trip, the rollback, the reply). */
    private static final long QUERY_TIMEOUT_MS = 10_000;
    private static final long MARGIN_MS = 2_000;

    @Deployment(testable = false, name = OrderDeployment.NAME)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @ArquillianResource
    @OperateOnDeployment(OrderDeployment.NAME)
    URL base;

    @ArquillianResource
    @OperateOnDeployment(OrderDeployment.NAME)
    ManagementClient management;

    @Test
    void anOrderThatWaitsPastTheQueryTimeoutIsAnswered503WithRetryAfter() throws Exception {
        try (var c = TestDatabase.connect()) {
            TestData.distributionCenter(c, CENTER);
            TestData.pricingMethod(c, CENTER, "0.1000");
            TestData.customer(c, CUSTOMER, CENTER, CENTER);
            TestData.product(c, PRODUCT, "Held", "1.00", 0, 10);
            TestData.inventory(c, PRODUCT, CENTER, 1_000);
        }
        var web = new WebClient(base);
        String json = "{\"customerId\":" + CUSTOMER + ",\"lines\":[{\"productId\":" + PRODUCT + ",\"quantity\":1}]}";
        // One order first, so that the timed requests measure the wait, not the deployment's first request.
        var warm = web.postJson("api/orders", json);
        assertEquals(201, warm.status(), warm.toString());
        long ordersBefore = orders();
        try (Connection holder = TestDatabase.connect()) {
            holder.setAutoCommit(false);
            TestData.longValue(holder, "SELECT quantity_on_hand FROM inventory WHERE product_id = " + PRODUCT
                    + " AND distribution_center_id = " + CENTER + " FOR UPDATE");

            long started = System.nanoTime();
            var api = web.postJson("api/orders", json);
            assertUnavailable(api, started);
            started = System.nanoTime();
            var form = web.form("NewOrder", WebClient.JSON, "customerid", String.valueOf(CUSTOMER), "productid",
                    String.valueOf(PRODUCT), "quantity", "1");
            assertUnavailable(form, started);
            holder.rollback();
        }
        assertEquals(ordersBefore, orders(), "the orders answered 503 left nothing behind");
        var taken = web.postJson("api/orders", json);
        assertEquals(201, taken.status(), taken.toString());
    }

    /**
     * Each look-up by id (the inquiry's customer, the customer API, the order's customer, the form's inquiry) on a
     * connection the database dropped: 503 with Retry-After, not 404. Each asks for a customer of its own that the server
     * never read, so the second-level cache cannot answer and the read goes to the dropped connection. Then, the pool
     * rid of the dropped connections, the same requests are served: the customers exist.
     */
    @Test
    void aLookUpOnAConnectionTheDatabaseDroppedIsAnswered503NotNotFound() throws Exception {
        long warm = 8_900_010L;
        long[] customers = {8_900_011L, 8_900_012L, 8_900_013L, 8_900_014L};
        try (var c = TestDatabase.connect()) {
            TestData.distributionCenter(c, CENTER + 1);
            TestData.pricingMethod(c, CENTER + 1, "0.1000");
            TestData.product(c, PRODUCT + 1, "Dropped", "1.00", 0, 10);
            TestData.inventory(c, PRODUCT + 1, CENTER + 1, 1_000);
            TestData.customer(c, warm, CENTER + 1, CENTER + 1);
            for (long customer : customers) {
                TestData.customer(c, customer, CENTER + 1, CENTER + 1);
            }
        }
        var web = new WebClient(base);
        String order = "{\"customerId\":" + customers[2] + ",\"lines\":[{\"productId\":" + (PRODUCT + 1) + ",\"quantity\":1}]}";
        List<Supplier<WebClient.Reply>> lookUps = List.of(
                () -> web.get("api/customers/" + customers[0] + "/orders", WebClient.JSON),
                () -> web.get("api/customers/" + customers[1], WebClient.JSON),
                () -> web.postJson("api/orders", order),
                () -> web.get("OrderInquiry?customerid=" + customers[3], WebClient.JSON));
        // A read that leaves the pool holding a connection (the database's, before it drops them).
        assertEquals(200, web.get("api/customers/" + warm, WebClient.JSON).status());
        try {
            for (var lookUp : lookUps) {
                assertTrue(dropServerConnections() > 0, "the server holds connections to drop");
                var reply = lookUp.get();
                assertEquals(503, reply.status(), "a dropped connection is a database failure, not a missing row: " + reply);
                assertEquals("5", reply.header("Retry-After"), reply.toString());
            }
        } finally {
            // The pool knows no dropped connection until it uses one: rid it of them, for the tests after this one.
            Management.execute(management, Operations.createOperation("flush-idle-connection-in-pool",
                    Management.address("subsystem", "datasources", "data-source", "OrderDS")));
        }
        assertEquals(200, lookUps.get(0).get().status());
        assertEquals(200, lookUps.get(1).get().status());
        assertEquals(201, lookUps.get(2).get().status());
        assertEquals(200, lookUps.get(3).get().status());
    }

    /**
     * Ends every connection of the application's account but this one (KILL CONNECTION, what the server sees of a
     * database restart) and waits until they are gone; the pool does not know until it uses one. Answers how many.
     * First waits until the pool has stopped opening connections (it refills itself to its minimum after it discarded
     * one), so that none opens after the kill for the next request to take.
     */
    private static int dropServerConnections() throws Exception {
        String others = "FROM information_schema.PROCESSLIST WHERE USER = SUBSTRING_INDEX(USER(), '@', 1) AND ID <> CONNECTION_ID()";
        try (var c = TestDatabase.connect(); var s = c.createStatement()) {
            long settled = System.nanoTime() + 10_000_000_000L;
            for (long last = -1, now = TestData.longValue(c, "SELECT COUNT(*) " + others); now != last && System.nanoTime() < settled; ) {
                Thread.sleep(300);
                last = now;
                now = TestData.longValue(c, "SELECT COUNT(*) " + others);
            }
            List<Long> ids = new ArrayList<>();
            try (var rows = s.executeQuery("SELECT ID " + others)) {
                while (rows.next()) {
                    ids.add(rows.getLong(1));
                }
            }
            for (long id : ids) {
                try {
                    s.execute("KILL CONNECTION " + id);
                } catch (SQLException ended) {
                    // it ended by itself meanwhile
                }
            }
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (TestData.longValue(c, "SELECT COUNT(*) " + others + " AND ID IN (" + ids.stream().map(String::valueOf)
                    .reduce((a, b) -> a + "," + b).orElse("0") + ")") > 0 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            return ids.size();
        }
    }

    private static long orders() throws Exception {
        try (var c = TestDatabase.connect()) {
            return TestData.longValue(c, "SELECT COUNT(*) FROM orders WHERE customer_id = " + CUSTOMER);
        }
    }

    private static void assertUnavailable(WebClient.Reply reply, long started) {
        long tookMs = (System.nanoTime() - started) / 1_000_000;
        assertEquals(503, reply.status(), reply.toString());
        assertEquals("5", reply.header("Retry-After"), reply.toString());
        assertTrue(tookMs >= QUERY_TIMEOUT_MS - 500, "waited for the query timeout, not less: " + tookMs + " ms");
        assertTrue(tookMs <= QUERY_TIMEOUT_MS + MARGIN_MS, "answered within the query timeout and a margin: " + tookMs + " ms");
    }
}

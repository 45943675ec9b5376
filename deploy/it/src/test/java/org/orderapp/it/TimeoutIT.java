package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.sql.Connection;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A database that does not answer in time: the test holds the stock row an order needs (SELECT ... FOR UPDATE in an
 * open transaction), so the order's locking read waits until the datasource's query timeout (order.ds.query-timeout-seconds,
 * 10 s) cancels it. The order is answered 503 with Retry-After, within the timeout and a margin, on the JSON API and
 * on the form endpoint, and leaves no order behind; once the row is free, the same order is taken.
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

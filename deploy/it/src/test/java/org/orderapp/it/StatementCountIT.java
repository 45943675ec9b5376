package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.as.arquillian.container.ManagementClient;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Statements per NewOrder as the database counts them (Com_insert, Com_update, Com_select), with Hibernate
 * batching on (the services unit's batch size, 20) and off (batch size 1, set for one deployment through a
 * server system property, no rebuild), and through the plain-JDBC path (order.services.mode=jdbc). Batched and
 * rewritten, the lines of an order are one INSERT.
 */
@ExtendWith(ArquillianExtension.class)
class StatementCountIT {

    private static final String DEPLOYMENT = "order-statements";
    private static final int CENTER = 9100;
    private static final long CUSTOMER = 9_100_001L;
    private static final long FIRST_PRODUCT = 9101;
    private static final int[] LINE_COUNTS = {1, 5, 9};
    private static final int REPEATS = 3;

    @Deployment(name = DEPLOYMENT, managed = false, testable = false)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @ArquillianResource
    Deployer deployer;

    @ArquillianResource
    ManagementClient management;

    @Test
    void linesAreOneInsertWhenBatchedAndOneEachWhenNot() throws Exception {
        Map<Integer, StatusCounters> batched = measure(Map.of());
        Map<Integer, StatusCounters> unbatched = measure(Map.of("order.services.batch-size", "1"));
        Map<Integer, StatusCounters> jdbc = measure(Map.of("order.services.mode", "jdbc"));

        System.out.println("Statements per NewOrder, counted by the database (Com_*):");
        System.out.println("lines | batched: insert update select | unbatched: insert update select | jdbc: insert update select");
        for (int lines : LINE_COUNTS) {
            var b = batched.get(lines);
            var u = unbatched.get(lines);
            var j = jdbc.get(lines);
            System.out.printf("%5d | %15d %6d %6d | %17d %6d %6d | %12d %6d %6d%n", lines, b.inserts(), b.updates(), b.selects(),
                    u.inserts(), u.updates(), u.selects(), j.inserts(), j.updates(), j.selects());
        }
        for (int lines : LINE_COUNTS) {
            assertEquals(2, batched.get(lines).inserts(), "batched: the order, then all " + lines + " lines in one INSERT");
            assertEquals(1 + lines, unbatched.get(lines).inserts(), "unbatched: the order, then one INSERT per line");
            assertEquals(lines, batched.get(lines).updates(), "one stock update per line");
            assertEquals(2, jdbc.get(lines).inserts(), "JDBC: the order, then all " + lines + " lines in one INSERT");
            assertEquals(lines, jdbc.get(lines).updates(), "JDBC: one stock update per line");
            assertEquals(3, jdbc.get(lines).selects(), "JDBC: the customer, the products, the stock");
        }
    }

    /**
     * An inquiry reads the customer's recent orders with all their lines in one SELECT, and answers each order
     * exactly as reading that order alone does (the entity path of GET /api/orders/{id}), newest first; through JPA
     * and through plain JDBC.
     */
    @ParameterizedTest
    @ValueSource(strings = {"jpa", "jdbc"})
    void inquiryIsOneSelectWithTheSameOrdersAsReadOneByOne(String mode) throws Exception {
        DeploymentWithProperties.run(management, deployer, DEPLOYMENT, Map.of("order.services.mode", mode), () -> {
            createReferenceData();
            var api = new Api(new URL(management.getWebUri().toString() + "/Order/"));
            for (int lines : LINE_COUNTS) {
                order(api, lines);
            }
            String path = "api/customers/" + CUSTOMER + "/orders";
            assertEquals(200, api.get(path).status()); // warms the caches
            try (var counters = new StatusCounters.Probe()) {
                var before = counters.read();
                var inquiry = api.get(path);
                var delta = counters.read().minus(before);
                assertEquals(200, inquiry.status(), inquiry.body());
                assertEquals(new StatusCounters(1, 0, 0, 0), delta, "one SELECT for the orders and their lines");
                var orders = inquiry.array();
                assertTrue(orders.size() >= LINE_COUNTS.length, inquiry.body());
                String previous = null;
                for (var order : orders) {
                    var one = api.get("api/orders/" + order.asJsonObject().getString("id"));
                    assertEquals(one.object(), order, "the inquiry's order as read alone");
                    String date = order.asJsonObject().getString("orderDate");
                    assertTrue(previous == null || previous.compareTo(date) >= 0, "newest first: " + inquiry.body());
                    previous = date;
                }
            }
            return null;
        });
    }

    /** Deploys with the given server system properties, and counts statements per order size. */
    private Map<Integer, StatusCounters> measure(Map<String, String> properties) throws Exception {
        return DeploymentWithProperties.run(management, deployer, DEPLOYMENT, properties, () -> {
            createReferenceData();
            var api = new Api(new URL(management.getWebUri().toString() + "/Order/"));
            var result = new LinkedHashMap<Integer, StatusCounters>();
            try (var counters = new StatusCounters.Probe()) {
                for (int lines : LINE_COUNTS) {
                    order(api, lines); // the first order of this size warms the caches
                    StatusCounters first = null;
                    for (int i = 0; i < REPEATS; i++) {
                        var before = counters.read();
                        order(api, lines);
                        var delta = counters.read().minus(before);
                        if (first == null) {
                            first = delta;
                        } else {
                            assertEquals(first, delta, "the same order sends the same statements every time");
                        }
                    }
                    result.put(lines, first);
                }
            }
            return result;
        });
    }

    private static void order(Api api, int lines) {
        long[] pairs = new long[lines * 2];
        for (int i = 0; i < lines; i++) {
            pairs[2 * i] = FIRST_PRODUCT + i;
            pairs[2 * i + 1] = 1 + i;
        }
        var reply = api.order(CUSTOMER, pairs);
        assertEquals(201, reply.status(), reply.body());
    }

    private static void createReferenceData() throws Exception {
        try (var c = TestDatabase.connect()) {
            TestData.distributionCenter(c, CENTER);
            TestData.pricingMethod(c, CENTER, "0.2500");
            TestData.customer(c, CUSTOMER, CENTER, CENTER);
            for (int i = 0; i < 9; i++) {
                TestData.product(c, FIRST_PRODUCT + i, "Counted " + i, "10.00", 0, 100);
                TestData.inventory(c, FIRST_PRODUCT + i, CENTER, 1_000_000);
            }
        }
    }
}

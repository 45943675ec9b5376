package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.net.URL;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.as.arquillian.container.ManagementClient;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Idempotent order creation, in both service modes (a deployment each, with order.services.mode set): an
 * Idempotency-Key sent three times makes one order and answers it three times alike; the same key with another body
 * is refused with 422; requests racing with one key make one order and all answer it; a new-order form posted twice
 * with its one-time token makes one order. Counted in the database, not taken from the answers.
 */
@ExtendWith(ArquillianExtension.class)
class IdempotencyIT {

    private static final String DEPLOYMENT = "order-idempotency";
    private static final int CENTER = 8700;
    private static final long CUSTOMER = 8_700_001L;
    private static final long PRODUCT = 8701;
    private static final long OTHER_PRODUCT = 8702;
    private static final int RACERS = 8;
    private static final Pattern TOKEN = Pattern.compile("name=\"ordertoken\" value=\"([^\"]+)\"");

    @Deployment(name = DEPLOYMENT, managed = false, testable = false)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @ArquillianResource
    Deployer deployer;

    @ArquillianResource
    ManagementClient management;

    @Test
    void aRepeatedKeyAnswersTheFirstOrderInBothModes() throws Exception {
        for (String mode : List.of("jpa", "jdbc")) {
            DeploymentWithProperties.run(management, deployer, DEPLOYMENT, Map.of("order.services.mode", mode), () -> {
                createReferenceData();
                var base = new URL(management.getWebUri() + "/Order/");
                repeatedKey(mode, new Api(base));
                racingKey(mode, new Api(base));
                resubmittedForm(mode, new WebClient(base));
                return null;
            });
        }
    }

    private void repeatedKey(String mode, Api api) throws Exception {
        String key = "repeat-" + mode + "-" + UUID.randomUUID();
        String body = order(PRODUCT, 2);
        var first = post(api, key, body);
        assertEquals(201, first.status(), mode + ": " + first.body());
        for (int i = 0; i < 2; i++) {
            var again = post(api, key, body);
            assertEquals(201, again.status(), mode + ": the retry is answered as the first request was");
            assertEquals(first.object(), again.object(), mode + ": the same order, answered alike");
        }
        assertEquals(1, ordersOf(first.object().getString("id")), mode);
        long before = orders();
        var other = post(api, key, order(OTHER_PRODUCT, 1));
        assertEquals(422, other.status(), mode + ": the key with another order: " + other.body());
        assertEquals(before, orders(), mode + ": the refused request made no order");
        var malformed = post(api, "a key with spaces", body);
        assertEquals(400, malformed.status(), mode + ": " + malformed.body());
    }

    private void racingKey(String mode, Api api) throws Exception {
        String key = "race-" + mode + "-" + UUID.randomUUID();
        String body = order(PRODUCT, 1);
        long before = orders();
        var start = new CyclicBarrier(RACERS);
        var pool = Executors.newFixedThreadPool(RACERS);
        try {
            var replies = new ArrayList<Future<Api.Reply>>();
            for (int i = 0; i < RACERS; i++) {
                replies.add(pool.submit((Callable<Api.Reply>) () -> {
                    start.await();
                    return post(api, key, body);
                }));
            }
            String id = null;
            for (var reply : replies) {
                var answer = reply.get();
                assertEquals(201, answer.status(), mode + ": " + answer.body());
                id = id == null ? answer.object().getString("id") : id;
                assertEquals(id, answer.object().getString("id"), mode + ": every racer answers the one order");
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(before + 1, orders(), mode + ": " + RACERS + " racing requests with one key made one order");
    }

    private void resubmittedForm(String mode, WebClient web) throws Exception {
        var form = web.get("NewOrder", WebClient.HTML);
        assertEquals(200, form.status(), form.toString());
        var token = TOKEN.matcher(form.body());
        assertEquals(true, token.find(), mode + ": the form carries a one-time token");
        var another = TOKEN.matcher(web.get("NewOrder", WebClient.HTML).body());
        another.find();
        assertEquals(false, token.group(1).equals(another.group(1)), mode + ": each form its own token");
        long before = orders();
        String[] post = {"ordertoken", token.group(1), "customerid", String.valueOf(CUSTOMER), "productid",
                String.valueOf(PRODUCT), "quantity", "3"};
        var first = web.form("NewOrder", WebClient.JSON, post);
        var second = web.form("NewOrder", WebClient.JSON, post);
        assertEquals(201, first.status(), first.toString());
        assertEquals(201, second.status(), second.toString());
        assertNotNull(first.header("Location"));
        assertEquals(first.header("Location"), second.header("Location"), mode + ": the resubmitted form answers the same order");
        assertEquals(before + 1, orders(), mode + ": a form posted twice with its token made one order");
    }

    private static Api.Reply post(Api api, String key, String body) {
        return api.send(HttpRequest.newBuilder(api.resolve("api/orders")).header("Accept", "application/json")
                .header("Content-Type", "application/json").header("Idempotency-Key", key)
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private static String order(long product, int quantity) {
        return "{\"customerId\":" + CUSTOMER + ",\"lines\":[{\"productId\":" + product + ",\"quantity\":" + quantity + "}]}";
    }

    private static long orders() throws Exception {
        try (var c = TestDatabase.connect()) {
            return TestData.longValue(c, "SELECT COUNT(*) FROM orders WHERE customer_id = " + CUSTOMER);
        }
    }

    private static long ordersOf(String id) throws Exception {
        try (var c = TestDatabase.connect()) {
            return TestData.longValue(c, "SELECT COUNT(*) FROM orders WHERE id = UNHEX(REPLACE('" + id + "', '-', ''))");
        }
    }

    /** Plenty of stock and no reorder point: these orders send no replenishment. */
    private static void createReferenceData() throws Exception {
        try (var c = TestDatabase.connect()) {
            TestData.distributionCenter(c, CENTER);
            TestData.pricingMethod(c, CENTER, "0.1000");
            TestData.customer(c, CUSTOMER, CENTER, CENTER);
            TestData.product(c, PRODUCT, "Idempotent", "2.00", 0, 10);
            TestData.product(c, OTHER_PRODUCT, "Other", "2.00", 0, 10);
            TestData.inventory(c, PRODUCT, CENTER, 1_000_000);
            TestData.inventory(c, OTHER_PRODUCT, CENTER, 1_000_000);
        }
    }
}

package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.UUID;
import java.util.function.LongSupplier;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.as.arquillian.container.ManagementClient;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.orderapp.it.probe.ReplenishProbe;

/**
 * The replenish consumer against a real broker: a redelivered request is applied once; a message it can never
 * read is retried a bounded number of times, backing off for more than a minute, and then parked on the dead-letter
 * queue, changing nothing. The server's readiness check reports the dead-letter depth and stays UP with a message
 * parked.
 */
@ExtendWith(ArquillianExtension.class)
class ReplenishDeliveryIT {

    private static final int CENTER = 9700;
    private static final int SUPPLIER = 9700;
    private static final long PRODUCT = 9_700_001L;
    private static final String PROBE = "replenish-probe.war";

    @Deployment(testable = false, name = OrderDeployment.NAME, order = 1)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @Deployment(testable = false, name = PROBE, order = 2)
    static WebArchive probe() {
        return ShrinkWrap.create(WebArchive.class, PROBE).addClass(ReplenishProbe.class);
    }

    @ArquillianResource
    @OperateOnDeployment(PROBE)
    URL probe;

    @ArquillianResource
    @OperateOnDeployment(OrderDeployment.NAME)
    ManagementClient management;

    @Test
    void repeatedRequestIsAppliedOnce() throws Exception {
        try (var c = TestDatabase.connect()) {
            TestData.distributionCenter(c, CENTER);
            TestData.supplier(c, SUPPLIER);
            TestData.product(c, PRODUCT, "Redelivered", "1.00", 10, 300);
            TestData.inventory(c, PRODUCT, CENTER, 5);
            TestData.supplierInventory(c, SUPPLIER, PRODUCT, 10_000);
        }
        var requestId = UUID.randomUUID();
        send("requestId=" + requestId + "&productId=" + PRODUCT + "&centerId=" + CENTER + "&quantity=300&copies=3");

        awaitValue(() -> count("SELECT COUNT(*) FROM replenishment WHERE product_id = " + PRODUCT), 1);
        Thread.sleep(1_000); // the two copies behind the first have been consumed by now
        assertEquals(1, count("SELECT COUNT(*) FROM replenishment WHERE product_id = " + PRODUCT));
        assertEquals(305, count("SELECT quantity_on_hand FROM inventory WHERE product_id = " + PRODUCT), "stock received once");
        assertEquals(10_000 - 300, count("SELECT quantity_on_hand FROM supplier_inventory WHERE product_id = " + PRODUCT));
    }

    @Test
    void poisonMessageEndsOnTheDeadLetterQueue() throws Exception {
        long parkedBefore = dlqCount();
        assertEquals(parkedBefore, readinessDepth(), "the readiness check reports the dead-letter depth");
        long replenishmentsBefore = count("SELECT COUNT(*) FROM replenishment");
        send("poison=true");
        // The redeliveries back off (messaging.cli): still on the replenish queue after a minute, so a 60-s database
        // outage parks nothing; on the DLQ once the 79.5 s of delays have passed.
        Thread.sleep(60_000);
        assertEquals(parkedBefore, dlqCount(), "not parked within a minute of redeliveries");
        awaitValue(this::dlqCountUnchecked, parkedBefore + 1);
        assertEquals(replenishmentsBefore, count("SELECT COUNT(*) FROM replenishment"), "nothing applied");
        assertEquals(0, Management.readResolved(management, queue("replenish"), "message-count").asLong(), "not left on the queue");
        assertEquals(parkedBefore + 1, readinessDepth(), "the readiness check reports the parked message, and stays UP");
    }

    /**
     * The depth the application's readiness check reports in the server's /health/ready (management port), after
     * checking that the server is ready (200, UP) and that the check itself is UP: a parked message is an operator's
     * job, not a reason to take the server out of the balancer.
     */
    private long readinessDepth() throws Exception {
        var uri = URI.create("http://" + management.getMgmtAddress() + ":" + management.getMgmtPort() + "/health/ready");
        var response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), response.body());
        JsonNode health = new ObjectMapper().readTree(response.body());
        assertEquals("UP", health.path("status").asText(), response.body());
        JsonNode check = null;
        for (JsonNode c : health.path("checks")) {
            if ("replenish-dead-letters".equals(c.path("name").asText())) {
                check = c;
            }
        }
        assertNotNull(check, "the readiness checks name replenish-dead-letters: " + response.body());
        assertEquals("UP", check.path("status").asText(), response.body());
        assertTrue(check.path("data").path("depth").isIntegralNumber(), "the check's data hold the depth: " + response.body());
        return check.path("data").path("depth").asLong();
    }

    private void send(String query) throws Exception {
        var response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(probe + "replenish?" + query))
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(204, response.statusCode(), response.body());
    }

    private long dlqCount() throws Exception {
        return Management.readResolved(management, queue("ReplenishDLQ"), "message-count").asLong();
    }

    private long dlqCountUnchecked() {
        try {
            return dlqCount();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static org.jboss.dmr.ModelNode queue(String name) {
        return Management.address("subsystem", "messaging-activemq", "server", "default", "jms-queue", name);
    }

    private static long count(String sql) {
        try (var c = TestDatabase.connect()) {
            return TestData.longValue(c, sql);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static void awaitValue(LongSupplier value, long wanted) throws InterruptedException {
        var deadline = Instant.now().plusSeconds(45);
        long last = value.getAsLong();
        while (last != wanted && Instant.now().isBefore(deadline)) {
            Thread.sleep(200);
            last = value.getAsLong();
        }
        assertEquals(wanted, last);
    }
}

package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
 * queue, changing nothing; the readiness check reports it there and stays UP.
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
        ReadinessProbe.assertReadyWithDepth(management, parkedBefore);
        long replenishmentsBefore = count("SELECT COUNT(*) FROM replenishment");
        send("poison=true");
        // The redeliveries back off (messaging.cli): still on the replenish queue after a minute, so a 60-s database
        // outage parks nothing; on the DLQ once the 79.5 s of delays have passed.
        Thread.sleep(60_000);
        assertEquals(parkedBefore, dlqCount(), "not parked within a minute of redeliveries");
        awaitValue(this::dlqCountUnchecked, parkedBefore + 1);
        assertEquals(replenishmentsBefore, count("SELECT COUNT(*) FROM replenishment"), "nothing applied");
        assertEquals(0, Management.readResolved(management, queue("replenish"), "message-count").asLong(), "not left on the queue");
        // The readiness check counts it, and the server stays ready: a parked message waits for an operator.
        ReadinessProbe.assertReadyWithDepth(management, parkedBefore + 1);
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

package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URL;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.as.arquillian.container.ManagementClient;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The replenish message and the order share one transaction: an order that fails after its first line already
 * asked for replenishment leaves no order, no stock change and no message behind.
 */
@ExtendWith(ArquillianExtension.class)
class RollbackIT {

    private static final int CENTER = 9400;
    private static final long CUSTOMER = 9_400_001L;
    private static final long CROSSES_REORDER_POINT = 9401;
    private static final long NOT_STOCKED_HERE = 9402;

    @Deployment(testable = false, name = OrderDeployment.NAME)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @ArquillianResource
    @OperateOnDeployment(OrderDeployment.NAME)
    URL base;

    @ArquillianResource
    ManagementClient management;

    @Test
    void rolledBackOrderSendsNoReplenishMessage() throws Exception {
        try (var c = TestDatabase.connect()) {
            TestData.distributionCenter(c, CENTER);
            TestData.pricingMethod(c, CENTER, "0.2000");
            TestData.customer(c, CUSTOMER, CENTER, CENTER);
            TestData.product(c, CROSSES_REORDER_POINT, "Low stock", "3.00", 100, 500);
            TestData.inventory(c, CROSSES_REORDER_POINT, CENTER, 105);
            TestData.product(c, NOT_STOCKED_HERE, "Elsewhere", "3.00", 0, 500);
        }
        var api = new Api(base);
        long sentBefore = messagesAdded();

        // Line 1 takes stock below the reorder point (a replenish message is sent); line 2 then fails.
        var reply = api.order(CUSTOMER, CROSSES_REORDER_POINT, 10, NOT_STOCKED_HERE, 1);
        assertEquals(404, reply.status(), reply.body());

        Thread.sleep(1_000); // a message, had one been committed, would be delivered and applied by now
        assertEquals(sentBefore, messagesAdded(), "no message reached the replenish queue");
        try (var c = TestDatabase.connect()) {
            assertEquals(0, TestData.longValue(c, "SELECT COUNT(*) FROM orders WHERE customer_id = " + CUSTOMER));
            assertEquals(105, TestData.longValue(c, "SELECT quantity_on_hand FROM inventory WHERE product_id = "
                    + CROSSES_REORDER_POINT + " AND distribution_center_id = " + CENTER));
            assertEquals(0, TestData.longValue(c, "SELECT COUNT(*) FROM replenishment WHERE product_id = " + CROSSES_REORDER_POINT));
        }

        // The same first line alone commits, and then its message is sent and applied.
        assertEquals(201, api.order(CUSTOMER, CROSSES_REORDER_POINT, 10).status());
        assertEquals(sentBefore + 1, messagesAdded(), "a committed order's message reaches the queue");
    }

    private long messagesAdded() throws Exception {
        return Management.readResolved(management, Management.address("subsystem", "messaging-activemq", "server", "default",
                "jms-queue", "replenish"), "messages-added").asLong();
    }
}

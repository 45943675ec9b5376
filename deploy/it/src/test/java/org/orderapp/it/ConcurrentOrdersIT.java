package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.util.ArrayList;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.as.arquillian.container.ManagementClient;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Many clients ordering the same products at once: every acknowledged order is stored whole, and stock moves
 * by exactly what the stored orders took — no update is lost to a race. In both order.services.mode values: under
 * optimistic locking the orders must meet (transactions rolled back by a lost version check) and be retried.
 */
@ExtendWith(ArquillianExtension.class)
class ConcurrentOrdersIT {

    private static final int CENTER = 9300;
    private static final long FIRST_CUSTOMER = 9_300_001L;
    private static final long[] PRODUCTS = {9301, 9302, 9303};
    private static final int INITIAL_STOCK = 1_000_000;
    private static final int THREADS = 8;
    private static final int ORDERS_PER_THREAD = 50;

    private static final String DEPLOYMENT = "order-concurrency";

    @Deployment(name = DEPLOYMENT, managed = false, testable = false)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @ArquillianResource
    Deployer deployer;

    @ArquillianResource
    ManagementClient management;

    @ParameterizedTest
    @CsvSource({"optimistic, jpa", "pessimistic, jpa", "optimistic, jdbc", "pessimistic, jdbc"})
    void concurrentOrdersConserveInventory(String locking, String mode) throws Exception {
        DeploymentWithProperties.run(management, deployer, DEPLOYMENT,
                Map.of("order.inventory.locking", locking, "order.services.mode", mode), () -> {
            long abortedBefore = aborted();
            placeOrdersConcurrently(locking + " locking, " + mode, new URL(management.getWebUri() + "/Order/"));
            if (locking.equals("optimistic")) {
                // Every request answered 201 or 409, so each rolled-back transaction is a lost version check.
                assertTrue(aborted() > abortedBefore, "the orders met on the stock rows and lost version checks were retried");
            }
            return null;
        });
    }

    /** Transactions the server rolled back since it started. */
    private long aborted() throws Exception {
        return Management.readResolved(management, Management.address("subsystem", "transactions"),
                "number-of-aborted-transactions").asLong();
    }

    private void placeOrdersConcurrently(String label, URL base) throws Exception {
        try (var c = TestDatabase.connect()) {
            TestData.exec(c, "DELETE l FROM order_line l JOIN orders o ON o.id = l.order_id WHERE o.customer_id BETWEEN "
                    + FIRST_CUSTOMER + " AND " + (FIRST_CUSTOMER + THREADS - 1));
            TestData.exec(c, "DELETE FROM orders WHERE customer_id BETWEEN " + FIRST_CUSTOMER + " AND " + (FIRST_CUSTOMER + THREADS - 1));
        }
        try (var c = TestDatabase.connect()) {
            TestData.distributionCenter(c, CENTER);
            TestData.pricingMethod(c, CENTER, "0.2000");
            for (int t = 0; t < THREADS; t++) {
                TestData.customer(c, FIRST_CUSTOMER + t, CENTER, CENTER);
            }
            for (long p : PRODUCTS) {
                TestData.product(c, p, "Contended " + p, "5.00", 0, 100);
                TestData.inventory(c, p, CENTER, INITIAL_STOCK);
            }
        }
        var acknowledged = new AtomicLongArray(PRODUCTS.length);
        var accepted = new AtomicInteger();
        var conflicts = new AtomicInteger();
        var start = new CountDownLatch(1);
        var pool = Executors.newFixedThreadPool(THREADS);
        var results = new ArrayList<java.util.concurrent.Future<?>>();
        for (int t = 0; t < THREADS; t++) {
            long customer = FIRST_CUSTOMER + t;
            results.add(pool.submit((Callable<Void>) () -> {
                var api = new Api(base);
                start.await();
                for (int i = 0; i < ORDERS_PER_THREAD; i++) {
                    int q = 1 + (i % 7);
                    var reply = api.order(customer, PRODUCTS[0], q, PRODUCTS[1], 2 * q, PRODUCTS[2], 3);
                    if (reply.status() == 201) {
                        accepted.incrementAndGet();
                        acknowledged.addAndGet(0, q);
                        acknowledged.addAndGet(1, 2L * q);
                        acknowledged.addAndGet(2, 3);
                    } else if (reply.status() == 409) {
                        conflicts.incrementAndGet();
                    } else {
                        throw new AssertionError("unexpected " + reply.status() + ": " + reply.body());
                    }
                }
                return null;
            }));
        }
        start.countDown();
        for (var r : results) {
            r.get(5, TimeUnit.MINUTES);
        }
        pool.shutdown();
        System.out.printf("%s: %d orders accepted, %d refused as conflicts%n", label, accepted.get(), conflicts.get());

        assertTrue(accepted.get() > 0, "some orders must get through");
        try (var c = TestDatabase.connect()) {
            assertEquals(accepted.get(), TestData.longValue(c, "SELECT COUNT(*) FROM orders WHERE customer_id BETWEEN "
                    + FIRST_CUSTOMER + " AND " + (FIRST_CUSTOMER + THREADS - 1)), "every acknowledged order is stored");
            for (int i = 0; i < PRODUCTS.length; i++) {
                long stored = TestData.longValue(c, "SELECT COALESCE(SUM(quantity), 0) FROM order_line WHERE product_id = " + PRODUCTS[i]);
                long net = TestData.longValue(c, "SELECT quantity_on_hand - backorder_quantity FROM inventory WHERE product_id = "
                        + PRODUCTS[i] + " AND distribution_center_id = " + CENTER);
                assertEquals(acknowledged.get(i), stored, "stored lines of product " + PRODUCTS[i]);
                assertEquals(INITIAL_STOCK - acknowledged.get(i), net, "stock of product " + PRODUCTS[i]);
            }
            assertEquals(0, TestData.longValue(c, "SELECT COUNT(*) FROM orders o WHERE o.customer_id BETWEEN "
                    + FIRST_CUSTOMER + " AND " + (FIRST_CUSTOMER + THREADS - 1) + " AND o.total_amount <> "
                    + "(SELECT SUM(l.extended_price) FROM order_line l WHERE l.order_id = o.id)"), "order totals equal their lines");
        }
    }
}

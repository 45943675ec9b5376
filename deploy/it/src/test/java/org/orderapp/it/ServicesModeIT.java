package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URL;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
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

/**
 * order.services.mode: the plain-JDBC NewOrder and OrderInquiry against the JPA ones. The same requests, from the same
 * stock, once in each mode (a deployment made with the server system property set): the same answers, the same rows,
 * a replenish message exactly where stock crosses its reorder point and none from an order that rolled back after
 * sending one; and each mode reads the other's orders exactly as they were answered. The EJB invocation counters
 * prove which implementation served each mode. Conflicts in the JDBC path: ConcurrentOrdersIT; its statements:
 * StatementCountIT.
 */
@ExtendWith(ArquillianExtension.class)
class ServicesModeIT {

    private static final String DEPLOYMENT = "order-services-mode";
    private static final int CENTER = 8150;
    private static final long JPA_CUSTOMER = 8_150_001L;
    private static final long JDBC_CUSTOMER = 8_150_002L;
    private static final long NO_ORDERS_CUSTOMER = 8_150_003L;
    private static final long UNKNOWN_CUSTOMER = 8_150_999L;
    /** Plenty of stock, no reorder point. */
    private static final long CHEAP = 8151;
    /** 105 on hand, reorder point 100: taking 10 crosses it. */
    private static final long CROSSES = 8152;
    /** 3 on hand, reorder point 0: a larger quantity is partly backordered, which crosses the reorder point too. */
    private static final long SHORT = 8153;
    private static final long PLENTY = 8154;
    /** 101 on hand, reorder point 100: taking 5 crosses it, in the order that then fails on NOT_STOCKED. */
    private static final long CROSSES_THEN_FAILS = 8156;
    /** A product without stock at the center; its id sorts after CROSSES_THEN_FAILS, so it fails after that line. */
    private static final long NOT_STOCKED = 8158;
    private static final long UNKNOWN_PRODUCT = 8159;
    private static final long[] STOCKED = {CHEAP, CROSSES, SHORT, PLENTY, CROSSES_THEN_FAILS};

    @Deployment(name = DEPLOYMENT, managed = false, testable = false)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @ArquillianResource
    Deployer deployer;

    @ArquillianResource
    ManagementClient management;

    /** What one mode answered and wrote. */
    private record Run(List<Api.Reply> replies, JsonArray inquiry, JsonArray otherInquiry, List<String> rows,
                       long messages) {
    }

    @Test
    void jdbcPathAnswersAndWritesAsTheJpaPathDoes() throws Exception {
        Run jpa = run("jpa", JPA_CUSTOMER, JDBC_CUSTOMER);
        Run jdbc = run("jdbc", JDBC_CUSTOMER, JPA_CUSTOMER);

        assertEquals(jpa.replies().size(), jdbc.replies().size());
        for (int i = 0; i < jpa.replies().size(); i++) {
            Api.Reply a = jpa.replies().get(i);
            Api.Reply b = jdbc.replies().get(i);
            assertEquals(a.status(), b.status(), "request " + i + ": " + a.body() + " against " + b.body());
            if (a.status() == 201) {
                assertEquals(withoutIdentity(a.object()), withoutIdentity(b.object()), "request " + i);
            } else {
                assertEquals(a.body(), b.body(), "request " + i);
            }
        }
        assertEquals(withoutIdentity(jpa.inquiry()), withoutIdentity(jdbc.inquiry()), "the inquiries");
        assertEquals(jpa.rows(), jdbc.rows(), "the rows written");
        assertEquals(2, jpa.messages(), "JPA: the replenish messages of the committed order's two crossings, no other");
        assertEquals(2, jdbc.messages(), "JDBC: the replenish messages of the committed order's two crossings, no other");
        // Each mode reads the other's orders exactly as that one answered and read them.
        assertEquals(jpa.inquiry(), jdbc.otherInquiry(), "the JPA customer's orders read through JDBC");
        assertEquals(jdbc.inquiry(), readAgainThroughJpa(), "the JDBC customer's orders read through JPA");
    }

    /** A bad application setting fails the deployment, and the failure names it; nothing is served with it. */
    @Test
    void aBadSettingFailsTheDeploymentWithItsName() throws Exception {
        var refusals = Map.of(
                "order.services.mode", Map.entry("jbdc", "order.services.mode must be jpa or jdbc, not 'jbdc'"),
                "order.inventory.locking",
                Map.entry("optimstic", "order.inventory.locking must be pessimistic or optimistic, not 'optimstic'"),
                "order.max-lines", Map.entry("0", "order.max-lines must be at least 1, not 0"));
        for (var refusal : refusals.entrySet()) {
            var bad = Map.of(refusal.getKey(), refusal.getValue().getKey());
            var failure = assertThrows(Exception.class,
                    () -> DeploymentWithProperties.run(management, deployer, DEPLOYMENT, bad, () -> "served"), bad.toString());
            var messages = new StringBuilder();
            for (Throwable t = failure; t != null; t = t.getCause()) {
                messages.append(t.getMessage()).append('\n');
            }
            assertTrue(messages.toString().contains(refusal.getValue().getValue()), "the failure names the setting:\n" + messages);
        }
        assertEquals("served", DeploymentWithProperties.run(management, deployer, DEPLOYMENT, Map.of(), () -> "served"),
                "the same archive deploys with the defaults once the bad values are gone");
    }

    private Run run(String mode, long customer, long other) throws Exception {
        return DeploymentWithProperties.run(management, deployer, DEPLOYMENT, Map.of("order.services.mode", mode), () -> {
            if (customer == JPA_CUSTOMER) { // the first run; the schema exists once the application has been deployed
                createReferenceData();
            }
            resetStock();
            var api = new Api(new URL(management.getWebUri() + "/Order/"));
            long messagesBefore = messagesAdded();
            var replies = new ArrayList<Api.Reply>();
            replies.add(api.order(customer, SHORT, 5, CHEAP, 2, CROSSES, 10, PLENTY, 7));
            replies.add(api.order(customer, PLENTY, 1, UNKNOWN_PRODUCT, 1));
            replies.add(api.order(UNKNOWN_CUSTOMER, CHEAP, 1));
            replies.add(api.order(customer, NOT_STOCKED, 1, CROSSES_THEN_FAILS, 5));
            replies.add(api.order(customer, CHEAP, 3));
            replies.add(api.order(customer, PLENTY, 2, SHORT, 1));
            assertEquals(List.of(201, 404, 404, 404, 201, 201), replies.stream().map(Api.Reply::status).toList(),
                    mode + ": " + replies);

            var inquiry = api.get("api/customers/" + customer + "/orders");
            assertEquals(200, inquiry.status(), inquiry.body());
            JsonArray orders = inquiry.array();
            assertEquals(List.of(replies.get(5).object(), replies.get(4).object(), replies.get(0).object()), orders,
                    mode + ": the inquiry answers the orders newest first, as their creation answered them");
            for (JsonValue order : orders) {
                var alone = api.get("api/orders/" + order.asJsonObject().getString("id"));
                assertEquals(alone.object(), order, mode + ": the inquiry's order as the JPA entity path reads it alone");
            }
            var form = api.get("OrderInquiry?customerid=" + customer);
            assertEquals(orders, form.array(), mode + ": the form endpoint's inquiry");
            assertEquals(404, api.get("api/customers/" + UNKNOWN_CUSTOMER + "/orders").status());
            assertEquals(404, api.get("OrderInquiry?customerid=" + UNKNOWN_CUSTOMER).status());
            var none = api.get("api/customers/" + NO_ORDERS_CUSTOMER + "/orders");
            assertEquals(200, none.status(), none.body());
            assertEquals(0, none.array().size());
            var otherInquiry = api.get("api/customers/" + other + "/orders");
            assertEquals(200, otherInquiry.status(), otherInquiry.body());

            long messages = messagesAdded() - messagesBefore;
            awaitReplenished(customer);
            assertServedBy(mode);
            return new Run(replies, orders, otherInquiry.array(), rows(customer), messages);
        });
    }

    /** The JDBC customer's orders, read after the JDBC run by a deployment in the default mode. */
    private JsonArray readAgainThroughJpa() throws Exception {
        return DeploymentWithProperties.run(management, deployer, DEPLOYMENT, Map.of(), () -> {
            var reply = new Api(new URL(management.getWebUri() + "/Order/")).get("api/customers/" + JDBC_CUSTOMER + "/orders");
            assertEquals(200, reply.status(), reply.body());
            return reply.array();
        });
    }

    /** The implementation of the mode took the orders and answered the inquiries, and the other one did nothing. */
    private void assertServedBy(String mode) throws Exception {
        boolean jdbc = mode.equals("jdbc");
        assertEquals(jdbc, invocations("JdbcOrderTransaction") > 0, mode + ": JdbcOrderTransaction invoked");
        assertEquals(!jdbc, invocations("OrderTransaction") > 0, mode + ": OrderTransaction invoked");
        assertEquals(jdbc, invocations("JdbcOrderInquiry") > 0, mode + ": JdbcOrderInquiry invoked");
    }

    private long invocations(String bean) throws Exception {
        return Management.readResolved(management, Management.address("deployment", OrderDeployment.NAME, "subdeployment",
                "order-ejb.jar", "subsystem", "ejb3", "stateless-session-bean", bean), "invocations").asLong();
    }

    /**
     * The committed order's replenish requests (CROSSES and SHORT) were applied, each linked both ways to the line that
     * sent it, and the request of the order that rolled back never arrived.
     */
    private static void awaitReplenished(long customer) throws Exception {
        String linked = "SELECT COUNT(*) FROM order_line l JOIN orders o ON o.id = l.order_id JOIN replenishment r"
                + " ON r.request_id = l.replenish_request_id AND r.order_id = l.order_id WHERE o.customer_id = " + customer
                + " AND l.product_id IN (" + CROSSES + ", " + SHORT + ")";
        try (var c = TestDatabase.connect()) {
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (TestData.longValue(c, linked) < 2 && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertEquals(2, TestData.longValue(c, linked), "the order's two replenish requests, each applied once");
            assertEquals(0, TestData.longValue(c, "SELECT COUNT(*) FROM replenishment WHERE product_id = " + CROSSES_THEN_FAILS),
                    "no request from the order that rolled back");
        }
    }

    /**
     * The customer's orders and lines oldest first, and the stock, without what differs by nature between two runs: the
     * order ids and dates (only whether the date is now in UTC, as Hibernate stores it), the customer, the request ids
     * (only whether a line has one).
     */
    private static List<String> rows(long customer) throws SQLException {
        var rows = new ArrayList<String>();
        try (var c = TestDatabase.connect()) {
            query(c, rows, "SELECT o.distribution_center_id, o.total_amount, o.address_line1, o.address_line2, o.city, o.state,"
                    + " o.zip_code, o.zip_plus_four, ABS(TIMESTAMPDIFF(SECOND, o.order_date, UTC_TIMESTAMP(3))) < 600"
                    + " FROM orders o WHERE o.customer_id = " + customer
                    + " ORDER BY o.order_date, o.id");
            query(c, rows, "SELECT l.line_number, l.product_id, l.quantity, l.unit_price, l.extended_price,"
                    + " l.backordered_quantity, l.replenish_request_id IS NOT NULL FROM order_line l JOIN orders o"
                    + " ON o.id = l.order_id WHERE o.customer_id = " + customer + " ORDER BY o.order_date, o.id, l.line_number");
            query(c, rows, "SELECT product_id, quantity_on_hand, backorder_quantity, version FROM inventory"
                    + " WHERE distribution_center_id = " + CENTER + " ORDER BY product_id");
        }
        return rows;
    }

    private static void query(Connection c, List<String> into, String sql) throws SQLException {
        try (var s = c.createStatement(); var r = s.executeQuery(sql)) {
            int columns = r.getMetaData().getColumnCount();
            while (r.next()) {
                var row = new StringBuilder();
                for (int i = 1; i <= columns; i++) {
                    row.append(i == 1 ? "" : " | ").append(r.getString(i));
                }
                into.add(row.toString());
            }
        }
    }

    /** An answer without the order ids, dates and customer, which differ by nature between the two runs. */
    private static JsonValue withoutIdentity(JsonValue answer) {
        if (answer instanceof JsonArray array) {
            var result = Json.createArrayBuilder();
            array.forEach(order -> result.add(withoutIdentity(order)));
            return result.build();
        }
        JsonObject order = answer.asJsonObject();
        return Json.createObjectBuilder(order).remove("id").remove("orderDate").remove("customerId").build();
    }

    private long messagesAdded() throws Exception {
        return Management.readResolved(management, Management.address("subsystem", "messaging-activemq", "server", "default",
                "jms-queue", "replenish"), "messages-added").asLong();
    }

    private static void createReferenceData() throws SQLException {
        try (var c = TestDatabase.connect()) {
            String ours = "SELECT id FROM orders WHERE customer_id BETWEEN " + JPA_CUSTOMER + " AND " + NO_ORDERS_CUSTOMER;
            TestData.exec(c, "DELETE FROM replenishment WHERE order_id IN (" + ours + ")");
            TestData.exec(c, "DELETE FROM order_line WHERE order_id IN (" + ours + ")");
            TestData.exec(c, "DELETE FROM orders WHERE customer_id BETWEEN " + JPA_CUSTOMER + " AND " + NO_ORDERS_CUSTOMER);
            TestData.distributionCenter(c, CENTER);
            TestData.pricingMethod(c, CENTER, "0.1750");
            for (long customer : new long[] {JPA_CUSTOMER, JDBC_CUSTOMER, NO_ORDERS_CUSTOMER}) {
                TestData.customer(c, customer, CENTER, CENTER);
            }
            TestData.product(c, CHEAP, "Washer", "0.07", 0, 100);
            TestData.product(c, CROSSES, "Gasket", "3.35", 100, 500);
            TestData.product(c, SHORT, "Pump", "129.99", 0, 10);
            TestData.product(c, PLENTY, "Hose", "12.49", 0, 100);
            TestData.product(c, CROSSES_THEN_FAILS, "Valve", "8.80", 100, 500);
            TestData.product(c, NOT_STOCKED, "Elsewhere", "1.00", 0, 100);
        }
    }

    /** The same stock before each run, versions included. */
    private static void resetStock() throws SQLException {
        int[] onHand = {1_000_000, 105, 3, 1_000_000, 101};
        try (var c = TestDatabase.connect()) {
            for (int i = 0; i < STOCKED.length; i++) {
                TestData.exec(c, "INSERT INTO inventory (product_id, distribution_center_id, quantity_on_hand) VALUES ("
                        + STOCKED[i] + ", " + CENTER + ", " + onHand[i] + ") ON DUPLICATE KEY UPDATE quantity_on_hand = "
                        + onHand[i] + ", backorder_quantity = 0, version = 0");
            }
        }
    }
}

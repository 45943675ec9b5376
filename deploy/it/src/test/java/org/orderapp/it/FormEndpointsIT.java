package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.as.arquillian.container.ManagementClient;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The guide's HTTP interface: NewOrder (form post) and OrderInquiry, answered as pages or as the JSON API's
 * JSON, on kept-alive connections, without HTTP sessions.
 */
@ExtendWith(ArquillianExtension.class)
class FormEndpointsIT {

    private static final int CENTER = 8110;
    private static final long CUSTOMER = 8_110_001L;
    private static final long INQUIRY_CUSTOMER = 8_110_002L;
    private static final long NO_ORDERS_CUSTOMER = 8_110_003L;
    private static final long CONFLICT_CUSTOMER = 8_110_004L;
    /** Six products, as the guide's captured request ordered six lines; unit cost i, markup 25 %. */
    private static final long FIRST_PRODUCT = 8111;
    private static final int[] GUIDE_QUANTITIES = {6, 19, 29, 39, 49, 59};
    private static final long CONTENDED_PRODUCT = 8119;
    private static final String BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
    private static final Pattern ORDER_ID = Pattern.compile("<code id=\"order-id\">([0-9a-f-]{36})</code>");

    @Deployment(testable = false, name = OrderDeployment.NAME)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @ArquillianResource
    @OperateOnDeployment(OrderDeployment.NAME)
    URL base;

    @ArquillianResource
    ManagementClient management;

    @BeforeEach
    void referenceData() throws Exception {
        try (var c = TestDatabase.connect()) {
            TestData.distributionCenter(c, CENTER);
            TestData.pricingMethod(c, CENTER, "0.2500");
            for (long customer : new long[] {CUSTOMER, INQUIRY_CUSTOMER, NO_ORDERS_CUSTOMER, CONFLICT_CUSTOMER}) {
                TestData.customer(c, customer, CENTER, CENTER);
            }
            for (int i = 0; i < GUIDE_QUANTITIES.length; i++) {
                TestData.product(c, FIRST_PRODUCT + i, "Guide part " + (i + 1), (i + 1) + ".00", 0, 100);
                TestData.inventory(c, FIRST_PRODUCT + i, CENTER, 1_000_000);
            }
            TestData.product(c, CONTENDED_PRODUCT, "Contended part", "1.00", 0, 100);
            TestData.inventory(c, CONTENDED_PRODUCT, CENTER, 1_000_000);
        }
    }

    /** The guide's form: customerid, nine productid/quantity pairs of which three are empty, the submit button. */
    private static String[] guideForm(long customer) {
        var form = new ArrayList<>(List.of("customerid", String.valueOf(customer)));
        for (int i = 0; i < GUIDE_QUANTITIES.length; i++) {
            form.addAll(List.of("productid", String.valueOf(FIRST_PRODUCT + i), "quantity", String.valueOf(GUIDE_QUANTITIES[i])));
        }
        for (int i = 0; i < 3; i++) {
            form.addAll(List.of("productid", "", "quantity", ""));
        }
        form.addAll(List.of("NewOrder", "NewOrder"));
        return form.toArray(String[]::new);
    }

    /** Unit price i × 1.25 for product i (1-based), times the guide's quantities. */
    private static BigDecimal guideTotal() {
        var total = BigDecimal.ZERO;
        for (int i = 0; i < GUIDE_QUANTITIES.length; i++) {
            total = total.add(new BigDecimal(i + 1).multiply(new BigDecimal("1.25")).multiply(new BigDecimal(GUIDE_QUANTITIES[i])));
        }
        return total.setScale(2);
    }

    @Test
    void guideFormPlacesTheOrderAndAnswersAPage() throws Exception {
        var client = new WebClient(base);
        var reply = client.form("NewOrder", BROWSER_ACCEPT, guideForm(CUSTOMER));

        assertEquals(201, reply.status(), reply::toString);
        assertTrue(reply.header("Content-Type").startsWith("text/html"));
        var matcher = ORDER_ID.matcher(reply.body());
        assertTrue(matcher.find(), reply.body());
        String id = matcher.group(1);
        assertTrue(reply.body().contains("id=\"order-total\">" + guideTotal().toPlainString() + "<"), reply.body());
        for (int i = 0; i < GUIDE_QUANTITIES.length; i++) {
            assertTrue(reply.body().contains("Guide part " + (i + 1)), "line " + (i + 1) + " is shown");
        }

        try (var c = TestDatabase.connect()) {
            assertEquals(6, TestData.longValue(c, "SELECT COUNT(*) FROM order_line WHERE order_id = UNHEX(REPLACE('" + id + "', '-', ''))"));
            assertEquals(guideTotal().movePointRight(2).longValueExact(), TestData.longValue(c,
                    "SELECT CAST(total_amount * 100 AS SIGNED) FROM orders WHERE id = UNHEX(REPLACE('" + id + "', '-', ''))"));
        }
        // Location names the order in the API, and the API has it as stored.
        assertTrue(reply.header("Location").endsWith("/Order/api/orders/" + id), reply.header("Location"));
        var stored = client.get(reply.header("Location"), WebClient.JSON);
        assertEquals(200, stored.status(), stored::toString);
        assertEquals(guideTotal(), stored.object().getJsonNumber("totalAmount").bigDecimalValue().setScale(2));
        assertEquals(6, stored.object().getJsonArray("lines").size());
    }

    @Test
    void jsonAnswerIsTheOrderAsTheApiAnswersIt() {
        var client = new WebClient(base);
        var fromForm = client.form("NewOrder", WebClient.JSON, guideForm(CUSTOMER));
        assertEquals(201, fromForm.status(), fromForm::toString);
        assertTrue(fromForm.header("Content-Type").startsWith(WebClient.JSON), fromForm.header("Content-Type"));
        assertNotNull(fromForm.header("Content-Length"), "a complete body with its length, not a chunked stream");

        var lines = new ArrayList<String>();
        for (int i = 0; i < GUIDE_QUANTITIES.length; i++) {
            lines.add("{\"productId\":" + (FIRST_PRODUCT + i) + ",\"quantity\":" + GUIDE_QUANTITIES[i] + "}");
        }
        var fromApi = client.postJson("api/orders", "{\"customerId\":" + CUSTOMER + ",\"lines\":[" + String.join(",", lines) + "]}");
        assertEquals(201, fromApi.status(), fromApi::toString);

        JsonObject form = fromForm.object();
        JsonObject api = fromApi.object();
        assertEquals(api.keySet(), form.keySet(), "the same fields");
        assertEquals(api.getJsonArray("lines").getJsonObject(0).keySet(), form.getJsonArray("lines").getJsonObject(0).keySet());
        assertEquals(api.getJsonNumber("totalAmount"), form.getJsonNumber("totalAmount"));
        assertEquals(guideTotal(), form.getJsonNumber("totalAmount").bigDecimalValue().setScale(2));
        for (int i = 0; i < GUIDE_QUANTITIES.length; i++) {
            var line = form.getJsonArray("lines").getJsonObject(i);
            assertEquals(i + 1, line.getInt("lineNumber"));
            assertEquals(FIRST_PRODUCT + i, line.getJsonNumber("productId").longValue());
            assertEquals(GUIDE_QUANTITIES[i], line.getInt("quantity"));
        }
        // What the 201 said is what a later read finds, to the millisecond.
        assertEquals(form, client.get("api/orders/" + form.getString("id"), WebClient.JSON).object());
        assertNull(fromForm.header("Set-Cookie"), "NewOrder creates no HTTP session");
    }

    @Test
    void inquiryAnswersRecentOrdersAsAPageOrAsJson() {
        var client = new WebClient(base);
        var first = client.form("NewOrder", WebClient.JSON, "customerid", String.valueOf(INQUIRY_CUSTOMER),
                "productid", String.valueOf(FIRST_PRODUCT), "quantity", "1").object().getString("id");
        var second = client.form("NewOrder", WebClient.JSON, "customerid", String.valueOf(INQUIRY_CUSTOMER),
                "productid", String.valueOf(FIRST_PRODUCT + 1), "quantity", "2", "productid", "", "quantity", "").object().getString("id");

        var json = client.get("OrderInquiry?customerid=" + INQUIRY_CUSTOMER, WebClient.JSON);
        assertEquals(200, json.status(), json::toString);
        assertNull(json.header("Set-Cookie"), "OrderInquiry creates no HTTP session");
        var orders = json.array();
        assertEquals(2, orders.size());
        assertEquals(second, orders.getJsonObject(0).getString("id"), "newest first");
        assertEquals(first, orders.getJsonObject(1).getString("id"));
        assertEquals(client.get("api/customers/" + INQUIRY_CUSTOMER + "/orders", WebClient.JSON).array(), orders,
                "the same answer as the API's inquiry");

        var page = client.get("OrderInquiry?customerid=" + INQUIRY_CUSTOMER, BROWSER_ACCEPT);
        assertEquals(200, page.status());
        assertTrue(page.body().indexOf(second) < page.body().indexOf(first) && page.body().contains(first), page.body());

        var none = client.get("OrderInquiry?customerid=" + NO_ORDERS_CUSTOMER, WebClient.JSON);
        assertEquals(200, none.status());
        assertEquals(0, none.array().size());
        assertTrue(client.get("OrderInquiry?customerid=" + NO_ORDERS_CUSTOMER, BROWSER_ACCEPT).body().contains("id=\"no-orders\""));
        var form = client.get("OrderInquiry", BROWSER_ACCEPT);
        assertEquals(200, form.status(), "without a customer id a person gets the form");
        assertTrue(form.body().contains("id=\"inquiry-form\""));
    }

    /**
     * The guide's captured traffic (section 2.1.1), replayed byte for byte in shape: a NewOrder form post with the
     * old-style cookie of a session the server never made, then an OrderInquiry, on one kept-alive connection.
     */
    @Test
    void guideCapturedRequestsShareOneKeptAliveConnection() throws Exception {
        var form = WebClient.formBody(guideForm(CUSTOMER));
        String headers = "Connection: keep-alive\r\n"
                + "Cookie: $Version=0; JSESSIONID=VzNmllbAmpDmInSJQ152bw__; $Path=/Order\r\n"
                + "User-Agent: Jakarta Commons-HttpClient/3.1\r\n"
                + "Host: " + base.getHost() + ":" + base.getPort() + "\r\n";
        try (var socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(60_000);
            OutputStream out = socket.getOutputStream();
            var in = socket.getInputStream();
            out.write(("POST /Order/NewOrder HTTP/1.1\r\n" + headers + "Content-Type: application/x-www-form-urlencoded\r\n"
                    + "Content-Length: " + form.length() + "\r\n\r\n" + form).getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            var created = RawHttp.read(in);
            assertEquals(201, created.status(), created::toString);
            assertNotNull(created.header("Content-Length"), "the page goes out whole, with its length");
            assertNull(created.header("Set-Cookie"), "no session is made for an order");
            assertFalse("close".equalsIgnoreCase(created.header("Connection")), "the connection stays open");
            var matcher = ORDER_ID.matcher(created.body());
            assertTrue(matcher.find());

            out.write(("GET /Order/OrderInquiry?customerid=" + CUSTOMER + " HTTP/1.1\r\n" + headers + "\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            var inquiry = RawHttp.read(in);
            assertEquals(200, inquiry.status(), inquiry::toString);
            assertNull(inquiry.header("Set-Cookie"));
            assertTrue(inquiry.body().contains(matcher.group(1)), "the inquiry shows the order just placed");
        }
    }

    @Test
    void ordersAndInquiriesCreateNoSessions() throws Exception {
        long before = activeSessions();
        for (int i = 0; i < 10; i++) {
            var client = new WebClient(base); // a new client each time: no cookie to offer
            assertEquals(201, client.form("NewOrder", BROWSER_ACCEPT, "customerid", String.valueOf(CUSTOMER),
                    "productid", String.valueOf(FIRST_PRODUCT), "quantity", "1").status());
            assertEquals(201, client.form("NewOrder", WebClient.JSON, "customerid", String.valueOf(CUSTOMER),
                    "productid", String.valueOf(FIRST_PRODUCT), "quantity", "1").status());
            assertEquals(200, client.get("OrderInquiry?customerid=" + CUSTOMER, BROWSER_ACCEPT).status());
            assertEquals(200, client.get("OrderInquiry?customerid=" + CUSTOMER, WebClient.JSON).status());
            assertEquals(400, client.get("OrderInquiry?customerid=bad", BROWSER_ACCEPT).status());
            assertEquals(200, client.get("", BROWSER_ACCEPT).status());
            assertEquals(200, client.get("NewOrder", BROWSER_ACCEPT).status());
            assertTrue(client.sessionCookies().isEmpty(), "no JSESSIONID was handed out");
        }
        assertEquals(before, activeSessions(), "no session is alive after 70 requests to the order pages");
    }

    @Test
    void theFormIsShownAgainWithTheErrorAndTheValuesSent() {
        var client = new WebClient(base);
        var form = client.get("NewOrder", BROWSER_ACCEPT);
        assertEquals(200, form.status());
        assertEquals(9, form.body().split("name=\"productid\"", -1).length - 1, "the guide's nine rows");

        var reply = client.form("NewOrder", BROWSER_ACCEPT, "customerid", String.valueOf(CUSTOMER),
                "productid", String.valueOf(FIRST_PRODUCT), "quantity", "3",
                "productid", String.valueOf(FIRST_PRODUCT + 1), "quantity", "three");
        assertEquals(400, reply.status());
        assertTrue(reply.body().contains("quantity on line 2 must be a whole number, got &#039;three&#039;"), reply.body());
        assertTrue(reply.body().contains("value=\"" + (FIRST_PRODUCT + 1) + "\""), "the values sent are kept");
        assertTrue(reply.body().contains("value=\"three\""));
    }

    /**
     * Stock that changes under every attempt of an order: a trigger (for this test's customer only) bumps the
     * inventory row's version inside the order's own transaction, after the order row is inserted and before
     * the stock update, so each attempt loses the version check and rolls back whole. The order is tried a
     * bounded number of times (order.max-attempts) and then refused with 409; nothing of it is stored.
     */
    @Test
    void anOrderThatKeepsLosingTheStockRaceIsAnswered409() throws Exception {
        try (var c = TestDatabase.connectAsTester()) { // TRIGGER is no privilege of the application's account
            TestData.exec(c, "DROP TRIGGER IF EXISTS conflict_under_every_attempt");
            TestData.exec(c, "CREATE TRIGGER conflict_under_every_attempt AFTER INSERT ON orders FOR EACH ROW "
                    + "BEGIN IF NEW.customer_id = " + CONFLICT_CUSTOMER + " THEN UPDATE inventory SET version = version + 1 "
                    + "WHERE product_id = " + CONTENDED_PRODUCT + " AND distribution_center_id = " + CENTER + "; END IF; END");
        }
        try {
            var before = Tables.quiet(Duration.ofSeconds(60));
            var client = new WebClient(base);
            var json = client.form("NewOrder", WebClient.JSON, "customerid", String.valueOf(CONFLICT_CUSTOMER),
                    "productid", String.valueOf(CONTENDED_PRODUCT), "quantity", "1");
            assertEquals(409, json.status(), json::toString);
            assertTrue(json.object().getString("error").contains("try again"), json::toString);

            var page = client.form("NewOrder", BROWSER_ACCEPT, "customerid", String.valueOf(CONFLICT_CUSTOMER),
                    "productid", String.valueOf(CONTENDED_PRODUCT), "quantity", "1");
            assertEquals(409, page.status());
            assertTrue(page.body().contains("data-status=\"409\""), page.body());
            assertTrue(page.body().contains("value=\"" + CONTENDED_PRODUCT + "\""), "the form is shown again to retry");

            assertEquals(0, orderCount(), "a refused order is not stored");
            assertEquals(before, Tables.snapshot(), "every attempt was rolled back whole");
        } finally {
            try (var c = TestDatabase.connectAsTester()) {
                TestData.exec(c, "DROP TRIGGER IF EXISTS conflict_under_every_attempt");
            }
        }
    }

    private long orderCount() throws Exception {
        try (var c = TestDatabase.connect()) {
            return TestData.longValue(c, "SELECT COUNT(*) FROM orders WHERE customer_id = " + CONFLICT_CUSTOMER)
                    + TestData.longValue(c, "SELECT COUNT(*) FROM order_line l JOIN orders o ON o.id = l.order_id WHERE o.customer_id = "
                    + CONFLICT_CUSTOMER);
        }
    }

    /** Sessions alive in the web module now (sessions-created counts only with statistics on). */
    private long activeSessions() throws Exception {
        return Management.readResolved(management, Management.address("deployment", OrderDeployment.NAME,
                "subdeployment", "order-web.war", "subsystem", "undertow"), "active-sessions").asLong();
    }
}

package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.net.URL;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad input, one request per row, to the form endpoints, the JSON API, the browse page and the container:
 * each gets its status and a message naming the bad field, no stack trace, and changes nothing — every table
 * of the schema has the same rows and the same content (CHECKSUM TABLE) after the request as before.
 */
@ExtendWith(ArquillianExtension.class)
class StrictInputIT {

    private static final int CENTER = 8120;
    private static final long CUSTOMER = 8_120_001L;
    private static final long UNKNOWN_CUSTOMER = 8_129_999L;
    private static final long PRODUCT = 8121;
    private static final long OTHER_PRODUCT = 8122;
    private static final long UNKNOWN_PRODUCT = 8_129_999L;
    private static final int MAX_LINES = ApplicationSettings.integer("order.max-lines");
    private static final int MAX_QUANTITY = ApplicationSettings.integer("order.max-quantity");

    @Deployment(testable = false, name = OrderDeployment.NAME)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @ArquillianResource
    @OperateOnDeployment(OrderDeployment.NAME)
    URL base;

    /** One bad request and what must come back. field null: the answer names no field. */
    record Case(String method, String path, String contentType, String accept, Supplier<BodyPublisher> body,
                int status, String field) {
    }

    @BeforeEach
    void referenceData() throws Exception {
        try (var c = TestDatabase.connect()) {
            TestData.distributionCenter(c, CENTER);
            TestData.pricingMethod(c, CENTER, "0.1000");
            TestData.customer(c, CUSTOMER, CENTER, CENTER);
            TestData.product(c, PRODUCT, "Strict widget", "2.00", 0, 100);
            TestData.product(c, OTHER_PRODUCT, "Strict gadget", "3.00", 0, 100);
            TestData.inventory(c, PRODUCT, CENTER, 1_000);
            // OTHER_PRODUCT is deliberately not stocked at CENTER.
        }
    }

    static Stream<Arguments> badRequests() {
        String c = String.valueOf(CUSTOMER);
        String p = String.valueOf(PRODUCT);
        String json = WebClient.JSON;
        String html = WebClient.HTML;
        return Stream.of(
                // NewOrder, the guide's form
                row("form: customerid missing", form(json, "productid", p, "quantity", "1"), 400, "customerid"),
                row("form: customerid not a number", form(json, "customerid", "abc", "productid", p, "quantity", "1"), 400, "customerid"),
                row("form: customerid zero", form(json, "customerid", "0", "productid", p, "quantity", "1"), 400, "customerid"),
                row("form: customerid negative", form(json, "customerid", "-7", "productid", p, "quantity", "1"), 400, "customerid"),
                row("form: customerid absurd", form(json, "customerid", "99999999999999999999999", "productid", p, "quantity", "1"), 400, "customerid"),
                row("form: customerid twice", form(json, "customerid", c, "customerid", c, "productid", p, "quantity", "1"), 400, "customerid"),
                row("form: unknown customer", form(json, "customerid", String.valueOf(UNKNOWN_CUSTOMER), "productid", p, "quantity", "1"), 404, "customerid"),
                row("form: unknown customer, as a page", form(html, "customerid", String.valueOf(UNKNOWN_CUSTOMER), "productid", p, "quantity", "1"), 404, "customerid"),
                row("form: quantity not a number", form(json, "customerid", c, "productid", p, "quantity", "lots"), 400, "quantity"),
                row("form: quantity zero", form(json, "customerid", c, "productid", p, "quantity", "0"), 400, "quantity"),
                row("form: quantity negative, as a page", form(html, "customerid", c, "productid", p, "quantity", "-1"), 400, "quantity"),
                row("form: quantity absurd", form(json, "customerid", c, "productid", p, "quantity", "10001"), 400, "quantity"),
                row("form: quantity fractional", form(json, "customerid", c, "productid", p, "quantity", "1.5"), 400, "quantity"),
                row("form: product id not a number", form(json, "customerid", c, "productid", "0x10", "quantity", "1"), 400, "productid"),
                row("form: unknown product", form(json, "customerid", c, "productid", String.valueOf(UNKNOWN_PRODUCT), "quantity", "1"), 404, "productid"),
                row("form: product not stocked at the customer's center", form(json, "customerid", c, "productid", p, "quantity", "1",
                        "productid", String.valueOf(OTHER_PRODUCT), "quantity", "1"), 404, "productid"),
                row("form: same product twice", form(json, "customerid", c, "productid", p, "quantity", "1", "productid", p, "quantity", "2"), 400, "productid"),
                row("form: product without quantity", form(json, "customerid", c, "productid", p, "quantity", ""), 400, "quantity"),
                row("form: unpaired parameters", form(json, "customerid", c, "productid", p, "quantity", "1", "productid", p), 400, "quantity"),
                row("form: only empty rows", form(json, "customerid", c, "productid", "", "quantity", "", "NewOrder", "NewOrder"), 400, "productid"),
                row("form: more lines than the maximum", form(json, manyFormLines(MAX_LINES + 1)), 400, "productid"),
                row("form: body larger than the limit", new Case("POST", "NewOrder", WebClient.FORM, json,
                        () -> BodyPublishers.ofString("customerid=" + c + "&productid=" + p + "&quantity=1&pad=" + "x".repeat(100_000)),
                        413, "body")),
                row("form: body larger than the limit, as a page", new Case("POST", "NewOrder", WebClient.FORM, html,
                        () -> BodyPublishers.ofString("customerid=" + c + "&pad=" + "x".repeat(100_000)), 413, "body")),
                row("form: JSON sent to the form endpoint", new Case("POST", "NewOrder", json, json,
                        () -> BodyPublishers.ofString("{\"customerId\":" + c + "}"), 415, "Content-Type")),
                row("form: PUT", new Case("PUT", "NewOrder", WebClient.FORM, json,
                        () -> BodyPublishers.ofString("customerid=" + c), 405, "method")),
                row("form: DELETE, as a page", new Case("DELETE", "NewOrder", null, html, BodyPublishers::noBody, 405, "method")),
                // OrderInquiry
                row("inquiry: customerid missing", get("OrderInquiry", json), 400, "customerid"),
                row("inquiry: customerid not a number", get("OrderInquiry?customerid=x1", json), 400, "customerid"),
                row("inquiry: customerid negative, as a page", get("OrderInquiry?customerid=-1", html), 400, "customerid"),
                row("inquiry: unknown customer", get("OrderInquiry?customerid=" + UNKNOWN_CUSTOMER, json), 404, "customerid"),
                row("inquiry: POST", new Case("POST", "OrderInquiry", WebClient.FORM, json,
                        () -> BodyPublishers.ofString("customerid=" + c), 405, "method")),
                // The JSON API
                row("api: body not JSON", json("{\"customerId\": 1,"), 400, "body"),
                row("api: body empty", json(""), 400, "body"),
                row("api: customerId a string", json("{\"customerId\":\"" + c + "\",\"lines\":[{\"productId\":" + p + ",\"quantity\":1}]}"), 400, "customerId"),
                row("api: customerId missing", json("{\"lines\":[{\"productId\":" + p + ",\"quantity\":1}]}"), 400, "customerId"),
                row("api: lines missing", json("{\"customerId\":" + c + "}"), 400, "lines"),
                row("api: lines empty", json("{\"customerId\":" + c + ",\"lines\":[]}"), 400, "lines"),
                row("api: productId negative", json("{\"customerId\":" + c + ",\"lines\":[{\"productId\":-" + p + ",\"quantity\":1}]}"), 400, "lines[0].productId"),
                row("api: quantity absurd", json("{\"customerId\":" + c + ",\"lines\":[{\"productId\":" + p + ",\"quantity\":1e12}]}"), 400, "lines[0].quantity"),
                row("api: same product twice", json("{\"customerId\":" + c + ",\"lines\":[{\"productId\":" + p + ",\"quantity\":1},{\"productId\":"
                        + p + ",\"quantity\":1}]}"), 400, "lines[1].productId"),
                row("api: unknown customer", json("{\"customerId\":" + UNKNOWN_CUSTOMER + ",\"lines\":[{\"productId\":" + p + ",\"quantity\":1}]}"), 404, "customerId"),
                row("api: unknown product", json("{\"customerId\":" + c + ",\"lines\":[{\"productId\":" + UNKNOWN_PRODUCT + ",\"quantity\":1}]}"), 404, "productId"),
                row("api: more lines than the maximum", json(manyJsonLines(MAX_LINES + 1)), 400, "lines"),
                row("api: chunked body larger than the limit", new Case("POST", "api/orders", json, json, () -> BodyPublishers.ofInputStream(
                        () -> new ByteArrayInputStream(("{\"customerId\":" + c + ",\"pad\":\"" + "x".repeat(100_000) + "\"}")
                                .getBytes(StandardCharsets.UTF_8))), 413, "body")),
                row("api: text/plain body", new Case("POST", "api/orders", "text/plain", json,
                        () -> BodyPublishers.ofString("customerId=" + c), 415, "Content-Type")),
                row("api: GET on orders", get("api/orders", json), 405, "method"),
                row("api: DELETE on a customer", new Case("DELETE", "api/customers/" + c, null, json, BodyPublishers::noBody, 405, "method")),
                row("api: order id not a UUID", get("api/orders/not-an-order", json), 400, "id"),
                row("api: customer id zero", get("api/customers/0", json), 400, "id"),
                row("api: browse search without customerid", new Case("POST", "api/browse/orders", null, json, BodyPublishers::noBody, 400, "customerid")),
                row("api: paging without a search", get("api/browse/next", json), 404, null),
                // The browse page
                row("browse: customerid not a number", new Case("POST", "Browse", WebClient.FORM, html,
                        () -> BodyPublishers.ofString(WebClient.formBody("action", "orders", "customerid", "twelve")), 400, "customerid")),
                row("browse: product name too long", new Case("POST", "Browse", WebClient.FORM, html,
                        () -> BodyPublishers.ofString(WebClient.formBody("action", "products", "name", "n".repeat(65))), 400, "name")),
                row("browse: unknown action", new Case("POST", "Browse", WebClient.FORM, html,
                        () -> BodyPublishers.ofString(WebClient.formBody("action", "delete-everything")), 400, "action")),
                // What the container answers itself
                row("container: no such page", get("NoSuchPage", html), 404, "path"),
                row("container: no such page, JSON", get("no/such/thing", json), 404, "path"),
                row("container: POST to a static file", new Case("POST", "style.css", WebClient.FORM, html,
                        () -> BodyPublishers.ofString("a=b"), 405, "method")));
    }

    /** Messages of earlier tests may still be applied by the MDB; the first row waits for them to settle. */
    private static boolean settled;

    @ParameterizedTest(name = "{0}")
    @MethodSource("badRequests")
    void refusedWithStatusAndFieldAndNothingChanged(String name, Case bad) throws Exception {
        var before = settled ? Tables.snapshot() : Tables.quiet(Duration.ofSeconds(60));
        settled = true;
        var reply = new WebClient(base).send(bad.method(), bad.path(), bad.contentType(), bad.accept(), bad.body().get());

        assertEquals(bad.status(), reply.status(), reply::toString);
        assertFalse(reply.body().contains("Exception") || reply.body().contains("\tat ") || reply.body().contains(".java:"),
                () -> "no stack trace reaches the client: " + reply.body());
        if (WebClient.JSON.equals(bad.accept())) {
            var error = reply.object();
            assertEquals(bad.status(), error.getInt("status"));
            assertEquals(bad.field(), error.getString("field", null), reply::toString);
            assertFalse(error.getString("error").isBlank());
        } else {
            assertTrue(reply.header("Content-Type").startsWith("text/html"), reply::toString);
            assertTrue(reply.body().contains("data-field=\"" + bad.field() + "\""), reply::toString);
        }
        assertEquals(before, Tables.snapshot(), "no table changed");
    }

    /**
     * The application's own constraints name no validator; Hibernate Validator finds theirs through service loading in
     * the deployment. Each answers in its own words: a validator not found would fail the request, not refuse it.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("ownRules")
    void theApplicationsOwnRulesAreCheckedByTheirValidators(String name, String body, String field, String error) {
        var reply = new WebClient(base).postJson("api/orders", body);

        assertEquals(400, reply.status(), reply::toString);
        assertEquals(field, reply.object().getString("field", null), reply::toString);
        assertEquals(error, reply.object().getString("error"), reply::toString);
    }

    static Stream<Arguments> ownRules() {
        String line = "{\"productId\":" + PRODUCT + ",\"quantity\":1}";
        return Stream.of(
                Arguments.of("AtMostSetting on a quantity", "{\"customerId\":" + CUSTOMER + ",\"lines\":[{\"productId\":" + PRODUCT
                        + ",\"quantity\":" + (MAX_QUANTITY + 1) + "}]}", "lines[0].quantity",
                        "lines[0].quantity must be at most " + MAX_QUANTITY + ", got " + (MAX_QUANTITY + 1)),
                Arguments.of("AtMostSetting on the lines", manyJsonLines(MAX_LINES + 1), "lines",
                        "lines must be at most " + MAX_LINES),
                Arguments.of("EachProductOnce", "{\"customerId\":" + CUSTOMER + ",\"lines\":[" + line + "," + line + "]}",
                        "lines[1].productId", "lines[1].productId repeats product " + PRODUCT
                                + " of an earlier line; order it once with the total quantity"));
    }

    private static Arguments row(String name, Case bad) {
        return Arguments.of(name, bad);
    }

    private static Arguments row(String name, Case bad, int status, String field) {
        return Arguments.of(name, new Case(bad.method(), bad.path(), bad.contentType(), bad.accept(), bad.body(), status, field));
    }

    private static Case form(String accept, String... namesAndValues) {
        return new Case("POST", "NewOrder", WebClient.FORM, accept,
                () -> BodyPublishers.ofString(WebClient.formBody(namesAndValues)), 0, null);
    }

    private static Case json(String body) {
        return new Case("POST", "api/orders", WebClient.JSON, WebClient.JSON, () -> BodyPublishers.ofString(body), 0, null);
    }

    private static Case get(String path, String accept) {
        return new Case("GET", path, null, accept, BodyPublishers::noBody, 0, null);
    }

    /** customerid and n distinct, well-formed lines: only their number is wrong. */
    private static String[] manyFormLines(int n) {
        List<String> pairs = new ArrayList<>(List.of("customerid", String.valueOf(CUSTOMER)));
        for (int i = 0; i < n; i++) {
            pairs.addAll(List.of("productid", String.valueOf(PRODUCT + i), "quantity", "1"));
        }
        return pairs.toArray(String[]::new);
    }

    private static String manyJsonLines(int n) {
        var lines = new ArrayList<String>();
        for (int i = 0; i < n; i++) {
            lines.add("{\"productId\":" + (PRODUCT + i) + ",\"quantity\":1}");
        }
        return "{\"customerId\":" + CUSTOMER + ",\"lines\":[" + String.join(",", lines) + "]}";
    }
}

package org.orderapp.driver.workload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;
import org.orderapp.driver.http.Exchange;
import org.orderapp.driver.http.UserConnection;

/**
 * One simulated user: its connection (with its HTTP session), its random stream, and the business
 * transactions it performs. Every answer is checked; a wrong answer is an error of a named kind, never a
 * success. Confirmed orders go to the ledger for the audit.
 */
public final class UserSession implements SimulatedUser {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ACCEPT_JSON = "application/json";
    /** How the kind of an error starts when an answer came back but was wrong (the run rules count these apart). */
    public static final String WRONG_ANSWER = "bad ";

    /** @param hotProducts null: every product alike; otherwise orders concentrate on a few (see {@link HotProducts}) */
    public record Settings(URI base, Endpoint endpoint, TransactionMix mix, Range lines, Range quantity,
                           int browsePages, HotProducts hotProducts) {
    }

    private final Settings settings;
    private final Catalog catalog;
    private final UserConnection connection;
    private final RandomGenerator random;
    private final Outcome outcome;
    private final Consumer<AcknowledgedOrder> ledger;
    private final OrderKeys keys;
    private final Deck<TransactionMix.Kind> deck;
    private final Deck<Integer> lineCounts;

    /**
     * @param deck       the step's mix, shared by its users ({@link TransactionMix#deck})
     * @param lineCounts the step's order line counts, shared by its users ({@link Deck#lineCounts}); null: drawn at random
     */
    public UserSession(Settings settings, Catalog catalog, UserConnection connection, RandomGenerator random,
                       Outcome outcome, Consumer<AcknowledgedOrder> ledger, OrderKeys keys, Deck<TransactionMix.Kind> deck,
                       Deck<Integer> lineCounts) {
        this.deck = deck;
        this.lineCounts = lineCounts;
        this.settings = settings;
        this.catalog = catalog;
        this.connection = connection;
        this.random = random;
        this.outcome = outcome;
        this.ledger = ledger;
        this.keys = keys;
    }

    /** Performs the next transaction of the mix; the first request is due at intendedNanos. */
    @Override
    public void next(long intendedNanos) {
        switch (deck.next()) {
            case NEW_ORDER -> newOrder(intendedNanos);
            case ORDER_INQUIRY -> inquiry(intendedNanos);
            case BROWSE -> browse(intendedNanos);
        }
    }

    void newOrder(long intended) {
        int customer = catalog.randomCustomer(random);
        long customerId = catalog.customerId(customer);
        int lineCount = lineCounts != null ? lineCounts.next() : between(settings.lines());
        long[] products = catalog.products(customer, lineCount, settings.hotProducts(), random);
        Map<Long, Integer> quantities = new HashMap<>();
        var form = new StringBuilder("customerid=").append(customerId);
        var json = new StringBuilder("{\"customerId\":").append(customerId).append(",\"lines\":[");
        for (int i = 0; i < products.length; i++) {
            int quantity = between(settings.quantity());
            quantities.put(products[i], quantity);
            form.append("&productid=").append(products[i]).append("&quantity=").append(quantity);
            json.append(i == 0 ? "" : ",").append("{\"productId\":").append(products[i])
                    .append(",\"quantity\":").append(quantity).append('}');
        }
        json.append("]}");
        URI uri = settings.endpoint().newOrder(settings.base());
        // One key per order, sent again unchanged when an answer leaves open whether the order was stored: the form's
        // one-time token or the JSON API's Idempotency-Key header.
        String key = keys.next();
        String formBody = form.append("&NewOrder=NewOrder&ordertoken=").append(key).toString();
        long due = intended;
        for (int attempt = 1; ; attempt++) {
            Exchange exchange = settings.endpoint() == Endpoint.FORM
                    ? connection.postForm(uri, formBody, ACCEPT_JSON)
                    : connection.postJson(uri, json.toString(), ACCEPT_JSON, key);
            String error = transportError(exchange, 201);
            if (error == null) {
                error = acknowledge(exchange, customerId, quantities, key, attempt);
            }
            outcome.record(RequestType.NEW_ORDER, due, exchange, error);
            if (error == null || !OrderRetry.ambiguous(exchange)) {
                return;
            }
            if (!OrderRetry.retry(exchange, attempt)) {
                keys.gaveUp();
                return;
            }
            keys.retrying(attempt);
            LockSupport.parkNanos(OrderRetry.pauseAfter(attempt).toNanos());
            due = System.nanoTime(); // a retry is a request of its own, due when it is sent
        }
    }

    /** Checks a 201's body; a right one goes to the ledger. Null when right; otherwise what is wrong. */
    private String acknowledge(Exchange exchange, long customerId, Map<Long, Integer> quantities, String key, int attempt) {
        try {
            JsonNode order = JSON.readTree(exchange.body());
            String error = checkOrder(order, customerId, quantities);
            if (error == null) {
                int total = quantities.values().stream().mapToInt(Integer::intValue).sum();
                ledger.accept(new AcknowledgedOrder(order.path("id").asText(), customerId, quantities.size(), total,
                        order.path("totalAmount").decimalValue(), key, attempt));
            }
            return error;
        } catch (IOException e) {
            return WRONG_ANSWER + "NewOrder answer: not JSON";
        }
    }

    /** Null when the order answer matches the request and adds up; otherwise what is wrong. */
    static String checkOrder(JsonNode order, long customerId, Map<Long, Integer> quantities) {
        if (order.path("id").asText("").isEmpty()) {
            return WRONG_ANSWER + "NewOrder answer: no id";
        }
        if (order.path("customerId").asLong() != customerId) {
            return WRONG_ANSWER + "NewOrder answer: wrong customer";
        }
        JsonNode lines = order.path("lines");
        if (!lines.isArray() || lines.size() != quantities.size()) {
            return WRONG_ANSWER + "NewOrder answer: wrong line count";
        }
        BigDecimal sum = BigDecimal.ZERO;
        for (JsonNode line : lines) {
            Integer asked = quantities.get(line.path("productId").asLong());
            int quantity = line.path("quantity").asInt();
            if (asked == null || asked != quantity) {
                return WRONG_ANSWER + "NewOrder answer: wrong line";
            }
            BigDecimal extended = line.path("extendedPrice").decimalValue();
            if (line.path("unitPrice").decimalValue().multiply(BigDecimal.valueOf(quantity)).compareTo(extended) != 0) {
                return WRONG_ANSWER + "NewOrder answer: extended price";
            }
            int backordered = line.path("backorderedQuantity").asInt(-1);
            if (backordered < 0 || backordered > quantity) {
                return WRONG_ANSWER + "NewOrder answer: backorder";
            }
            sum = sum.add(extended);
        }
        if (!order.path("totalAmount").isNumber() || order.path("totalAmount").decimalValue().compareTo(sum) != 0) {
            return WRONG_ANSWER + "NewOrder answer: total is not the sum of the lines";
        }
        return null;
    }

    void inquiry(long intended) {
        long customerId = catalog.customerId(catalog.randomCustomer(random));
        Exchange exchange = connection.get(settings.endpoint().inquiry(settings.base(), customerId), ACCEPT_JSON);
        String error = transportError(exchange, 200);
        if (error == null) {
            try {
                JsonNode orders = JSON.readTree(exchange.body());
                if (!orders.isArray()) {
                    error = WRONG_ANSWER + "OrderInquiry answer: not a list";
                } else {
                    for (JsonNode order : orders) {
                        if (order.path("customerId").asLong() != customerId || order.path("lines").size() == 0) {
                            error = WRONG_ANSWER + "OrderInquiry answer: foreign or empty order";
                            break;
                        }
                    }
                }
            } catch (IOException e) {
                error = WRONG_ANSWER + "OrderInquiry answer: not JSON";
            }
        }
        outcome.record(RequestType.ORDER_INQUIRY, intended, exchange, error);
    }

    /** A search of a customer's orders, then paging forward through the held results on the same session. */
    void browse(long intended) {
        long customerId = catalog.customerId(catalog.randomCustomer(random));
        Exchange exchange = connection.post(settings.base().resolve("api/browse/orders?customerid=" + customerId), ACCEPT_JSON);
        JsonNode page = null;
        String error = transportError(exchange, 200);
        if (error == null) {
            page = page(exchange, 1);
            error = page == null ? WRONG_ANSWER + "BrowseSearch answer" : null;
        }
        outcome.record(RequestType.BROWSE_SEARCH, intended, exchange, error);
        for (int i = 0; page != null && i < settings.browsePages() && page.path("hasNext").asBoolean(); i++) {
            int expected = page.path("number").asInt() + 1;
            Exchange next = connection.get(settings.base().resolve("api/browse/next"), ACCEPT_JSON);
            String nextError = transportError(next, 200);
            page = null;
            if (nextError == null) {
                page = page(next, expected);
                nextError = page == null ? WRONG_ANSWER + "BrowseNext answer" : null;
            }
            outcome.record(RequestType.BROWSE_NEXT, next.sentNanos(), next, nextError);
        }
    }

    private static JsonNode page(Exchange exchange, int expectedNumber) {
        try {
            JsonNode page = JSON.readTree(exchange.body());
            return page.path("items").isArray() && page.path("number").asInt() == expectedNumber ? page : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** The error of an exchange that failed or answered with another status than expected; null if fine so far. */
    static String transportError(Exchange exchange, int expectedStatus) {
        return switch (exchange.failure()) {
            case TIMEOUT -> "timeout";
            case CONNECT -> "connection refused";
            case IO -> "I/O error";
            case REFUSED -> "refused (503, Retry-After)";
            case NONE -> exchange.status() == expectedStatus ? null : "HTTP " + exchange.status();
        };
    }

    private int between(Range range) {
        return (int) (range.fixed() ? range.min() : range.min() + random.nextInt((int) (range.max() - range.min() + 1)));
    }

    @Override
    public void close() {
        connection.close();
    }
}

package org.orderapp.interfaces.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.orderapp.application.NewOrder;
import org.orderapp.interfaces.http.ClientError;

/** The JSON body bound strictly: nothing coerced, every refusal naming where in the body it is. */
class NewOrderReaderTest {

    @Test
    void aWellFormedBodyBindsAndUnknownPropertiesAreIgnored() {
        assertEquals(new NewOrder(1L, List.of(new NewOrder.Line(2L, 3))),
                parse("{\"customerId\":1,\"lines\":[{\"productId\":2,\"quantity\":3}],\"comment\":\"x\"}"));
        assertEquals(new NewOrder(null, null), parse("{}"));
    }

    @Test
    void nothingIsCoerced() {
        assertRefused("customerId", "{\"customerId\":\"1\",\"lines\":[{\"productId\":2,\"quantity\":3}]}");
        assertRefused("customerId", "{\"customerId\":true,\"lines\":[]}");
        assertRefused("customerId", "{\"customerId\":1.0,\"lines\":[]}");
        assertRefused("lines[0].quantity", "{\"customerId\":1,\"lines\":[{\"productId\":2,\"quantity\":1.5}]}");
        assertRefused("lines[0].quantity", "{\"customerId\":1,\"lines\":[{\"productId\":2,\"quantity\":1e12}]}");
        assertRefused("lines[0].quantity", "{\"customerId\":1,\"lines\":[{\"productId\":2,\"quantity\":99999999999}]}");
        assertRefused("lines[1].productId", "{\"customerId\":1,\"lines\":[{\"productId\":2,\"quantity\":1},{\"productId\":\"3\",\"quantity\":1}]}");
        assertRefused("customerId", "{\"customerId\":99999999999999999999999,\"lines\":[]}");
        assertRefused("lines", "{\"customerId\":1,\"lines\":{}}");
        assertRefused("lines[0]", "{\"customerId\":1,\"lines\":[7]}");
    }

    @Test
    void whatIsNotAnObjectOfJsonIsRefusedAsTheBody() {
        assertRefused("body", "");
        assertRefused("body", "{\"customerId\": 1,");
        assertRefused("body", "[1]");
        assertRefused("body", "{} {}");
        assertRefused("body", "[".repeat(10_000) + "]".repeat(10_000));
    }

    @Test
    void hostileNumbersAreRefusedAtOnce() {
        long started = System.nanoTime();
        assertRefused("customerId", "{\"customerId\":1e1000000000,\"lines\":[]}");
        var refused = assertThrows(ClientError.class, () -> parse("{\"customerId\":" + "9".repeat(1_000_000) + "}"));
        assertEquals(400, refused.status());
        assertTrue(System.nanoTime() - started < Duration.ofSeconds(2).toNanos());
    }

    private static NewOrder parse(String json) {
        return NewOrderReader.parse(json.getBytes(StandardCharsets.UTF_8));
    }

    private static void assertRefused(String field, String json) {
        var e = assertThrows(ClientError.class, () -> parse(json), json);
        assertEquals(400, e.status());
        assertEquals(field, e.field(), e::getMessage);
        assertTrue(!e.getMessage().contains("Exception") && !e.getMessage().contains("org."), e::getMessage);
    }
}

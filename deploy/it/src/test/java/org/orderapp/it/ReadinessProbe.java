package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.jboss.as.arquillian.container.ManagementClient;

/**
 * The application's readiness check of the replenish dead letters (deploy/health), read from WildFly's
 * {@code /health/ready} on the management port as a probe reads it: no credentials.
 */
final class ReadinessProbe {

    static final String CHECK = "replenish-dead-letters";

    private ReadinessProbe() {
    }

    /**
     * The server is ready (HTTP 200, UP) and the check is there, UP, with this depth of ReplenishDLQ: parked messages
     * never take the node out of a balancer.
     */
    static void assertReadyWithDepth(ManagementClient management, long depth) throws Exception {
        var uri = URI.create("http://" + management.getMgmtAddress() + ":" + management.getMgmtPort() + "/health/ready");
        var answer = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build()
                .send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode(), "ready: " + answer.body());
        JsonObject health = Json.createReader(new StringReader(answer.body())).readObject();
        assertEquals("UP", health.getString("status"), answer.body());
        JsonObject check = health.getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                .filter(c -> CHECK.equals(c.getString("name"))).findFirst()
                .orElseThrow(() -> new AssertionError("no check " + CHECK + " in " + answer.body()));
        assertEquals("UP", check.getString("status"), check.toString());
        JsonObject data = check.getJsonObject("data");
        assertEquals("ReplenishDLQ", data.getString("queue"), check.toString());
        assertTrue(data.containsKey("depth"), "the queue was browsed: " + check);
        assertEquals(depth, data.getJsonNumber("depth").longValueExact(), "the depth: " + check);
    }
}

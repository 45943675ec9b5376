package org.orderapp.it;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonStructure;
import java.io.StringReader;
import java.net.CookieManager;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.orderapp.stack.admin.AdminCredentials;

/** A client of the JSON API with its own cookie jar, so it keeps one HTTP session like a browser. */
final class Api {

    /** The header the admin API requires on changes (AdminRequestFilter); sent by every client with credentials. */
    static final String ADMIN_HEADER = "X-Order-Admin";

    private final URI base;
    private final CookieManager cookies;
    private final HttpClient http;
    private final String authorization;

    /** An anonymous client. */
    Api(URL base) {
        this(base, (String) null);
    }

    /** A client that sends these credentials (HTTP BASIC) with every request. */
    Api(URL base, AdminCredentials credentials) {
        this(base, credentials.authorization());
    }

    private Api(URL base, String authorization) {
        this(URI.create(base.toString()), new CookieManager(), authorization);
    }

    private Api(URI base, CookieManager cookies, String authorization) {
        this.base = base;
        this.cookies = cookies;
        this.http = HttpClient.newBuilder().cookieHandler(cookies).connectTimeout(Duration.ofSeconds(10)).build();
        this.authorization = authorization;
    }

    /** The same client (its cookies, so its HTTP session) talking to another base URL of the same host. */
    Api rebased(URL other) {
        return new Api(URI.create(other.toString()), cookies, authorization);
    }

    /** The value of a cookie the client holds; null if none. */
    String cookie(String name) {
        return cookies.getCookieStore().getCookies().stream().filter(c -> c.getName().equals(name))
                .map(java.net.HttpCookie::getValue).findFirst().orElse(null);
    }

    /** A client of the servers' administrator (the test admin realm). */
    static Api admin(URL base) {
        return new Api(base, TestAdmin.admin());
    }

    record Reply(int status, String body) {
        JsonObject object() {
            return (JsonObject) parse(body);
        }

        JsonArray array() {
            return (JsonArray) parse(body);
        }
    }

    URI resolve(String path) {
        return base.resolve(path);
    }

    Reply get(String path) {
        return send(HttpRequest.newBuilder(base.resolve(path)).header("Accept", "application/json").GET());
    }

    Reply post(String path, String json) {
        return send(HttpRequest.newBuilder(base.resolve(path)).header("Accept", "application/json")
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    Reply post(String path) {
        return send(HttpRequest.newBuilder(base.resolve(path)).header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.noBody()));
    }

    /** POST /api/orders for a customer with (productId, quantity) pairs. */
    Reply order(long customer, long... productQuantityPairs) {
        var lines = new StringBuilder();
        for (int i = 0; i < productQuantityPairs.length; i += 2) {
            lines.append(i == 0 ? "" : ",").append("{\"productId\":").append(productQuantityPairs[i])
                    .append(",\"quantity\":").append(productQuantityPairs[i + 1]).append('}');
        }
        return post("api/orders", "{\"customerId\":" + customer + ",\"lines\":[" + lines + "]}");
    }

    Reply send(HttpRequest.Builder request) {
        if (authorization != null) {
            request.header("Authorization", authorization).header(ADMIN_HEADER, "1");
        }
        try {
            var response = http.send(request.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
            return new Reply(response.statusCode(), response.body());
        } catch (Exception e) {
            throw new AssertionError("HTTP request failed: " + e, e);
        }
    }

    static JsonStructure parse(String body) {
        try (var reader = Json.createReader(new StringReader(body))) {
            return reader.read();
        }
    }
}

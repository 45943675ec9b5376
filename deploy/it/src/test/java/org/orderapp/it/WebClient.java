package org.orderapp.it;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.net.CookieManager;
import java.net.HttpCookie;
import java.net.URI;
import java.net.URL;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.StringJoiner;

/**
 * A client of the pages and the API that sees everything a browser would: statuses, headers, cookies (kept in
 * its own jar, so it holds one HTTP session), and redirects (not followed, so they can be checked).
 */
final class WebClient {

    static final String FORM = "application/x-www-form-urlencoded";
    static final String JSON = "application/json";
    static final String HTML = "text/html";

    private final URI base;
    private final CookieManager cookies = new CookieManager();
    private final HttpClient http;

    WebClient(URL base) {
        this.base = URI.create(base.toString());
        this.http = HttpClient.newBuilder().cookieHandler(cookies).followRedirects(HttpClient.Redirect.NEVER)
                .version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
    }

    record Reply(int status, HttpHeaders headers, String body) {
        JsonObject object() {
            return (JsonObject) Api.parse(body);
        }

        JsonArray array() {
            return (JsonArray) Api.parse(body);
        }

        String header(String name) {
            return headers.firstValue(name).orElse(null);
        }

        @Override
        public String toString() {
            return status + " " + headers.map() + "\n" + body;
        }
    }

    URI uri(String path) {
        return base.resolve(path);
    }

    Reply get(String path, String accept) {
        return send("GET", path, null, accept, BodyPublishers.noBody());
    }

    /** A form post, with name/value pairs in order (names may repeat, values may be empty). */
    Reply form(String path, String accept, String... namesAndValues) {
        return send("POST", path, FORM, accept, BodyPublishers.ofString(formBody(namesAndValues)));
    }

    Reply postJson(String path, String json) {
        return send("POST", path, JSON, JSON, BodyPublishers.ofString(json));
    }

    Reply send(String method, String path, String contentType, String accept, BodyPublisher body) {
        var request = HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(60)).method(method, body);
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        if (accept != null) {
            request.header("Accept", accept);
        }
        try {
            var response = http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            return new Reply(response.statusCode(), response.headers(), response.body());
        } catch (Exception e) {
            throw new AssertionError(method + " " + path + " failed: " + e, e);
        }
    }

    /** The session cookies this client holds. */
    List<HttpCookie> sessionCookies() {
        return cookies.getCookieStore().getCookies().stream().filter(c -> c.getName().equals("JSESSIONID")).toList();
    }

    static String formBody(String... namesAndValues) {
        var body = new StringJoiner("&");
        for (int i = 0; i < namesAndValues.length; i += 2) {
            body.add(URLEncoder.encode(namesAndValues[i], StandardCharsets.UTF_8) + "="
                    + URLEncoder.encode(namesAndValues[i + 1], StandardCharsets.UTF_8));
        }
        return body.toString();
    }
}

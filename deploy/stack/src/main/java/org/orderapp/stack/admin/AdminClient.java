package org.orderapp.stack.admin;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;
import org.orderapp.batch.LoadStatus;
import org.orderapp.batch.ReferenceDataPlan;
import org.orderapp.batch.ResetOutcome;
import org.orderapp.stack.layout.ProjectLayout;
import org.orderapp.target.ServerTrust;

/**
 * The running application's reference-data API (/Order/api/admin/reference-data), and its runtime switches
 * (/Order/api/admin/calibration), over HTTP and JSON, as the administrator (HTTP BASIC; see AdminCredentials). Refused credentials end the command with what to do. The answers
 * are bound to the server's own types (order-batch's client jar).
 */
public final class AdminClient {

    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    /** The one setting the server switches at runtime: the CPU microseconds each request spins. */
    public static final String SPIN_MICROS = "order.calibration.spin-micros";
    /** The start setting without which a server refuses every runtime switch (403 naming it). */
    public static final String RUNTIME_SWITCH_ALLOWED = "order.calibration.runtime-switch";

    /** The reset scope that brings the data back to the state the latest completed load left. */
    public static final String SCOPE_LOADED = "loaded";

    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration RESET_TIMEOUT = Duration.ofMinutes(30);

    private final URI base;
    private final URI calibration;
    private final Optional<AdminCredentials> credentials;
    private final HttpClient http;

    /** With no credentials every call is refused (401); the error says how to give them. Over HTTPS, trusts the JDK's authorities. */
    public AdminClient(URI applicationUrl, Optional<AdminCredentials> credentials) {
        this(applicationUrl, credentials, ServerTrust.system());
    }

    /** The same, trusting what trust names over HTTPS (the certificate ./order run made for its server). */
    public AdminClient(URI applicationUrl, Optional<AdminCredentials> credentials, ServerTrust trust) {
        String url = applicationUrl.toString();
        this.base = URI.create((url.endsWith("/") ? url : url + "/") + "api/admin/reference-data");
        this.calibration = URI.create((url.endsWith("/") ? url : url + "/") + "api/admin/calibration");
        this.credentials = credentials;
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).sslContext(trust.sslContext()).build();
    }

    /** A client of a server someone else started: ORDER_ADMIN_PASSWORD, else var/admin-password. */
    public static AdminClient of(URI applicationUrl, ServerTrust trust) throws IOException {
        return new AdminClient(applicationUrl, AdminCredentials.forClient(ProjectLayout.current()), trust);
    }

    URI base() {
        return base;
    }

    /** The answer to a request that may be refused: the figures, or the server's reason (409, 400). */
    public record Outcome(LoadStatus figures, int status, String error) {
        public boolean accepted() {
            return figures != null;
        }
    }

    public LoadStatus status() throws IOException, InterruptedException {
        return send("GET", "", Map.of()).as(LoadStatus.class);
    }

    public ReferenceDataPlan plan(double scale) throws IOException, InterruptedException {
        Reply reply = send("GET", "/plan", Map.of("scale", Double.toString(scale)));
        if (reply.status() != 200) {
            throw new IOException(reply.error());
        }
        return reply.as(ReferenceDataPlan.class);
    }

    /** Starts a load. Null seed or batch size: the server's defaults. */
    public Outcome load(double scale, Long seed, Integer batchSize, boolean resetAll, String writer)
            throws IOException, InterruptedException {
        var query = new LinkedHashMap<String, String>();
        query.put("scale", Double.toString(scale));
        if (seed != null) {
            query.put("seed", seed.toString());
        }
        if (batchSize != null) {
            query.put("batchSize", batchSize.toString());
        }
        if (resetAll) {
            query.put("reset", "all");
        }
        if (writer != null) {
            query.put("writer", writer);
        }
        return outcome(send("POST", "/load", query));
    }

    public Outcome restart() throws IOException, InterruptedException {
        return outcome(send("POST", "/restart", Map.of()));
    }

    public Outcome stop() throws IOException, InterruptedException {
        return outcome(send("POST", "/stop", Map.of()));
    }

    /** What a reset did, or the server's reason for refusing it (409, 400): then done is null. */
    public record Reset(ResetOutcome done, String error) {
        public static long sum(Map<String, Long> rows) {
            return rows.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    /**
     * Empties the order tables ("orders"), puts the data back as the latest completed load left it ("loaded"), or
     * empties every table ("all"); answers an error message, or null when done.
     */
    public String reset(String scope) throws IOException, InterruptedException {
        return resetReport(scope).error();
    }

    /** The same reset, answering what it did. */
    public Reset resetReport(String scope) throws IOException, InterruptedException {
        // Putting back the stock a long run changed updates every row it touched: allow more than other requests.
        Reply reply = send("POST", "/reset", Map.of("scope", scope), RESET_TIMEOUT);
        return reply.status() == 200 ? new Reset(reply.as(ResetOutcome.class), null) : new Reset(null, reply.error());
    }

    /**
     * Switches the server's runtime settings (a server started with order.calibration.runtime-switch=true): today the
     * calibration spin, order.calibration.spin-micros. A setting it cannot switch, or a value it refuses, is an
     * IOException with the server's reason.
     */
    public void switchAtRuntime(Map<String, String> settings) throws IOException, InterruptedException {
        for (var setting : settings.entrySet()) {
            if (!setting.getKey().equals(SPIN_MICROS)) {
                throw new IOException("the server switches " + SPIN_MICROS + " at runtime, not " + setting.getKey());
            }
            Reply reply = send("PUT", calibration, "/spin", Map.of("micros", setting.getValue().strip()), REQUEST_TIMEOUT);
            if (reply.status() != 200) {
                throw new IOException("the server at " + calibration + " did not switch " + SPIN_MICROS + " to "
                        + setting.getValue() + ": " + reply.error());
            }
        }
    }

    /** Waits, without showing anything, until the load has ended; answers its final figures. */
    public LoadStatus await(long executionId, long pollMillis) throws IOException, InterruptedException {
        while (true) {
            LoadStatus f = status();
            if (f.executionId() != executionId) {
                throw new IOException("the server now reports load " + f.executionId() + " instead of " + executionId);
            }
            if (!f.running()) {
                return f;
            }
            Thread.sleep(pollMillis);
        }
    }

    /** 401 and 403 are never an answer a caller can use: they end the command with what to do. */
    private void refuseUnauthorized(URI base, int status, String body) throws IOException {
        if (status != 401 && status != 403) {
            return;
        }
        String reason = body != null && body.startsWith("{") ? new Reply(status, parse(body)).error() : "HTTP " + status;
        String hint = credentials.isEmpty()
                ? "no admin password known here: set " + AdminCredentials.PASSWORD_VARIABLE + " to the server's admin password"
                : "the server refused user " + credentials.get().user() + " (from " + AdminCredentials.PASSWORD_VARIABLE
                        + " or " + AdminCredentials.passwordFile(ProjectLayout.current()) + ")";
        throw new IOException("the admin API at " + base + " refused the request (HTTP " + status + ": " + reason + "); " + hint);
    }

    private static JsonNode parse(String body) throws IOException {
        return JSON.readTree(body);
    }

    private static Outcome outcome(Reply reply) throws IOException {
        return reply.status() == 202 ? new Outcome(reply.as(LoadStatus.class), 202, null)
                : new Outcome(null, reply.status(), reply.error());
    }

    private record Reply(int status, JsonNode body) {
        String error() {
            return body != null && body.hasNonNull("error") ? body.get("error").asText() : "HTTP " + status;
        }

        <T> T as(Class<T> type) throws IOException {
            return JSON.treeToValue(body, type);
        }
    }

    private Reply send(String method, String path, Map<String, String> query) throws IOException, InterruptedException {
        return send(method, path, query, REQUEST_TIMEOUT);
    }

    private Reply send(String method, String path, Map<String, String> query, Duration timeout)
            throws IOException, InterruptedException {
        return send(method, base, path, query, timeout);
    }

    private Reply send(String method, URI base, String path, Map<String, String> query, Duration timeout)
            throws IOException, InterruptedException {
        var parameters = new StringJoiner("&", "?", "").setEmptyValue("");
        query.forEach((k, v) -> parameters.add(k + "=" + URLEncoder.encode(v, StandardCharsets.UTF_8)));
        URI uri = URI.create(base + path + parameters);
        var builder = HttpRequest.newBuilder(uri).timeout(timeout).header("Accept", "application/json")
                .method(method, HttpRequest.BodyPublishers.noBody());
        credentials.ifPresent(c -> builder.header("Authorization", c.authorization()));
        // The server takes an admin change only with this header, which no browser sends across sites (AdminRequestFilter).
        builder.header("X-Order-Admin", "1");
        var request = builder.build();
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (ConnectException e) {
            throw new IOException("the application does not answer at " + base + " (is ./order run running?)", e);
        }
        String body = response.body();
        // A switch refused because the server was not started allowing it names that setting: not a matter of
        // credentials, unlike every other 403.
        if (!(base == calibration && response.statusCode() == 403 && body.contains(RUNTIME_SWITCH_ALLOWED))) {
            refuseUnauthorized(base, response.statusCode(), body);
        }
        if (response.statusCode() == 404 && !body.startsWith("{")) {
            throw new IOException("no admin API at " + base + " (HTTP 404)");
        }
        JsonNode json = null;
        if (body != null && body.startsWith("{")) {
            json = parse(body);
        }
        if (json == null && response.statusCode() < 400) {
            throw new IOException("unexpected answer from " + uri + ": HTTP " + response.statusCode());
        }
        return new Reply(response.statusCode(), json);
    }
}

package org.orderapp.observation;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.orderapp.target.ServerTrust;

/** What the application measures itself: the replenish MDB instances at work (GET /api/monitor/replenish). */
public final class ApplicationMonitor {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http;
    private final URI replenish;

    public ApplicationMonitor(URI application) {
        this(application, ServerTrust.system());
    }

    public ApplicationMonitor(URI application, ServerTrust trust) {
        this.replenish = application.resolve("api/monitor/replenish");
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).sslContext(trust.sslContext()).build();
    }

    public Map<String, Double> sample() {
        Map<String, Double> values = new LinkedHashMap<>();
        try {
            var response = http.send(HttpRequest.newBuilder(replenish).timeout(Duration.ofSeconds(5))
                    .header("Accept", "application/json").GET().build(), HttpResponse.BodyHandlers.ofByteArray());
            if (response.statusCode() == 200) {
                var node = JSON.readTree(response.body());
                values.put(ServerMetrics.MDB_IN_FLIGHT, node.path("inFlight").asDouble());
                values.put("app.mdb.peakInFlight", node.path("peakInFlight").asDouble());
                values.put(ServerMetrics.REPLENISHMENTS_APPLIED, node.path("applied").asDouble());
                values.put("app.replenish.duplicates", node.path("duplicates").asDouble());
                values.put("app.replenish.failures", node.path("failures").asDouble());
                values.put(ServerMetrics.MDB_SESSIONS, node.path("configuredSessions").asDouble());
            }
        } catch (java.io.IOException e) {
            // a sample without the application's figures
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return values;
    }
}

package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import java.net.URL;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/** The reference-data admin API (/api/admin/reference-data) as tests use it. */
final class ReferenceDataApi {

    private static final Duration LOAD_TIMEOUT = Duration.ofMinutes(10);

    private final Api api;

    ReferenceDataApi(URL applicationUrl) {
        this.api = Api.admin(applicationUrl);
    }

    Api.Reply load(String query) {
        return api.post("api/admin/reference-data/load?" + query);
    }

    /** Starts a load that must be accepted; answers its execution id. */
    long start(String query) {
        var reply = load(query);
        assertEquals(202, reply.status(), reply.body());
        return reply.object().getJsonNumber("executionId").longValue();
    }

    /** Loads and waits: the load must complete. Answers the final status. */
    JsonObject loadAndWait(String query) throws InterruptedException {
        JsonObject end = await(start(query));
        assertEquals("COMPLETED", end.getString("state"), end.toString());
        return end;
    }

    Api.Reply restart() {
        return api.post("api/admin/reference-data/restart");
    }

    Api.Reply stop() {
        return api.post("api/admin/reference-data/stop");
    }

    Api.Reply reset(String scope) {
        return api.post("api/admin/reference-data/reset?scope=" + scope);
    }

    void resetAll() {
        var reply = reset("all");
        assertEquals(200, reply.status(), reply.body());
    }

    JsonObject status() {
        var reply = api.get("api/admin/reference-data");
        assertEquals(200, reply.status(), reply.body());
        return reply.object();
    }

    /** Rows planned per table at a scale. */
    Map<String, Long> plan(String scale) {
        var reply = api.get("api/admin/reference-data/plan?scale=" + scale);
        assertEquals(200, reply.status(), reply.body());
        var rows = new LinkedHashMap<String, Long>();
        reply.object().getJsonObject("rows").forEach((table, n) -> rows.put(table, ((JsonNumber) n).longValue()));
        return rows;
    }

    /** Polls until the execution has ended. */
    JsonObject await(long executionId) throws InterruptedException {
        long deadline = System.nanoTime() + LOAD_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            JsonObject s = status();
            assertEquals(executionId, s.getJsonNumber("executionId").longValue(), s.toString());
            if (!running(s)) {
                return s;
            }
            Thread.sleep(200);
        }
        return fail("load " + executionId + " still runs after " + LOAD_TIMEOUT);
    }

    static boolean running(JsonObject status) {
        String state = status.getString("state");
        return state.equals("STARTING") || state.equals("STARTED") || state.equals("STOPPING");
    }

    /** Rows per table from a status: table name to committed rows. */
    static Map<String, Long> tableRows(JsonObject status) {
        var rows = new LinkedHashMap<String, Long>();
        status.getJsonArray("tables").getValuesAs(JsonObject.class)
                .forEach(t -> rows.put(t.getString("table"), t.getJsonNumber("rows").longValue()));
        return rows;
    }
}

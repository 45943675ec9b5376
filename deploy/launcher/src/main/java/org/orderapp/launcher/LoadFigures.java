package org.orderapp.launcher;

import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.List;

/** A reference-data load as GET /Order/api/admin/reference-data reports it (see the server's LoadStatus). */
record LoadFigures(long executionId, String state, String message, double scale, long seed, int batchSize,
                   String writer, long rowsDone, long rowsTotal, long rowsWritten, double rowsPerSecond,
                   Double secondsLeft, double elapsedSeconds, double loadSeconds, String currentTable,
                   boolean restartable, List<Table> tables) {

    record Table(String table, long rows, long total, Long resumedFrom) {
    }

    static LoadFigures of(JsonObject o) {
        return new LoadFigures(o.getJsonNumber("executionId").longValue(), o.getString("state"),
                o.getString("message", ""), number(o, "scale"), o.getJsonNumber("seed").longValue(),
                o.getInt("batchSize"), o.getString("writer", ""), o.getJsonNumber("rowsDone").longValue(),
                o.getJsonNumber("rowsTotal").longValue(), o.getJsonNumber("rowsWritten").longValue(),
                number(o, "rowsPerSecond"), o.containsKey("secondsLeft") && o.get("secondsLeft") != JsonValue.NULL
                        ? number(o, "secondsLeft") : null,
                number(o, "elapsedSeconds"), number(o, "loadSeconds"),
                o.containsKey("currentTable") && o.get("currentTable") != JsonValue.NULL ? o.getString("currentTable") : null,
                o.getBoolean("restartable", false),
                o.getJsonArray("tables").getValuesAs(JsonObject.class).stream()
                        .map(t -> new Table(t.getString("table"), t.getJsonNumber("rows").longValue(),
                                t.getJsonNumber("total").longValue(),
                                t.containsKey("resumedFrom") && t.get("resumedFrom") != JsonValue.NULL
                                        ? t.getJsonNumber("resumedFrom").longValue() : null))
                        .toList());
    }

    boolean running() {
        return "STARTING".equals(state) || "STARTED".equals(state) || "STOPPING".equals(state);
    }

    boolean completed() {
        return "COMPLETED".equals(state);
    }

    private static double number(JsonObject o, String name) {
        return ((JsonNumber) o.get(name)).doubleValue();
    }
}

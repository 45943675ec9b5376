package org.orderapp.batch;

import java.util.List;

/**
 * Where a reference-data load stands: what the progress line of {@code ./order load-data} shows and what
 * {@code GET /api/admin/reference-data} answers.
 *
 * @param state          NONE (no load yet), STARTING, STARTED, COMPLETED, FAILED, STOPPED, REFUSED, or
 *                       INTERRUPTED (the server stopped during the load; a restart finishes it)
 * @param rowsDone       rows committed, including those committed by earlier executions of a restarted load
 * @param rowsWritten    rows committed by this execution
 * @param rowsPerSecond  rows written by this execution per second of loading (from its first chunk to its
 *                       last commit, or to now while it runs)
 * @param secondsLeft    at that rate, the time to the end; null until a rate is known
 * @param elapsedSeconds since this execution began, resets included
 * @param loadSeconds    the time the rate is measured over
 * @param restartable    whether {@code restart} finishes this load from its last checkpoint
 */
public record LoadStatus(long executionId, String state, String message, double scale, long seed, int batchSize,
                         String writer, long rowsDone, long rowsTotal, long rowsWritten, double rowsPerSecond,
                         Double secondsLeft, double elapsedSeconds, double loadSeconds, String currentTable,
                         boolean restartable, List<TableProgress> tables) {

    /** One table: rows committed of rows planned; resumedFrom is the checkpoint this execution started at. */
    public record TableProgress(String table, long rows, long total, Long resumedFrom) {
    }

    public static LoadStatus none() {
        return new LoadStatus(0, "NONE", "no reference-data load has run", 0, 0, 0, null, 0, 0, 0, 0, null, 0, 0,
                null, false, List.of());
    }

    public boolean running() {
        return "STARTING".equals(state) || "STARTED".equals(state) || "STOPPING".equals(state);
    }

    public boolean completed() {
        return "COMPLETED".equals(state);
    }
}

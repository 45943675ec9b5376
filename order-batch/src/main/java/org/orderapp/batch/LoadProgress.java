package org.orderapp.batch;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import org.orderapp.batch.referencedata.LoadPlan;
import org.orderapp.batch.referencedata.ReferenceTable;

/**
 * The live figures of the load running in this server, kept in memory and updated by the job as chunks commit.
 * Counts move only after a commit, so they never include rows a failure would roll back. After a restart the
 * steps report where they resume: the steps run in table order, so every table before the current one is
 * complete and the current one is at its checkpoint.
 */
@ApplicationScoped
public class LoadProgress {

    private final AtomicReference<Run> current = new AtomicReference<>();

    /** The run of this execution, created by whoever sees the execution first: the starter or the job. */
    public Run attach(long executionId, LoadParameters parameters) {
        return current.updateAndGet(r -> r != null && r.executionId == executionId ? r : new Run(executionId, parameters));
    }

    public Optional<Run> current() {
        return Optional.ofNullable(current.get());
    }

    public Optional<Run> run(long executionId) {
        return current().filter(r -> r.executionId == executionId);
    }

    public static final class Run {
        private static final int TABLES = ReferenceTable.values().length;

        private final long executionId;
        private final LoadParameters parameters;
        private final LoadPlan plan;
        private final long startedNanos = System.nanoTime();
        private final AtomicLongArray done = new AtomicLongArray(TABLES);
        private final AtomicLongArray resumedFrom = new AtomicLongArray(TABLES);
        private final AtomicLong written = new AtomicLong();
        private volatile long firstChunkNanos;
        private volatile long lastCommitNanos;
        private volatile long endNanos;
        private volatile ReferenceTable table;
        private volatile String state = "STARTING";
        private volatile String message = "";

        Run(long executionId, LoadParameters parameters) {
            this.executionId = executionId;
            this.parameters = parameters;
            this.plan = parameters.plan();
            for (int i = 0; i < TABLES; i++) {
                resumedFrom.set(i, -1);
            }
        }

        public long executionId() {
            return executionId;
        }

        public void started() {
            state = "STARTED";
        }

        /** A step opened at its checkpoint (0 on a first run): the tables before it are complete. */
        public void stepOpened(ReferenceTable opened, long position) {
            for (ReferenceTable t : ReferenceTable.values()) {
                if (t.ordinal() < opened.ordinal()) {
                    done.set(t.ordinal(), plan.rows(t));
                }
            }
            done.set(opened.ordinal(), position);
            resumedFrom.set(opened.ordinal(), position);
            table = opened;
            if (firstChunkNanos == 0) {
                firstChunkNanos = System.nanoTime();
            }
        }

        /** Called once the chunk's transaction has committed. */
        public void committed(ReferenceTable t, int rows) {
            done.addAndGet(t.ordinal(), rows);
            written.addAndGet(rows);
            lastCommitNanos = System.nanoTime();
        }

        public void ended(String finalState, String finalMessage) {
            endNanos = System.nanoTime();
            state = finalState;
            message = finalMessage == null ? "" : finalMessage;
            if ("COMPLETED".equals(finalState)) {
                for (ReferenceTable t : ReferenceTable.values()) {
                    done.set(t.ordinal(), plan.rows(t));
                }
            }
        }

        public void refused(String why) {
            message = why;
        }

        public LoadStatus snapshot() {
            long now = endNanos != 0 ? endNanos : System.nanoTime();
            var tables = new ArrayList<LoadStatus.TableProgress>();
            long rowsDone = 0;
            for (ReferenceTable t : ReferenceTable.values()) {
                long rows = done.get(t.ordinal());
                long resumed = resumedFrom.get(t.ordinal());
                rowsDone += rows;
                tables.add(new LoadStatus.TableProgress(t.tableName(), rows, plan.rows(t), resumed < 0 ? null : resumed));
            }
            long writtenRows = written.get();
            boolean running = endNanos == 0;
            long loadEnd = running ? now : (lastCommitNanos != 0 ? lastCommitNanos : now);
            double loadSeconds = firstChunkNanos == 0 ? 0 : Math.max(0, loadEnd - firstChunkNanos) / 1e9;
            double rate = loadSeconds > 0 ? writtenRows / loadSeconds : 0;
            long total = plan.totalRows();
            Double secondsLeft = !running ? Double.valueOf(0) : rate > 0 ? (total - rowsDone) / rate : null;
            return new LoadStatus(executionId, state, message, parameters.scale(), parameters.seed(),
                    parameters.batchSize(), parameters.writer().label(), rowsDone,
                    total, writtenRows, rate, secondsLeft, (now - startedNanos) / 1e9, loadSeconds,
                    table == null ? null : table.tableName(), false, tables);
        }
    }
}

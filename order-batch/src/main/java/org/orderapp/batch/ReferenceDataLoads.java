package org.orderapp.batch;

import jakarta.batch.operations.JobOperator;
import jakarta.batch.operations.NoSuchJobException;
import jakarta.batch.runtime.BatchRuntime;
import jakarta.batch.runtime.BatchStatus;
import jakarta.batch.runtime.JobExecution;
import jakarta.batch.runtime.Metric;
import jakarta.batch.runtime.StepExecution;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Lock;
import jakarta.ejb.LockType;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceUnit;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import org.hibernate.SessionFactory;
import org.orderapp.batch.job.BatchPersistence;
import org.orderapp.batch.job.PrepareLoad;
import org.orderapp.batch.referencedata.LoadPlan;
import org.orderapp.batch.referencedata.ReferenceDataStore;
import org.orderapp.batch.referencedata.ReferenceTable;

/**
 * Starts, restarts and reports the reference-data load (the Jakarta Batch job "reference-data"), and resets the
 * data. One operation at a time changes anything (write lock); status reads run alongside. Nothing here runs in a
 * transaction: the job makes its own, one per chunk, and the resets TRUNCATE.
 */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.CONTAINER)
@Lock(LockType.READ)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class ReferenceDataLoads {

    public static final String JOB = "reference-data";
    public static final long DEFAULT_SEED = 42;

    public enum ResetScope { ORDERS, ALL }

    @Inject
    LoadProgress progress;

    @Inject
    ReferenceDataStore store;

    @PersistenceUnit(unitName = "batch-services")
    EntityManagerFactory batchUnit;

    @Inject
    BatchPersistence persistence;

    /**
     * The chunk size when none is given: the batch-services unit's hibernate.jdbc.batch_size (order.batch.batch-size
     * in persistence.xml, the one place it is defined), so a chunk is one JDBC batch.
     */
    public int defaultBatchSize() {
        return batchUnit.unwrap(SessionFactory.class).getSessionFactoryOptions().getJdbcBatchSize();
    }

    /** Whether any reference-data table holds a row (a load over it is refused). */
    public boolean referenceDataPresent() throws SQLException {
        return store.hasReferenceData();
    }

    /** Starts a load; refuses while one runs, while one waits for a restart, and over existing reference data. */
    @Lock(LockType.WRITE)
    public LoadStatus start(LoadParameters parameters) throws LoadRefusedException, SQLException {
        LoadStatus latest = status();
        if (latest.running()) {
            throw new LoadRefusedException(String.format(Locale.ROOT,
                    "a load is running (execution %d, %,d of %,d rows); wait for it or stop it",
                    latest.executionId(), latest.rowsDone(), latest.rowsTotal()));
        }
        if (latest.restartable() && !parameters.resetAll()) {
            throw new LoadRefusedException(String.format(Locale.ROOT,
                    "load %d is %s at %,d of %,d rows: restart it to finish from its last checkpoint, "
                            + "or reset everything to start over", latest.executionId(), latest.state(),
                    latest.rowsDone(), latest.rowsTotal()));
        }
        if (!parameters.resetAll() && store.hasReferenceData()) {
            throw new LoadRefusedException(PrepareLoad.EXISTS_MESSAGE);
        }
        long id = operator().start(JOB, parameters.toJobParameters());
        return progress.attach(id, parameters).snapshot();
    }

    /** Finishes the latest load from its last checkpoint, after a failure, a stop or a crash of the server. */
    @Lock(LockType.WRITE)
    public LoadStatus restart() throws LoadRefusedException {
        LoadStatus latest = status();
        if (!latest.restartable()) {
            throw new LoadRefusedException(latest.executionId() == 0 ? "there is no load to restart"
                    : "load " + latest.executionId() + " is " + latest.state() + "; only a failed, stopped or "
                    + "interrupted load can be restarted");
        }
        // A load cut off by a crash is still STARTED in the job repository; JBeret (restart mode "detect") sees that
        // no job of this server runs it, marks it FAILED and restarts it.
        long id = operator().restart(latest.executionId(), new Properties());
        return progress.attach(id, LoadParameters.of(operator().getParameters(id))).snapshot();
    }

    @Lock(LockType.WRITE)
    public LoadStatus stop() throws LoadRefusedException {
        LoadStatus latest = status();
        if (!latest.running()) {
            throw new LoadRefusedException("no load is running");
        }
        operator().stop(latest.executionId());
        return status();
    }

    /** Empties the order tables (ORDERS) or every table (ALL); answers the tables emptied. */
    @Lock(LockType.WRITE)
    public List<String> reset(ResetScope scope) throws LoadRefusedException, SQLException {
        LoadStatus latest = status();
        if (latest.running()) {
            throw new LoadRefusedException("a load is running (execution " + latest.executionId() + "); wait for it or stop it");
        }
        List<String> emptied = scope == ResetScope.ORDERS ? store.removeOrders() : store.removeAll();
        persistence.evictServicesCache(); // the OLTP unit must not serve rows that are gone
        return emptied;
    }

    /** The latest load: live figures if this server runs or ran it, else what the job repository recorded. */
    public LoadStatus status() {
        Optional<JobExecution> latest = latestExecution();
        if (latest.isEmpty()) {
            return progress.current().map(LoadProgress.Run::snapshot).orElse(LoadStatus.none());
        }
        JobExecution execution = latest.get();
        BatchStatus batchStatus = execution.getBatchStatus();
        var run = progress.run(execution.getExecutionId());
        if (run.isPresent()) {
            LoadStatus live = run.get().snapshot();
            boolean restartable = batchStatus == BatchStatus.FAILED || batchStatus == BatchStatus.STOPPED;
            return restartable ? withState(live, batchStatus.name(), exitMessage(execution), true) : live;
        }
        return recorded(execution);
    }

    /**
     * A load this server has not run since it started. STARTED there means the server that ran it stopped in the
     * middle (a crash or a kill): no server runs it any more.
     */
    private LoadStatus recorded(JobExecution execution) {
        var parameters = LoadParameters.of(execution.getJobParameters());
        LoadPlan plan = parameters.plan();
        BatchStatus batchStatus = execution.getBatchStatus();
        boolean cutOff = batchStatus == BatchStatus.STARTING || batchStatus == BatchStatus.STARTED
                || batchStatus == BatchStatus.STOPPING;
        boolean completed = batchStatus == BatchStatus.COMPLETED;
        boolean refused = PrepareLoad.REFUSED.equals(execution.getExitStatus());
        String state = cutOff ? "INTERRUPTED" : refused ? "REFUSED" : batchStatus.name();

        // Rows committed per table, summed over the executions of this load (a restart continues a table).
        var written = new long[ReferenceTable.values().length];
        var finished = new boolean[written.length];
        long rowsWrittenLast = 0;
        var operator = operator();
        var executions = operator.getJobExecutions(operator.getJobInstance(execution.getExecutionId()));
        for (JobExecution e : executions) {
            for (StepExecution step : operator.getStepExecutions(e.getExecutionId())) {
                if (PREPARE_STEP.equals(step.getStepName())) {
                    continue;
                }
                int t = ReferenceTable.ofStep(step.getStepName()).ordinal();
                long writes = metric(step, Metric.MetricType.WRITE_COUNT);
                written[t] += writes;
                finished[t] |= step.getBatchStatus() == BatchStatus.COMPLETED;
                if (e.getExecutionId() == execution.getExecutionId()) {
                    rowsWrittenLast += writes;
                }
            }
        }
        var tables = new ArrayList<LoadStatus.TableProgress>();
        long rowsDone = 0;
        String current = null;
        for (ReferenceTable t : ReferenceTable.values()) {
            long total = plan.rows(t);
            long rows = completed && !refused || finished[t.ordinal()] ? total : Math.min(total, written[t.ordinal()]);
            if (current == null && rows < total) {
                current = t.tableName();
            }
            rowsDone += rows;
            tables.add(new LoadStatus.TableProgress(t.tableName(), rows, total, null));
        }
        double elapsed = seconds(execution.getStartTime(), execution.getEndTime() != null ? execution.getEndTime()
                : execution.getLastUpdatedTime());
        String message = cutOff ? "the server stopped during this load; restart it to finish from the last checkpoint"
                : refused ? PrepareLoad.EXISTS_MESSAGE : exitMessage(execution);
        return new LoadStatus(execution.getExecutionId(), state, message, parameters.scale(), parameters.seed(),
                parameters.batchSize(), parameters.writer().label(), rowsDone, plan.totalRows(),
                rowsWrittenLast, elapsed > 0 ? rowsWrittenLast / elapsed : 0, cutOff ? null : 0.0, elapsed, elapsed,
                cutOff ? current : null, cutOff || batchStatus == BatchStatus.FAILED || batchStatus == BatchStatus.STOPPED,
                tables);
    }

    private static final String PREPARE_STEP = "prepare";

    private Optional<JobExecution> latestExecution() {
        JobOperator operator = operator();
        try {
            var instances = operator.getJobInstances(JOB, 0, 1); // most recent first
            if (instances.isEmpty()) {
                return Optional.empty();
            }
            List<JobExecution> executions = operator.getJobExecutions(instances.get(0));
            return executions.isEmpty() ? Optional.empty() : Optional.of(executions.get(executions.size() - 1));
        } catch (NoSuchJobException e) {
            return Optional.empty();
        }
    }

    private static LoadStatus withState(LoadStatus s, String state, String message, boolean restartable) {
        return new LoadStatus(s.executionId(), state, message, s.scale(), s.seed(), s.batchSize(), s.writer(),
                s.rowsDone(), s.rowsTotal(), s.rowsWritten(), s.rowsPerSecond(), null, s.elapsedSeconds(),
                s.loadSeconds(), s.currentTable(), restartable, s.tables());
    }

    private static String exitMessage(JobExecution execution) {
        String exit = execution.getExitStatus();
        return exit == null || exit.equals(execution.getBatchStatus().name()) ? "" : exit;
    }

    private static long metric(StepExecution step, Metric.MetricType type) {
        for (Metric m : step.getMetrics()) {
            if (m.getType() == type) {
                return m.getValue();
            }
        }
        return 0;
    }

    private static double seconds(Date from, Date to) {
        return from == null || to == null ? 0 : Math.max(0, to.getTime() - from.getTime()) / 1000.0;
    }

    private static JobOperator operator() {
        return BatchRuntime.getJobOperator();
    }
}

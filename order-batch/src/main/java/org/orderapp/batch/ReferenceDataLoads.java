package org.orderapp.batch;

import jakarta.batch.operations.JobOperator;
import jakarta.batch.operations.NoSuchJobException;
import jakarta.batch.runtime.BatchRuntime;
import jakarta.batch.runtime.BatchStatus;
import jakarta.batch.runtime.JobExecution;
import jakarta.batch.runtime.JobInstance;
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
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.hibernate.SessionFactory;
import org.orderapp.batch.job.BatchPersistence;
import org.orderapp.batch.job.PrepareLoad;
import org.orderapp.batch.referencedata.LoadPlan;
import org.orderapp.batch.referencedata.ReferenceDataStore;
import org.orderapp.batch.referencedata.ReferenceDataStore.RestoredStock;
import org.orderapp.batch.referencedata.ReferenceTable;
import org.orderapp.batch.referencedata.RowGenerator;

/**
 * Starts, restarts and reports the reference-data load (the Jakarta Batch job "reference-data"), and resets the
 * data. One operation at a time changes anything (write lock); status reads run alongside. Nothing here runs in a
 * transaction: the job makes its own, one per chunk, the resets TRUNCATE, and stock is put back in a transaction
 * per JDBC batch.
 */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.CONTAINER)
@Lock(LockType.READ)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class ReferenceDataLoads {

    private static final Logger LOG = Logger.getLogger(ReferenceDataLoads.class.getName());

    public static final String JOB = "reference-data";
    public static final long DEFAULT_SEED = 42;

    /**
     * ORDERS empties the order tables; LOADED also puts every stock row back as the latest completed load left
     * it (the state right after that load); ALL empties every table.
     */
    public enum ResetScope {
        ORDERS, LOADED, ALL;

        /** The name used in requests and answers: orders, loaded, all. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static ResetScope of(String label) {
            try {
                return valueOf(String.valueOf(label).trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("scope must be one of " + Arrays.stream(values())
                        .map(ResetScope::label).collect(Collectors.joining(", ")) + ": " + label);
            }
        }
    }

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
        Properties job = parameters.toJobParameters();
        job.setProperty(RUNNING_NODE, THIS_NODE);
        long id = operator().start(JOB, job);
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
        Properties job = new Properties();
        job.putAll(operator().getParameters(latest.executionId()));
        job.setProperty(RUNNING_NODE, THIS_NODE);
        long id = operator().restart(latest.executionId(), job);
        return progress.attach(id, LoadParameters.of(operator().getParameters(id))).snapshot();
    }

    @Lock(LockType.WRITE)
    public LoadStatus stop() throws LoadRefusedException {
        LoadStatus latest = status();
        if (!latest.running()) {
            throw new LoadRefusedException("no load is running");
        }
        if (progress.run(latest.executionId()).isEmpty()) {
            throw new LoadRefusedException("load " + latest.executionId() + " " + latest.message() + ": stop it there");
        }
        operator().stop(latest.executionId());
        return status();
    }

    /**
     * Empties the order tables (ORDERS), or every table (ALL), or puts the data back as the latest completed load
     * left it (LOADED): stock first, then the orders, so a reset cut off in the middle is simply repeated.
     */
    @Lock(LockType.WRITE)
    public ResetOutcome reset(ResetScope scope) throws LoadRefusedException, SQLException {
        LoadStatus latest = status();
        if (latest.running()) {
            throw new LoadRefusedException("a load is running (execution " + latest.executionId() + "); wait for it or stop it");
        }
        long start = System.nanoTime();
        RestoredStock stock = new RestoredStock(Map.of(), Map.of());
        if (scope == ResetScope.LOADED) {
            LoadParameters loaded = loadedParameters(latest);
            if (!store.hasReferenceData()) {
                throw new LoadRefusedException("there is no reference data to restore: it was removed after the "
                        + "latest completed load; load it again");
            }
            stock = store.restoreLoadedStock(new RowGenerator(loaded.seed(), loaded.plan()), defaultBatchSize());
        }
        List<String> emptied = scope == ResetScope.ALL ? store.removeAll() : store.removeOrders();
        if (scope == ResetScope.ALL) {
            // The OLTP unit must not serve rows that are gone. The other scopes change only orders and stock, which
            // the second-level cache does not hold (UncachedWritesTest), so its customers and products stay warm:
            // the lab resets the data before every window it measures, and a cold cache in each would measure the
            // cache filling (4.5 statements per transaction instead of 3.8).
            persistence.evictServicesCache();
        }
        var outcome = new ResetOutcome(scope.label(), emptied, stock.restored(), stock.skipped(),
                (System.nanoTime() - start) / 1e9);
        LOG.info(() -> String.format(Locale.ROOT, "Reset %s in %.3f s: emptied %s, restored %s, skipped %s",
                outcome.scope(), outcome.seconds(), outcome.emptied(), outcome.restored(), outcome.skipped()));
        return outcome;
    }

    /**
     * The parameters of the load the tables hold: the latest load that was not refused (a refused load changed
     * nothing), provided it completed. A failed, stopped or interrupted load left part of its rows, and the
     * stock of an earlier load may be gone with the reset it started with, so there is nothing to restore to.
     * The latest load's state is taken from its status, which knows a load this server has just finished before
     * the job repository records it.
     */
    private LoadParameters loadedParameters(LoadStatus latest) throws LoadRefusedException {
        JobOperator operator = operator();
        try {
            int instances = operator.getJobInstanceCount(JOB);
            for (int from = 0; from < instances; from += INSTANCES_PER_READ) {
                for (JobInstance instance : operator.getJobInstances(JOB, from, INSTANCES_PER_READ)) { // newest first
                    List<JobExecution> executions = operator.getJobExecutions(instance);
                    if (executions.isEmpty()) {
                        continue;
                    }
                    JobExecution last = executions.get(executions.size() - 1);
                    String state = last.getExecutionId() == latest.executionId() ? latest.state() : recordedState(last);
                    if (state.equals(PrepareLoad.REFUSED)) {
                        continue;
                    }
                    if (!state.equals(BatchStatus.COMPLETED.name())) {
                        throw new LoadRefusedException("there is no completed load to restore to: the latest load "
                                + "(execution " + last.getExecutionId() + ") is " + state + "; restart it or load again");
                    }
                    return LoadParameters.of(last.getJobParameters());
                }
            }
        } catch (NoSuchJobException e) {
            // no load has ever run
        }
        throw new LoadRefusedException("there is no completed load to restore to; load the data first");
    }

    private static final int INSTANCES_PER_READ = 20;

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
        String runner = execution.getJobParameters().getProperty(RUNNING_NODE);
        boolean elsewhere = cutOff(batchStatus) && runner != null && !runner.equals(THIS_NODE);
        boolean cutOff = cutOff(batchStatus) && !elsewhere;
        boolean completed = batchStatus == BatchStatus.COMPLETED;
        boolean refused = PrepareLoad.REFUSED.equals(execution.getExitStatus());
        String state = elsewhere ? batchStatus.name() : recordedState(execution);

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
        String message = elsewhere ? "runs on " + runner + " (another node of the cluster)"
                : cutOff ? "the server stopped during this load; restart it to finish from the last checkpoint"
                : refused ? PrepareLoad.EXISTS_MESSAGE : exitMessage(execution);
        return new LoadStatus(execution.getExecutionId(), state, message, parameters.scale(), parameters.seed(),
                parameters.batchSize(), parameters.writer().label(), rowsDone, plan.totalRows(),
                rowsWrittenLast, elapsed > 0 ? rowsWrittenLast / elapsed : 0, cutOff ? null : 0.0, elapsed, elapsed,
                cutOff ? current : null, cutOff || batchStatus == BatchStatus.FAILED || batchStatus == BatchStatus.STOPPED,
                tables);
    }

    private static final String PREPARE_STEP = "prepare";

    /**
     * The job parameter naming the server that runs an execution (jboss.node.name). In a cluster every node reads the
     * same job repository: an execution recorded as running that another node runs is running, not cut off, and only
     * the node that runs it may stop it or, after it died, restart it. A load is started on one node only: the one
     * the request reached.
     */
    static final String RUNNING_NODE = "runningNode";
    private static final String THIS_NODE = System.getProperty("jboss.node.name", "server");

    /** The state of a load as the job repository recorded it (see LoadStatus). */
    private static String recordedState(JobExecution execution) {
        return cutOff(execution.getBatchStatus()) ? "INTERRUPTED"
                : PrepareLoad.REFUSED.equals(execution.getExitStatus()) ? "REFUSED" : execution.getBatchStatus().name();
    }

    /** A load recorded as still running that this server does not run: its server stopped in the middle. */
    private static boolean cutOff(BatchStatus batchStatus) {
        return batchStatus == BatchStatus.STARTING || batchStatus == BatchStatus.STARTED
                || batchStatus == BatchStatus.STOPPING;
    }

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

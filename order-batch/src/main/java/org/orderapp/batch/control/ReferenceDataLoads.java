package org.orderapp.batch.control;

import jakarta.batch.runtime.BatchStatus;
import jakarta.batch.runtime.JobExecution;
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
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.hibernate.SessionFactory;
import org.orderapp.batch.LoadParameters;
import org.orderapp.batch.LoadProgress;
import org.orderapp.batch.LoadRefusedException;
import org.orderapp.batch.LoadStatus;
import org.orderapp.batch.ResetOutcome;
import org.orderapp.batch.job.BatchPersistence;
import org.orderapp.batch.job.PrepareLoad;
import org.orderapp.batch.referencedata.ReferenceDataStore;
import org.orderapp.batch.referencedata.ReferenceDataStore.RestoredStock;
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
        job.setProperty(RecordedLoads.RUNNING_NODE, RecordedLoads.THIS_NODE);
        long id = RecordedLoads.operator().start(RecordedLoads.JOB, job);
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
        job.putAll(RecordedLoads.operator().getParameters(latest.executionId()));
        job.setProperty(RecordedLoads.RUNNING_NODE, RecordedLoads.THIS_NODE);
        long id = RecordedLoads.operator().restart(latest.executionId(), job);
        return progress.attach(id, LoadParameters.of(RecordedLoads.operator().getParameters(id))).snapshot();
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
        RecordedLoads.operator().stop(latest.executionId());
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
            LoadParameters loaded = RecordedLoads.loadedParameters(latest);
            if (!store.hasReferenceData()) {
                throw new LoadRefusedException("there is no reference data to restore: it was removed after the "
                        + "latest completed load; load it again");
            }
            stock = store.restoreLoadedStock(new RowGenerator(loaded.seed(), loaded.plan()), defaultBatchSize());
        }
        List<String> emptied = scope == ResetScope.ALL ? store.removeAll() : store.removeOrders();
        if (scope == ResetScope.ALL) {
            // The OLTP unit must not serve rows that are gone. The other scopes change only orders and stock, which
            // the second-level cache does not hold (EntityMappingTest), so its customers and products stay warm:
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

    /** The latest load: live figures if this server runs or ran it, else what the job repository recorded. */
    public LoadStatus status() {
        Optional<JobExecution> latest = RecordedLoads.latestExecution();
        if (latest.isEmpty()) {
            return progress.current().map(LoadProgress.Run::snapshot).orElse(LoadStatus.none());
        }
        JobExecution execution = latest.get();
        BatchStatus batchStatus = execution.getBatchStatus();
        var run = progress.run(execution.getExecutionId());
        if (run.isPresent()) {
            LoadStatus live = run.get().snapshot();
            boolean restartable = batchStatus == BatchStatus.FAILED || batchStatus == BatchStatus.STOPPED;
            return restartable ? withState(live, batchStatus.name(), RecordedLoads.exitMessage(execution), true) : live;
        }
        return RecordedLoads.recorded(execution);
    }

    private static LoadStatus withState(LoadStatus s, String state, String message, boolean restartable) {
        return new LoadStatus(s.executionId(), state, message, s.scale(), s.seed(), s.batchSize(), s.writer(),
                s.rowsDone(), s.rowsTotal(), s.rowsWritten(), s.rowsPerSecond(), null, s.elapsedSeconds(),
                s.loadSeconds(), s.currentTable(), restartable, s.tables());
    }
}

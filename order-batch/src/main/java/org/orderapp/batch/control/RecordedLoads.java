package org.orderapp.batch.control;

import jakarta.batch.operations.JobOperator;
import jakarta.batch.operations.NoSuchJobException;
import jakarta.batch.runtime.BatchRuntime;
import jakarta.batch.runtime.BatchStatus;
import jakarta.batch.runtime.JobExecution;
import jakarta.batch.runtime.JobInstance;
import jakarta.batch.runtime.Metric;
import jakarta.batch.runtime.StepExecution;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import org.orderapp.batch.LoadParameters;
import org.orderapp.batch.LoadRefusedException;
import org.orderapp.batch.LoadStatus;
import org.orderapp.batch.job.PrepareLoad;
import org.orderapp.batch.referencedata.LoadPlan;
import org.orderapp.batch.referencedata.ReferenceTable;

/**
 * What the job repository recorded of the loads: the latest, a load this server has not run (or no longer runs), and
 * the parameters of the load the tables hold. Every node of a cluster reads the same repository.
 */
final class RecordedLoads {

    /** The Jakarta Batch job of the load (META-INF/batch-jobs/reference-data.xml). */
    static final String JOB = "reference-data";

    private RecordedLoads() {
    }

    /** The batch runtime's operator: it starts, restarts and stops the job, and reads its repository. */
    static JobOperator operator() {
        return BatchRuntime.getJobOperator();
    }

    /**
     * The parameters of the load the tables hold: the latest load that was not refused (a refused load changed
     * nothing), provided it completed. A failed, stopped or interrupted load left part of its rows, and the
     * stock of an earlier load may be gone with the reset it started with, so there is nothing to restore to.
     * The latest load's state is taken from its status, which knows a load this server has just finished before
     * the job repository records it.
     */
    static LoadParameters loadedParameters(LoadStatus latest) throws LoadRefusedException {
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

    static Optional<JobExecution> latestExecution() {
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

    /**
     * A load this server has not run since it started. STARTED there means the server that ran it stopped in the
     * middle (a crash or a kill): no server runs it any more.
     */
    static LoadStatus recorded(JobExecution execution) {
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
    static final String THIS_NODE = System.getProperty("jboss.node.name", "server");

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

    static String exitMessage(JobExecution execution) {
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
}

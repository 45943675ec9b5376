package org.orderapp.batch.job;

import jakarta.batch.api.listener.AbstractJobListener;
import jakarta.batch.runtime.context.JobContext;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.logging.Logger;
import org.orderapp.batch.LoadParameters;
import org.orderapp.batch.LoadProgress;

/** Opens and closes the progress record of an execution, and keeps the OLTP unit's cache true to the tables. */
@Named("loadJobListener")
@Dependent
public class LoadJobListener extends AbstractJobListener {

    private static final Logger LOG = Logger.getLogger(LoadJobListener.class.getName());

    @Inject
    JobContext job;

    @Inject
    LoadProgress progress;

    @Inject
    BatchPersistence persistence;

    @Override
    public void beforeJob() {
        var parameters = LoadParameters.of(job.getProperties());
        progress.attach(job.getExecutionId(), parameters).started();
        LOG.info(() -> "Reference-data load " + job.getExecutionId() + " started: scale " + parameters.scale()
                + ", seed " + parameters.seed() + ", batch size " + parameters.batchSize() + ", writer "
                + parameters.writer() + ", " + parameters.plan().totalRows() + " rows planned");
    }

    @Override
    public void afterJob() {
        persistence.evictServicesCache();
        var run = progress.attach(job.getExecutionId(), LoadParameters.of(job.getProperties()));
        String exit = job.getExitStatus();
        String state = "REFUSED".equals(exit) ? "REFUSED" : job.getBatchStatus().name();
        run.ended(state, "REFUSED".equals(exit) || job.getBatchStatus().name().equals(exit) ? null : exit);
        var status = run.snapshot();
        LOG.info(() -> String.format("Reference-data load %d %s: %,d rows written in %.1f s (%,.0f rows/s)",
                job.getExecutionId(), state, status.rowsWritten(), status.loadSeconds(), status.rowsPerSecond()));
    }
}

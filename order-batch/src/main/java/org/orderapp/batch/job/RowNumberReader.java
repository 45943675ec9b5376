package org.orderapp.batch.job;

import jakarta.batch.api.chunk.AbstractItemReader;
import jakarta.batch.runtime.context.JobContext;
import jakarta.batch.runtime.context.StepContext;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import org.orderapp.batch.LoadParameters;
import org.orderapp.batch.LoadProgress;
import org.orderapp.batch.referencedata.ReferenceTable;

/**
 * Reads the row numbers of the step's table, 0 to rows - 1. The checkpoint is the next row number; it is saved
 * in the job repository in the chunk's own transaction (the repository lives on the same datasource), so after a
 * crash it names exactly the first row that was not committed.
 */
@Named("rowNumbers")
@Dependent
public class RowNumberReader extends AbstractItemReader {

    @Inject
    JobContext job;

    @Inject
    StepContext step;

    @Inject
    LoadProgress progress;

    private long next;
    private long end;

    @Override
    public void open(Serializable checkpoint) {
        var table = ReferenceTable.ofStep(step.getStepName());
        var parameters = LoadParameters.of(job.getProperties());
        end = parameters.plan().rows(table);
        next = checkpoint == null ? 0 : (Long) checkpoint;
        progress.attach(job.getExecutionId(), parameters).stepOpened(table, next);
    }

    @Override
    public Object readItem() {
        return next < end ? Long.valueOf(next++) : null;
    }

    @Override
    public Serializable checkpointInfo() {
        return next;
    }
}

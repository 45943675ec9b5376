package org.orderapp.batch.job;

import jakarta.annotation.Resource;
import jakarta.batch.api.chunk.AbstractItemWriter;
import jakarta.batch.runtime.context.JobContext;
import jakarta.batch.runtime.context.StepContext;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.io.Serializable;
import java.util.List;
import org.orderapp.batch.LoadParameters;
import org.orderapp.batch.LoadProgress;
import org.orderapp.batch.referencedata.ReferenceRow;
import org.orderapp.batch.referencedata.ReferenceTable;

/** Writes one chunk of rows in the chunk's transaction, and counts them once that transaction has committed. */
abstract class RowWriter extends AbstractItemWriter {

    @Inject
    JobContext job;

    @Inject
    StepContext step;

    @Inject
    LoadProgress progress;

    @Resource
    TransactionSynchronizationRegistry transactions;

    private ReferenceTable table;
    private LoadParameters parameters;

    @Override
    public void open(Serializable checkpoint) {
        table = ReferenceTable.ofStep(step.getStepName());
        parameters = LoadParameters.of(job.getProperties());
    }

    @Override
    public final void writeItems(List<Object> items) throws Exception {
        @SuppressWarnings({"unchecked", "rawtypes"})
        List<ReferenceRow> rows = (List) items;
        write(table, rows);
        var run = progress.attach(job.getExecutionId(), parameters);
        int count = rows.size();
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {
            }

            @Override
            public void afterCompletion(int status) {
                if (status == Status.STATUS_COMMITTED) {
                    run.committed(table, count);
                }
            }
        });
    }

    protected LoadParameters parameters() {
        return parameters;
    }

    protected abstract void write(ReferenceTable table, List<ReferenceRow> rows) throws Exception;
}

package org.orderapp.batch.job;

import jakarta.batch.api.chunk.ItemProcessor;
import jakarta.batch.runtime.context.JobContext;
import jakarta.batch.runtime.context.StepContext;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import org.orderapp.batch.LoadParameters;
import org.orderapp.batch.referencedata.ReferenceTable;
import org.orderapp.batch.referencedata.RowGenerator;

/** Turns a row number into the row itself, from the seed (see {@link RowGenerator}). */
@Named("generatedRows")
@Dependent
public class GeneratedRows implements ItemProcessor {

    @Inject
    JobContext job;

    @Inject
    StepContext step;

    private ReferenceTable table;
    private RowGenerator generator;

    @Override
    public Object processItem(Object rowNumber) {
        if (generator == null) {
            var parameters = LoadParameters.of(job.getProperties());
            table = ReferenceTable.ofStep(step.getStepName());
            generator = new RowGenerator(parameters.seed(), parameters.plan());
        }
        return generator.row(table, (Long) rowNumber);
    }
}

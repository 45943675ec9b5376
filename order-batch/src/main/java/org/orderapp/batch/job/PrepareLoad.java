package org.orderapp.batch.job;

import jakarta.batch.api.AbstractBatchlet;
import jakarta.batch.runtime.context.JobContext;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import org.orderapp.batch.LoadParameters;
import org.orderapp.batch.LoadProgress;
import org.orderapp.batch.referencedata.ReferenceDataStore;

/**
 * First step: empties the tables when asked to, and refuses to load over existing reference data (the guide's
 * "Inventory already exists!"). It runs once per load: a restart resumes after it, at the interrupted chunk.
 */
@Named("prepareLoad")
@Dependent
public class PrepareLoad extends AbstractBatchlet {

    /** Exit status that ends the job without loading (the job XML ends it there). */
    public static final String REFUSED = "REFUSED";
    public static final String EXISTS_MESSAGE = "reference data already exists; remove it first (reset everything) "
            + "or keep it";

    @Inject
    JobContext job;

    @Inject
    LoadProgress progress;

    @Inject
    ReferenceDataStore store;

    @Override
    public String process() throws Exception {
        var parameters = LoadParameters.of(job.getProperties());
        if (parameters.resetAll()) {
            store.removeAll();
        }
        if (store.hasReferenceData()) {
            progress.attach(job.getExecutionId(), parameters).refused(EXISTS_MESSAGE);
            return REFUSED;
        }
        return "EMPTY";
    }
}

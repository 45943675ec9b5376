package org.orderapp.batch.job;

import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.List;
import org.orderapp.batch.referencedata.ReferenceRow;
import org.orderapp.batch.referencedata.ReferenceTable;

/**
 * The loader: inserts each row as an entity through a Hibernate stateless session of the batch-services unit, one
 * JDBC batch per chunk. The unit's hibernate.jdbc.batch_size is the job's default batch size; a batch size given
 * to the job applies to the session too, so one chunk is always one JDBC batch.
 * Named as the loader always was (see {@link org.orderapp.batch.LoadParameters.Writer}).
 */
@Named("jpaRowWriter")
@Dependent
public class StatelessSessionRowWriter extends RowWriter {

    @Inject
    BatchPersistence persistence;

    @Override
    protected void write(ReferenceTable table, List<ReferenceRow> rows) {
        persistence.insertChunk(rows, parameters().batchSize());
    }
}

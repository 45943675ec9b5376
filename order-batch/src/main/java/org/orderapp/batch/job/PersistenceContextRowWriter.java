package org.orderapp.batch.job;

import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.List;
import org.orderapp.batch.referencedata.ReferenceRow;
import org.orderapp.batch.referencedata.ReferenceTable;

/**
 * The loader as the guide wrote it, kept for comparison: persists each row as a managed entity on the
 * batch-services unit, flushing and clearing once per chunk. Every row costs an entry in the persistence context
 * with a copy of its state, a dirty check and a cascade pass at the flush, and an insert action sorted with the
 * others, all discarded by the clear: work a load of new rows never needs, and what makes it slower than
 * {@link StatelessSessionRowWriter}.
 */
@Named("persistenceContextRowWriter")
@Dependent
public class PersistenceContextRowWriter extends RowWriter {

    @Inject
    BatchPersistence persistence;

    @Override
    protected void write(ReferenceTable table, List<ReferenceRow> rows) {
        persistence.persistChunk(rows, parameters().batchSize());
    }
}

package org.orderapp.batch.job;

import jakarta.enterprise.context.Dependent;
import jakarta.inject.Named;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.List;
import org.hibernate.Session;
import org.orderapp.batch.referencedata.ReferenceRow;
import org.orderapp.batch.referencedata.ReferenceTable;

/**
 * The loader: persists each row as an entity on the batch-services unit, then flushes and clears once per chunk
 * (the guide's createInventories). The flush sends the chunk as one JDBC batch, because the session's JDBC batch
 * size is the chunk size; with rewriteBatchedStatements Connector/J sends that batch as multi-row INSERTs.
 */
@Named("jpaRowWriter")
@Dependent
public class JpaRowWriter extends RowWriter {

    @PersistenceContext(unitName = "batch-services")
    EntityManager em;

    @Override
    protected void write(ReferenceTable table, List<ReferenceRow> rows) {
        // The unit's hibernate.jdbc.batch_size is the job's default batch size; a batch size given to the job
        // applies here too, so one chunk is always one JDBC batch.
        em.unwrap(Session.class).setJdbcBatchSize(parameters().batchSize());
        for (ReferenceRow row : rows) {
            em.persist(row.toEntity(em));
        }
        em.flush();
        em.clear();
    }
}

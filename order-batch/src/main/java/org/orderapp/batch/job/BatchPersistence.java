package org.orderapp.batch.job;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceUnit;
import java.util.List;
import org.hibernate.Session;
import org.orderapp.batch.referencedata.ReferenceRow;

/**
 * The persistence units as the job's artifacts use them. The artifacts are CDI beans; a CDI bean's injected
 * persistence unit of another module of the EAR (both units live in order-ejb.jar) does not make the deployment
 * wait for that unit, and deployments failed now and then with "service jboss.persistenceunit ... not found" when
 * the unit started late (the services unit waits for its Infinispan cache container). A session bean's reference
 * does carry that dependency, so the units are injected here.
 */
@Stateless
public class BatchPersistence {

    @PersistenceContext(unitName = "batch-services")
    EntityManager batchUnit;

    // The load rewrites reference data under the services unit, whose second-level cache holds it.
    @PersistenceUnit(unitName = "services")
    EntityManagerFactory services;

    /**
     * Persists one chunk as entities in the chunk's transaction, then flushes and clears once (the guide's
     * createInventories). The flush sends the chunk as one JDBC batch: the session's JDBC batch size is set to the
     * chunk size; with rewriteBatchedStatements Connector/J sends that batch as multi-row INSERTs.
     */
    @TransactionAttribute(TransactionAttributeType.MANDATORY)
    public void persistChunk(List<ReferenceRow> rows, int batchSize) {
        batchUnit.unwrap(Session.class).setJdbcBatchSize(batchSize);
        for (ReferenceRow row : rows) {
            batchUnit.persist(row.toEntity(batchUnit));
        }
        batchUnit.flush();
        batchUnit.clear();
    }

    /** Empties the OLTP unit's second-level cache, so it never serves reference rows that were replaced. */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public void evictServicesCache() {
        services.getCache().evictAll();
    }
}

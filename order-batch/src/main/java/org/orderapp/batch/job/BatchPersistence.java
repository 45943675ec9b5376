package org.orderapp.batch.job;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hibernate.Session;
import org.hibernate.SessionFactory;
import org.hibernate.StatelessSession;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
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

    @PersistenceUnit(unitName = "batch-services")
    EntityManagerFactory batchUnitFactory;

    // The load rewrites reference data under the services unit, whose second-level cache holds it.
    @PersistenceUnit(unitName = "services")
    EntityManagerFactory services;

    /**
     * Inserts one chunk through a stateless session of the batch-services unit, in the chunk's transaction (the
     * session joins it and uses its connection). Nothing is managed: each insert binds the entity's values straight
     * into the session's JDBC batch, of the chunk's size, which Connector/J rewrites into multi-row INSERTs.
     */
    @TransactionAttribute(TransactionAttributeType.MANDATORY)
    public void insertChunk(List<ReferenceRow> rows, int batchSize) {
        try (StatelessSession session = batchUnitFactory.unwrap(SessionFactory.class).openStatelessSession()) {
            session.setJdbcBatchSize(batchSize);
            var references = new ReadOnce(session);
            for (ReferenceRow row : rows) {
                session.insert(row.toEntity(references));
            }
            // In Hibernate 6.6 a stateless session has no flush, and closing it drops a batch not yet sent (it would
            // otherwise go at commit): send it here, so a failure fails this chunk's write.
            ((SharedSessionContractImplementor) session).getJdbcCoordinator().executeBatch();
        }
    }

    /**
     * Persists one chunk as managed entities in the chunk's transaction, then flushes and clears once (the guide's
     * createInventories). The flush sends the chunk as one JDBC batch: the session's JDBC batch size is set to the
     * chunk size; with rewriteBatchedStatements Connector/J sends that batch as multi-row INSERTs.
     */
    @TransactionAttribute(TransactionAttributeType.MANDATORY)
    public void persistChunk(List<ReferenceRow> rows, int batchSize) {
        batchUnit.unwrap(Session.class).setJdbcBatchSize(batchSize);
        for (ReferenceRow row : rows) {
            batchUnit.persist(row.toEntity(batchUnit::getReference));
        }
        batchUnit.flush();
        batchUnit.clear();
    }

    /** Empties the OLTP unit's second-level cache, so it never serves reference rows that were replaced. */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public void evictServicesCache() {
        services.getCache().evictAll();
    }

    /**
     * A stateless session has no proxies: a customer's pricing method and distribution center are read once per
     * chunk (a handful of rows) and shared by the chunk's customers.
     */
    private static final class ReadOnce implements ReferenceRow.References {
        private final StatelessSession session;
        private final Map<Class<?>, Map<Object, Object>> read = new HashMap<>();

        ReadOnce(StatelessSession session) {
            this.session = session;
        }

        @Override
        public <T> T to(Class<T> type, Object id) {
            var ofType = read.computeIfAbsent(type, t -> new HashMap<>());
            return type.cast(ofType.computeIfAbsent(id, key -> session.get(type, key)));
        }
    }
}

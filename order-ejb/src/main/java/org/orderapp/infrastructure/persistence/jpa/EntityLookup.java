package org.orderapp.infrastructure.persistence.jpa;

import jakarta.persistence.EntityManager;
import java.util.Optional;
import org.hibernate.LockMode;
import org.hibernate.Session;

/**
 * An entity by its id, telling a missing row from a failed read; every look-up by id of the JPA beans goes through it.
 * <p>
 * Why not {@link EntityManager#find}: Hibernate's find (SessionImpl.find, HHH-12472) answers null, "no such row", when
 * a JDBC error meets a transaction already marked for rollback, and on this server the transaction is marked exactly
 * when the database fails: IronJacamar's exception sorter finds the error fatal (a connection lost to a database
 * restart, a read timed out on a hung link) and its connection listener calls setRollbackOnly before the exception
 * reaches Hibernate. So a database failure under a find became "no customer with id N", a 404, which a client does
 * not retry. Hibernate's {@link Session#get} loads the same way (persistence context, second-level cache, then one
 * select) without that catch: the failure reaches the caller, and the interfaces answer it 503 with Retry-After.
 */
final class EntityLookup {

    private EntityLookup() {
    }

    /** The entity, empty only when the database says there is no such row. */
    static <T> Optional<T> byId(EntityManager em, Class<T> type, Object id) {
        return Optional.ofNullable(em.unwrap(Session.class).get(type, id));
    }

    /** The entity read and locked for the transaction (SELECT ... FOR UPDATE), empty only when there is no such row. */
    static <T> Optional<T> byIdForUpdate(EntityManager em, Class<T> type, Object id) {
        return Optional.ofNullable(em.unwrap(Session.class).get(type, id, LockMode.PESSIMISTIC_WRITE));
    }
}

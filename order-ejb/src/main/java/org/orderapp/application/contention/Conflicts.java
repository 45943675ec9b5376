package org.orderapp.application.contention;

import jakarta.persistence.OptimisticLockException;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.hibernate.StaleStateException;

/**
 * Whether a failed attempt at a transaction lost a race for the same rows, so that trying it again is right: the
 * one place that knows what such a loss looks like when it arrives.
 * <ul>
 * <li>The version check: Hibernate's StaleStateException, JPA's OptimisticLockException (optimistic locking, or any
 * row changed since it was read).</li>
 * <li>A deadlock (MySQL error 1213, SQLState 40001), which the database reports after rolling the transaction back.
 * On a Galera cluster this is also how a certification failure arrives: a transaction whose rows another node
 * committed first is refused at commit, or aborted by the replicated write before it (brute-force abort), and its
 * next statement or its commit fails with 1213. Nothing of it was committed anywhere.</li>
 * </ul>
 * The exception is searched whole, causes and suppressed exceptions, since the container and the transaction manager
 * wrap what the driver or Hibernate threw. On a Galera cluster both forms were seen, about as often: a brute-force
 * abort during the flush arrives as Hibernate's LockAcquisitionException, which JPA reports as an
 * OptimisticLockException, in the causes; a certification failure at commit arrives as EJBTransactionRolledbackException
 * caused by the transaction manager's RollbackException (ARJUNA016053), with the datasource's LocalXAException and
 * under it the driver's MySQLTransactionRollbackException (1213) only among its suppressed exceptions.
 */
public final class Conflicts {

    /** ER_LOCK_DEADLOCK: a deadlock, or a Galera certification failure or brute-force abort. */
    static final int DEADLOCK = 1213;
    static final String SERIALIZATION_FAILURE = "40001";

    private Conflicts() {
    }

    public static boolean isConflict(Throwable failure) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        var pending = new ArrayDeque<Throwable>();
        pending.add(failure);
        while (!pending.isEmpty()) {
            Throwable t = pending.poll();
            if (!seen.add(t)) {
                continue;
            }
            if (t instanceof OptimisticLockException || t instanceof StaleStateException) {
                return true;
            }
            if (t instanceof SQLException sql && (sql.getErrorCode() == DEADLOCK || SERIALIZATION_FAILURE.equals(sql.getSQLState()))) {
                return true;
            }
            if (t.getCause() != null) {
                pending.add(t.getCause());
            }
            if (t instanceof SQLException sql && sql.getNextException() != null) {
                pending.add(sql.getNextException());
            }
            pending.addAll(java.util.List.of(t.getSuppressed()));
        }
        return false;
    }
}

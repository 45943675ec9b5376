package org.orderapp.application.contention;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ejb.EJBException;
import jakarta.ejb.EJBTransactionRolledbackException;
import jakarta.persistence.OptimisticLockException;
import jakarta.transaction.RollbackException;
import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import org.junit.jupiter.api.Test;

/** The shapes in which a lost race arrived at OrderService on one server and on a Galera cluster (see Conflicts). */
class ConflictsTest {

    private static SQLException deadlock() {
        return new SQLTransactionRollbackException("Deadlock found when trying to get lock; try restarting transaction", "40001", 1213);
    }

    @Test
    void aVersionCheckFailureIsAConflict() {
        assertTrue(Conflicts.isConflict(new EJBTransactionRolledbackException("rolled back", new OptimisticLockException("stale"))));
    }

    @Test
    void aCertificationFailureAtCommitIsAConflictThoughOnlyAmongTheSuppressed() {
        var commit = new RollbackException("ARJUNA016053: Could not commit transaction.");
        var resource = new Exception("IJ001156: Could not commit local transaction", new Exception("SQLException", deadlock()));
        commit.addSuppressed(resource);
        assertTrue(Conflicts.isConflict(new EJBTransactionRolledbackException("rolled back", commit)));
    }

    @Test
    void aBruteForceAbortDuringTheFlushIsAConflict() {
        assertTrue(Conflicts.isConflict(new EJBException(new IllegalStateException("could not execute batch", deadlock()))));
    }

    @Test
    void anyOtherFailureIsNot() {
        var commit = new RollbackException("ARJUNA016053: Could not commit transaction.");
        commit.addSuppressed(new SQLException("Communications link failure", "08S01", 0));
        assertFalse(Conflicts.isConflict(new EJBTransactionRolledbackException("rolled back", commit)));
        assertFalse(Conflicts.isConflict(new EJBException(new SQLException("Duplicate entry", "23000", 1062))));
    }
}

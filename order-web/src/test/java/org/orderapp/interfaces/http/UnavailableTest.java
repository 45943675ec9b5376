package org.orderapp.interfaces.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mysql.cj.exceptions.StatementIsClosedException;
import com.mysql.cj.exceptions.WrongArgumentException;
import com.mysql.cj.jdbc.exceptions.SQLError;
import com.mysql.cj.jdbc.exceptions.SQLExceptionsMapping;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** Which failures are the database out of reach (503, try again) and which are the application's own (500). */
class UnavailableTest {

    /** What the persistence provider makes of a driver's exception: its own, the driver's as the cause. */
    private static RuntimeException asThePersistenceProviderWrapsIt(SQLException driver) {
        return new RuntimeException("could not prepare statement [" + driver.getMessage() + "]", driver);
    }

    @Test
    void aStatementTheDriverClosedWithItsBrokenConnectionIsTheDatabaseOutOfReach() {
        SQLException translated = SQLExceptionsMapping.translateException(
                new StatementIsClosedException("No operations allowed after statement closed."), null);
        assertTrue(Unavailable.isCause(asThePersistenceProviderWrapsIt(translated)), translated.toString());
        assertEquals(503, Unavailable.answer(translated).status());
    }

    @Test
    void theDriverWrappersClosedStatementWithoutACauseIsTooByItsWords() {
        SQLException wrapped = SQLError.createSQLException("No operations allowed after statement closed.", "S1009", null);
        assertTrue(Unavailable.isCause(asThePersistenceProviderWrapsIt(wrapped)));
    }

    @Test
    void aConnectionExceptionIsTheDatabaseOutOfReach() {
        assertTrue(Unavailable.isCause(asThePersistenceProviderWrapsIt(new SQLException("Communications link failure", "08S01"))));
    }

    @Test
    void aCommitCutOffIsTheDatabaseOutOfReachForAReadButNotForAWrite() {
        // What the transaction manager throws when a one-phase commit meets a lost link: the cause among the suppressed.
        var heuristic = new IllegalStateException("HeuristicMixedException");
        heuristic.addSuppressed(new RuntimeException("IJ001156: Could not commit local transaction",
                new SQLException("Communications link failure", "08S01")));
        var failure = new RuntimeException("EJBException", heuristic);
        assertTrue(Unavailable.isCauseOfARead(failure), "a read stored nothing: 503");
        assertFalse(Unavailable.isCause(failure), "a write may have been stored: 500, sent again under its key");
        assertFalse(Unavailable.isCauseOfARead(new RuntimeException("EJBException", new IllegalStateException("a defect"))));
    }

    @Test
    void anIllegalArgumentWithTheSameStateIsTheApplicationsDefect() {
        SQLException translated = SQLExceptionsMapping.translateException(
                new WrongArgumentException("Parameter index out of range (3 > number of parameters, which is 2)."), null);
        assertEquals("S1009", translated.getSQLState(), "the same SQLSTATE as a closed statement");
        assertFalse(Unavailable.isCause(asThePersistenceProviderWrapsIt(translated)));
        assertFalse(Unavailable.isCause(new IllegalStateException("a defect")));
    }
}

package org.orderapp.interfaces.http;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import java.util.Arrays;
import java.util.Objects;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * A request that failed because the database did not answer in time or could not be reached (the datasource's
 * connect, socket and query timeouts, order.ds.* in the server's datasource.cli; a pool with no connection to give):
 * answered 503 with Retry-After, since the same request may well succeed once the database is back. So is a database
 * whose disk is full (InnoDB cannot extend a table's file: "The table ... is full"), which nothing wrote, and which
 * takes orders again once it has space. The cause is searched through the chain, as the container and the persistence
 * provider wrap it.
 * <p>
 * A connection the database dropped may also show as a statement closed under the request: the driver closes a
 * connection and every statement on it when it finds the link broken, and the datasource's statement cache may hand
 * one of those statements out before the pool has discarded the connection ("could not prepare statement [No
 * operations allowed after statement closed]", after the pool's IJ000305 for the same connection). The application
 * closes no statement it still uses (the persistence provider and the JDBC path close theirs when done), so a closed
 * statement is the lost connection, not a defect to answer 500.
 */
public final class Unavailable {

    private static final Logger LOG = Logger.getLogger(Unavailable.class.getName());

    public static final int SERVICE_UNAVAILABLE = 503;
    /** What a client should wait before trying again: about the time the pool takes to find the database back. */
    public static final String RETRY_AFTER_SECONDS = "5";

    private Unavailable() {
    }

    public static boolean isCause(Throwable failure) {
        return chain(failure).anyMatch(Unavailable::isUnavailability);
    }

    /**
     * The same for a request that only reads, whose transaction's commit may also meet the lost connection: the
     * transaction manager reports a one-phase commit cut off as HeuristicMixedException, the driver's failure among
     * its suppressed exceptions rather than as its cause (measured: an inquiry answered 500 after a hung link's socket
     * timeout). A read stored nothing, so that too is the database out of reach. A write's commit cut off stays a 500
     * (isCause does not look there): the order may have been stored, and the client sends it again under its key.
     */
    public static boolean isCauseOfARead(Throwable failure) {
        return chain(failure).flatMap(t -> Stream.concat(Stream.of(t), Arrays.stream(t.getSuppressed()).flatMap(Unavailable::chain)))
                .anyMatch(Unavailable::isUnavailability);
    }

    /** A failure and its causes, outermost first. */
    private static Stream<Throwable> chain(Throwable failure) {
        return Stream.iterate(failure, Objects::nonNull, Throwable::getCause);
    }

    /** MariaDB's "The table ... is full" (ER_RECORD_FILE_FULL) and "Disk full ..." (ER_DISK_FULL). */
    private static final int TABLE_FULL = 1114;
    private static final int DISK_FULL = 1021;

    /**
     * The answer to a failure {@link #isCause} accepted: out of space, or out of reach. Out of space is logged with the
     * database's words (the table it could not grow): an operator's matter, which JPA's SQL error log reported and the
     * plain JDBC path did not.
     */
    public static ClientError answer(Throwable failure) {
        var full = chain(failure).filter(Unavailable::isOutOfSpace).findFirst();
        full.ifPresent(space -> LOG.warning(() -> "Refused for want of space in the database: " + space.getMessage()));
        return new ClientError(SERVICE_UNAVAILABLE, null, (full.isPresent() ? "the database has no space left to store it"
                : "the database did not answer in time") + "; try again in " + RETRY_AFTER_SECONDS + " s");
    }

    private static boolean isOutOfSpace(Throwable t) {
        return t instanceof SQLException sql && (sql.getErrorCode() == TABLE_FULL || sql.getErrorCode() == DISK_FULL);
    }

    private static boolean isUnavailability(Throwable t) {
        if (isOutOfSpace(t)) {
            return true;
        }
        if (t instanceof SQLTimeoutException || t instanceof SQLTransientConnectionException
                || t instanceof SQLRecoverableException || t instanceof SocketTimeoutException || t instanceof ConnectException) {
            return true;
        }
        // SQLSTATE class 08: connection exception (a driver that does not use the subclasses above).
        return t instanceof SQLException sql && sql.getSQLState() != null && sql.getSQLState().startsWith("08")
                || isStatementClosedUnderUs(t);
    }

    /** Connector/J's closed statement: its own exception as the cause, or, from its wrappers, its message alone. */
    private static boolean isStatementClosedUnderUs(Throwable t) {
        return t.getClass().getName().equals(DRIVER_STATEMENT_CLOSED)
                || t instanceof SQLException && t.getMessage() != null && t.getMessage().startsWith(STATEMENT_CLOSED);
    }

    /** The driver's class, named rather than imported: the driver is the server's module, not the application's. */
    private static final String DRIVER_STATEMENT_CLOSED = "com.mysql.cj.exceptions.StatementIsClosedException";
    private static final String STATEMENT_CLOSED = "No operations allowed after statement closed";
}

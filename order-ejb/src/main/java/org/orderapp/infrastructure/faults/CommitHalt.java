package org.orderapp.infrastructure.faults;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.logging.Logger;
import org.orderapp.application.CommitFaults;
import org.orderapp.application.Settings;

/**
 * {@link CommitFaults}: the order transactions (JPA and JDBC) call {@link #enlist()} after their last statement, so
 * the synchronization registered then runs after the persistence context's flush. Unarmed, that costs one read of a
 * field per order.
 */
@ApplicationScoped
public class CommitHalt implements CommitFaults {

    private static final Logger LOG = Logger.getLogger(CommitHalt.class.getName());
    /** The exit status of a halted server, as a SIGKILLed process reports (128 + 9). */
    private static final int STATUS = 137;
    /** The longest IN_COMMIT waits after beforeCompletion: a local commit with its log flush takes about a millisecond. */
    private static final long IN_COMMIT_MAX_NANOS = Duration.ofMillis(5).toNanos();

    private final boolean allowed = Settings.config().getValue(Settings.FAULTS_HALT_IN_COMMIT, Boolean.class);
    private final AtomicReference<Point> armed = new AtomicReference<>();

    @Resource
    private TransactionSynchronizationRegistry transactions;

    @Override
    public boolean allowed() {
        return allowed;
    }

    @Override
    public void haltInNextCommit(Point point) {
        if (!allowed) {
            throw new IllegalStateException("this server does not allow halting in a commit; start it with -D "
                    + Settings.FAULTS_HALT_IN_COMMIT + "=true");
        }
        armed.set(point);
    }

    /** In the order's transaction: when armed, this transaction's commit halts the JVM. */
    public void enlist() {
        if (armed.get() == null) {
            return;
        }
        Point point = armed.getAndSet(null);
        if (point != null) {
            transactions.registerInterposedSynchronization(new Halt(point));
        }
    }

    private final class Halt implements Synchronization {
        private final Point point;

        Halt(Point point) {
            this.point = point;
        }

        @Override
        public void beforeCompletion() {
            if (point == Point.BEFORE_COMMIT) {
                halt();
            } else if (point == Point.IN_COMMIT) {
                long delay = ThreadLocalRandom.current().nextLong(IN_COMMIT_MAX_NANOS + 1);
                Thread halting = new Thread(() -> {
                    LockSupport.parkNanos(delay);
                    halt();
                }, "halt-in-commit");
                halting.setDaemon(true);
                halting.start();
            }
        }

        @Override
        public void afterCompletion(int status) {
            if (point == Point.AFTER_COMMIT && status == Status.STATUS_COMMITTED) {
                halt();
            } else if (status != Status.STATUS_COMMITTED && point != Point.IN_COMMIT) {
                armed.compareAndSet(null, point); // rolled back (a conflict, a refusal): the next order's commit
            }
        }

        private void halt() {
            LOG.severe(() -> "Halting the JVM in an order's commit (" + point.label() + "), as "
                    + Settings.FAULTS_HALT_IN_COMMIT + " allows and an administrator asked");
            Runtime.getRuntime().halt(STATUS);
        }
    }
}

package org.orderapp.lab.experiment;

import java.util.LinkedHashMap;
import java.util.Map;
import org.orderapp.driver.engine.StepResult;
import org.orderapp.driver.workload.RequestType;
import org.orderapp.observation.ServerWindow;

/**
 * How concurrent orders met on the same stock, per second of a step's window, carried into an experiment's comparison
 * beside throughput: the locking experiment's figures, and a sign of contention in any other. Each is counted where it
 * happens, not inferred: a conflict is a transaction the transaction manager rolled back (an attempt of an order whose
 * stock changed under it, under optimistic locking; pessimistic locking waits instead, which the database counts as a
 * row lock wait); a refused order is a NewOrder answered 409 after its last attempt, counted by the driver. An order
 * that succeeded after k conflicts was retried k times, and a refused one as often as it conflicted less its last
 * attempt: retries are conflicts less refused orders.
 */
public final class ContentionFigures {

    public static final String CONFLICTS = "conflicts_per_s";
    public static final String RETRIES = "retries_per_s";
    public static final String REFUSED_ORDERS = "refused_orders_per_s";
    public static final String ROW_LOCK_WAITS = "row_lock_waits_per_s";
    /** In the order reports show them, with what each is. */
    public static final Map<String, String> NAMES = names();

    /** The driver's error kind of a NewOrder refused because its stock kept changing. */
    static final String REFUSED_ORDER_ERROR = RequestType.NEW_ORDER.label() + ": HTTP 409";
    static final String ABORTED_TRANSACTIONS = "jta.aborted.delta";
    static final String ROW_LOCK_WAIT_COUNT = "db.Innodb_row_lock_waits.delta";

    private ContentionFigures() {
    }

    private static Map<String, String> names() {
        Map<String, String> n = new LinkedHashMap<>();
        n.put(CONFLICTS, "conflicts/s (transactions rolled back)");
        n.put(RETRIES, "retries/s");
        n.put(REFUSED_ORDERS, "refused orders/s (409)");
        n.put(ROW_LOCK_WAITS, "row lock waits/s");
        return n;
    }

    /** The step's figures; those whose source was not read (no management interface, no database) are left out. */
    public static Map<String, Double> of(StepResult client, ServerWindow server) {
        Map<String, Double> f = new LinkedHashMap<>();
        double seconds = client.windowSeconds();
        if (!(seconds > 0)) {
            return f;
        }
        double refused = client.errors().getOrDefault(REFUSED_ORDER_ERROR, 0L) / seconds;
        Double aborted = server.get(ABORTED_TRANSACTIONS);
        Double lockWaits = server.get(ROW_LOCK_WAIT_COUNT);
        if (aborted != null) {
            f.put(CONFLICTS, aborted / seconds);
            f.put(RETRIES, Math.max(0, aborted / seconds - refused));
        }
        f.put(REFUSED_ORDERS, refused);
        if (lockWaits != null) {
            f.put(ROW_LOCK_WAITS, lockWaits / seconds);
        }
        return f;
    }
}

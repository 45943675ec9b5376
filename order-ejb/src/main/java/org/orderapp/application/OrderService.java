package org.orderapp.application;

import jakarta.ejb.EJBException;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;
import java.util.logging.Logger;
import org.orderapp.application.OrderRejectedException.Reason;
import org.orderapp.application.contention.Conflicts;
import org.orderapp.application.contention.KeyTakenException;

/**
 * Taking orders. Concurrent orders for the same stock meet at the inventory rows' version check (or, on a Galera
 * cluster, at certification: see {@link Conflicts}); the loser's transaction rolls back whole and is tried again, a
 * bounded number of times, before the order is refused as a conflict. The retry must sit outside the transaction,
 * hence this non-transactional facade.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class OrderService {

    private static final Logger LOG = Logger.getLogger(OrderService.class.getName());
    /** Attempts per order before a conflict is reported to the client (HTTP 409). */
    private final int maxAttempts = Settings.integer(Settings.MAX_ATTEMPTS);

    /** Through JPA, or in plain JDBC with order.services.mode=jdbc (chosen once, at start). */
    @Inject
    private OrderAttempt transaction;

    @Inject
    private IdempotencyKeys keys;

    @Inject
    private OrderLookup lookup;

    public OrderDetails createOrder(NewOrder request) throws OrderRejectedException {
        return createOrder(request, null);
    }

    /**
     * With a key (null: none), a request whose key is stored answers the order that key created, and the same key
     * with another order is refused (KEY_REUSED). Only a created order stores its key: a refused one can be retried.
     */
    public OrderDetails createOrder(NewOrder request, IdempotencyKey key) throws OrderRejectedException {
        if (key != null) {
            var stored = keys.find(key.value());
            if (stored.isPresent()) {
                return answered(key, stored.get());
            }
        }
        for (int attempt = 1; ; attempt++) {
            try {
                return transaction.createOrder(request, key);
            } catch (KeyTakenException e) {
                // A concurrent request with the same key committed first (this one waited for it on the key's row).
                return answered(key, keys.find(key.value()).orElseThrow(() -> new EJBException(e)));
            } catch (EJBException e) {
                if (!Conflicts.isConflict(e)) {
                    throw e;
                }
                if (attempt >= maxAttempts) {
                    throw new OrderRejectedException(Reason.CONFLICT, null, "stock changed under " + attempt
                            + " attempts of this order; try again");
                }
                LOG.fine(() -> "conflict (" + e + "), retrying order of customer " + request.customerId());
                backOff(attempt);
            }
        }
    }

    private OrderDetails answered(IdempotencyKey key, IdempotencyKeys.Stored stored) throws OrderRejectedException {
        if (!Arrays.equals(key.requestHash(), stored.requestHash())) {
            throw new OrderRejectedException(Reason.KEY_REUSED, null, "idempotency key " + key.value()
                    + " was used for another order; a key names one request");
        }
        return lookup.order(stored.orderId()).orElseThrow(() -> new EJBException("order " + stored.orderId()
                + " of idempotency key " + key.value() + " is gone"));
    }

    /** A short random pause, growing with the attempts, so the contenders do not collide again in step. */
    private static void backOff(int attempt) {
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(1, 2L << Math.min(attempt, 6)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EJBException("interrupted while retrying an order", e);
        }
    }
}

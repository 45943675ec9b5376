package org.orderapp.application.browse;

import java.io.Serializable;
import java.time.Instant;

/**
 * The guide's stateful paging: one per client, held by its HTTP session and removed when the session ends. A search
 * runs once, limited to {@value #MAX_ROWS} rows, and the client then pages through the held rows {@value #PAGE_SIZE}
 * at a time, forwards and backwards, without asking the database again. A new search replaces the old one.
 */
public interface Browser {

    int MAX_ROWS = 500;
    int PAGE_SIZE = 20;

    /** A customer's orders placed in [from, to), newest first. */
    Page<OrderSummary> searchOrders(long customerId, Instant from, Instant to);

    /** Products whose name starts with the prefix, by name. */
    Page<ProductSummary> searchProducts(String namePrefix);

    <T extends Serializable> Page<T> next();

    <T extends Serializable> Page<T> previous();

    <T extends Serializable> Page<T> current();

    /** Drops the held rows: the client starts again. */
    void clear();
}

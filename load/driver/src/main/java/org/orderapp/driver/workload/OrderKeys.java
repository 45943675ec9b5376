package org.orderapp.driver.workload;

import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The Idempotency-Keys of one load session's orders, one per order ("load-" + a random run tag + "-" + a sequence
 * number), and the tally of the orders sent more than once under their key. Shared by every user; thread-safe.
 */
public final class OrderKeys {

    private final String prefix;
    private final AtomicLong sequence = new AtomicLong();
    private final AtomicLong retriedKeys = new AtomicLong();
    private final AtomicLong retries = new AtomicLong();
    private final AtomicLong givenUp = new AtomicLong();

    public OrderKeys() {
        this(String.format(Locale.ROOT, "load-%08x-", ThreadLocalRandom.current().nextInt()));
    }

    OrderKeys(String prefix) {
        this.prefix = prefix;
    }

    public String next() {
        return prefix + sequence.incrementAndGet();
    }

    /** Every key of this session starts with it. */
    public String prefix() {
        return prefix;
    }

    /** Attempt {@code attempt} (1: the first) of a key failed ambiguously and the key is sent again. */
    void retrying(int attempt) {
        retries.incrementAndGet();
        if (attempt == 1) {
            retriedKeys.incrementAndGet();
        }
    }

    /** A key's last attempt failed ambiguously: whether its order was stored is left to the audit. */
    void gaveUp() {
        givenUp.incrementAndGet();
    }

    public long keysSent() {
        return sequence.get();
    }

    public long retriedKeys() {
        return retriedKeys.get();
    }

    public long retries() {
        return retries.get();
    }

    public long keysGivenUp() {
        return givenUp.get();
    }
}

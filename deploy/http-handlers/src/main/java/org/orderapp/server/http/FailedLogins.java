package org.orderapp.server.http;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Wrong credentials counted per client: after {@code attempts} in a row a client is locked out for
 * {@code lockoutNanos}; a right one clears its count, and the count starts again when a lock-out ends. At most
 * {@code maxClients} clients are kept: when the table is full, the clients that are not locked out are forgotten
 * first, so a flood of addresses can neither grow it without bound nor free the addresses it has locked out.
 */
final class FailedLogins {

    private record Count(int failures, long lockedUntil) {
    }

    private final int attempts;
    private final long lockoutNanos;
    private final int maxClients;
    private final LongSupplier clock;
    private final Map<String, Count> counts = new ConcurrentHashMap<>();

    FailedLogins(int attempts, long lockoutNanos, int maxClients, LongSupplier clock) {
        if (attempts < 1 || lockoutNanos <= 0 || maxClients < 1) {
            throw new IllegalArgumentException("a lock-out needs attempts >= 1, a positive time and room for a client; got "
                    + attempts + ", " + lockoutNanos + " ns, " + maxClients);
        }
        this.attempts = attempts;
        this.lockoutNanos = lockoutNanos;
        this.maxClients = maxClients;
        this.clock = clock;
    }

    /** Nanoseconds the client stays locked out, 0 when it is not. */
    long lockedOutFor(String client) {
        Count count = counts.get(client);
        if (count == null || count.lockedUntil == 0) {
            return 0;
        }
        long left = count.lockedUntil - clock.getAsLong();
        if (left <= 0) {
            counts.remove(client, count);
            return 0;
        }
        return left;
    }

    /** Counts a wrong credential; true when it locks the client out. */
    boolean failed(String client) {
        if (counts.size() >= maxClients && !counts.containsKey(client)) {
            makeRoom();
        }
        long now = clock.getAsLong();
        Count count = counts.compute(client, (c, old) -> {
            int failures = (old == null || (old.lockedUntil != 0 && old.lockedUntil - now <= 0)) ? 1 : old.failures + 1;
            return new Count(failures, failures >= attempts ? now + lockoutNanos : 0);
        });
        return count.failures == attempts;
    }

    /** A right credential: the client's count starts again. */
    void succeeded(String client) {
        counts.computeIfPresent(client, (c, old) -> old.lockedUntil == 0 ? null : old);
    }

    int clients() {
        return counts.size();
    }

    private void makeRoom() {
        long now = clock.getAsLong();
        counts.values().removeIf(c -> c.lockedUntil == 0 || c.lockedUntil - now <= 0);
    }
}

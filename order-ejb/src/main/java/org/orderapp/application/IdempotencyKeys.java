package org.orderapp.application;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.orderapp.application.contention.KeyTakenException;

/** The stored idempotency keys, each with the order it created; kept in the database so every node honours them. */
public interface IdempotencyKeys {

    record Stored(byte[] requestHash, UUID orderId) {
    }

    Optional<Stored> find(String key);

    /**
     * Stores the key for the order being created, in the caller's (the order's) transaction. A concurrent request
     * holding the same key makes this wait for it; if that one committed, or the key was stored before, this throws
     * {@link KeyTakenException}.
     */
    void claim(IdempotencyKey key, UUID orderId);

    /** Deletes the keys stored before the given time; returns how many. */
    int deleteBefore(Instant time);
}

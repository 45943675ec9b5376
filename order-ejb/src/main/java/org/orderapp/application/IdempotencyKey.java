package org.orderapp.application;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.stream.Collectors;

/**
 * A client's key for one order (the Idempotency-Key header, the form's one-time token) with the hash of the order it
 * came with: the same key with the same content is a retry; with other content, a refusal.
 */
public record IdempotencyKey(String value, byte[] requestHash) {

    /** The column's size; printable ASCII only, so that the key compares byte for byte. */
    public static final int MAX_LENGTH = 200;

    public static boolean isWellFormed(String key) {
        return key != null && !key.isEmpty() && key.length() <= MAX_LENGTH && key.chars().allMatch(c -> c > 0x20 && c < 0x7f);
    }

    /** The key of a request that has passed NewOrder's constraints. */
    public static IdempotencyKey of(String key, NewOrder request) {
        if (!isWellFormed(key)) {
            throw new IllegalArgumentException("an idempotency key is 1 to " + MAX_LENGTH + " printable ASCII characters");
        }
        // The content in a fixed form: the lines in the order given, which is part of the order's meaning (line numbers).
        String content = request.customerId() + ":" + request.lines().stream()
                .map(line -> line.productId() + "x" + line.quantity()).collect(Collectors.joining(","));
        try {
            return new IdempotencyKey(key, MessageDigest.getInstance("SHA-256").digest(content.getBytes(StandardCharsets.US_ASCII)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}

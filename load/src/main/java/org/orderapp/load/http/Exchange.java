package org.orderapp.load.http;

/**
 * One request's outcome: the status and body, or the failure, and when it was sent and answered
 * (System.nanoTime). {@code status} is 0 when no response came.
 */
public record Exchange(int status, byte[] body, long sentNanos, long answeredNanos, Failure failure) {

    /** Why no response came. */
    public enum Failure { NONE, TIMEOUT, CONNECT, IO }

    public boolean answered() {
        return failure == Failure.NONE;
    }

    public long serviceNanos() {
        return answeredNanos - sentNanos;
    }
}

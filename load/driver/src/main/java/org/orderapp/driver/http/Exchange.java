package org.orderapp.driver.http;

/**
 * One request's outcome: the status and body, or the failure, and when it was sent and answered
 * (System.nanoTime). {@code status} is 0 when no response came.
 */
public record Exchange(int status, byte[] body, long sentNanos, long answeredNanos, Failure failure) {

    /**
     * Why no usable response came. REFUSED: the server's admission control turned the request away for now (503
     * with Retry-After); the request was answered, but it is neither a success nor an error.
     */
    public enum Failure { NONE, TIMEOUT, CONNECT, IO, REFUSED }

    public boolean answered() {
        return failure == Failure.NONE;
    }

    public long serviceNanos() {
        return answeredNanos - sentNanos;
    }
}

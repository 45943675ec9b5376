package org.orderapp.driver.workload;

import org.orderapp.driver.http.Exchange;

/** Receives every timed request: its type, when it should have started, what came back, and what was wrong. */
@FunctionalInterface
public interface Outcome {

    /**
     * @param intendedNanos when the request was due (open model: its place in the schedule; closed: when sent)
     * @param error null when the answer was right; otherwise the kind of error, e.g. "HTTP 409"
     */
    void record(RequestType type, long intendedNanos, Exchange exchange, String error);
}

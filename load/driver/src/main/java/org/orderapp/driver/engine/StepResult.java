package org.orderapp.driver.engine;

import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.orderapp.driver.workload.RequestType;

/**
 * The client's record of one step's measurement window: response and service time histograms per request type
 * (successful requests only), errors by "Type: kind" with the server's answer to the first of each kind, requests
 * the server refused for now (admission control's 503 with Retry-After: neither errors nor throughput), requests
 * that left late because every connection was busy (open model), a second-by-second timeline of the whole step,
 * and how its warm-up ended.
 */
public record StepResult(int repeat, int stepIndex, double step, String name, double startSeconds,
                         double windowSeconds, Map<RequestType, Histogram> response,
                         Map<RequestType, Histogram> service, Map<String, Long> errors, Map<String, String> errorAnswers,
                         long refused, long lateStarts, List<Tick> timeline, WarmUp warmUp) {

    /**
     * One interval of the step: when it ended (seconds since the run started), its phase, throughput, errors and the
     * response time of every request type together at four percentiles (0 when nothing succeeded in it); and the
     * longest wait for an answer of any kind that came in it — success, error or refusal, from the request's sending
     * (0 when nothing came), which bounds what a fault made a client wait even when every request failed.
     */
    public record Tick(double seconds, Phase phase, double txPerSecond, double errorsPerSecond, double p99Millis,
                       double p50Millis, double p90Millis, double p999Millis, double longestMillis) {

        /** An interval known by its p99 alone, its longest wait too. */
        public Tick(double seconds, Phase phase, double txPerSecond, double errorsPerSecond, double p99Millis) {
            this(seconds, phase, txPerSecond, errorsPerSecond, p99Millis, p99Millis, p99Millis, p99Millis, p99Millis);
        }
    }

    public long successes() {
        return response.values().stream().mapToLong(Histogram::getTotalCount).sum();
    }

    public long errorCount() {
        return errors.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Every request type's response times together. */
    public Histogram allResponses() {
        Histogram all = StepRecorder.emptyHistogram();
        response.values().forEach(all::add);
        return all;
    }

    public double refusedPerSecond() {
        return refused / windowSeconds;
    }

    public double throughput() {
        return successes() / windowSeconds;
    }
}

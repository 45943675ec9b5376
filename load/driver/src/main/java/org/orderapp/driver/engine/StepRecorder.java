package org.orderapp.driver.engine;

import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.orderapp.driver.http.Exchange;
import org.orderapp.driver.workload.Outcome;
import org.orderapp.driver.workload.RequestType;

/**
 * What the users of one step record, without locks on the hot path: a latency recorder per request type
 * (HdrHistogram's Recorder, wait-free for the writers; the controller takes interval histograms from it), and
 * error counters per phase. Response time is measured from the request's intended start, so a stalled server
 * shows in full (no coordinated omission); service time, from the actual send, is kept beside it.
 */
public final class StepRecorder implements Outcome {

    /** Microseconds, up to an hour, three significant digits. */
    static final long HIGHEST_MICROS = TimeUnit.HOURS.toMicros(1);
    private static final int DIGITS = 3;
    private static final int EXCERPT_CHARACTERS = 300;

    private final Map<RequestType, Recorder> response = new EnumMap<>(RequestType.class);
    private final Map<RequestType, Recorder> service = new EnumMap<>(RequestType.class);
    private final Map<Phase, ConcurrentHashMap<String, LongAdder>> errors = new EnumMap<>(Phase.class);
    private final Map<Phase, ConcurrentHashMap<String, String>> firstAnswers = new EnumMap<>(Phase.class);
    private final Map<Phase, LongAdder> refused = new EnumMap<>(Phase.class);
    private final LongAdder lateStarts = new LongAdder();
    /** Answers that succeeded so far, every phase: a running count that can be read at any moment, unlike the histograms. */
    private final LongAdder answered = new LongAdder();
    /** The interval's longest wait for an answer of any kind, from the sending (µs). */
    private final LongAccumulator intervalLongestMicros = new LongAccumulator(Math::max, 0);
    private final long lateThresholdNanos;
    private volatile Phase phase = Phase.WARM_UP;

    public StepRecorder(long lateThresholdNanos) {
        this.lateThresholdNanos = lateThresholdNanos;
        for (RequestType type : RequestType.values()) {
            response.put(type, new Recorder(HIGHEST_MICROS, DIGITS));
            service.put(type, new Recorder(HIGHEST_MICROS, DIGITS));
        }
        for (Phase p : Phase.values()) {
            errors.put(p, new ConcurrentHashMap<>());
            firstAnswers.put(p, new ConcurrentHashMap<>());
            refused.put(p, new LongAdder());
        }
    }

    @Override
    public void record(RequestType type, long intendedNanos, Exchange exchange, String error) {
        intervalLongestMicros.accumulate(Math.max(0, exchange.serviceNanos() / 1_000));
        if (exchange.failure() == Exchange.Failure.REFUSED) {
            // Turned away by admission control: counted apart, never as an error nor as throughput.
            refused.get(phase).increment();
            return;
        }
        if (error != null) {
            String kind = type.label() + ": " + error;
            errors.get(phase).computeIfAbsent(kind, k -> new LongAdder()).increment();
            firstAnswers.get(phase).computeIfAbsent(kind, k -> excerpt(exchange.body()));
            return;
        }
        long responseMicros = Math.max(0, (exchange.answeredNanos() - intendedNanos) / 1_000);
        response.get(type).recordValue(Math.min(responseMicros, HIGHEST_MICROS));
        service.get(type).recordValue(Math.min(Math.max(0, exchange.serviceNanos() / 1_000), HIGHEST_MICROS));
        answered.increment();
        if (exchange.sentNanos() - intendedNanos > lateThresholdNanos && phase == Phase.MEASURE) {
            lateStarts.increment();
        }
    }

    public Phase phase() {
        return phase;
    }

    /** The successful answers recorded so far in this step, warm-up included. */
    public long answered() {
        return answered.sum();
    }

    void phase(Phase phase) {
        this.phase = phase;
    }

    /** The response times recorded since the last call (the recorder starts a new interval). */
    Histogram intervalResponse(RequestType type) {
        return response.get(type).getIntervalHistogram();
    }

    Histogram intervalService(RequestType type) {
        return service.get(type).getIntervalHistogram();
    }

    /** The longest wait for an answer of any kind since the last call (µs; the interval starts again). */
    long intervalLongestMicros() {
        return intervalLongestMicros.getThenReset();
    }

    /** Errors of a phase by "Type: kind", sorted. */
    Map<String, Long> errors(Phase phase) {
        var sorted = new TreeMap<String, Long>();
        errors.get(phase).forEach((k, v) -> sorted.put(k, v.sum()));
        return sorted;
    }

    /** The answer that came with each kind's first error of a phase (what the server said), by "Type: kind". */
    Map<String, String> firstAnswers(Phase phase) {
        return new TreeMap<>(firstAnswers.get(phase));
    }

    /** The start of an answer's body on one line: enough to tell one cause from another. */
    static String excerpt(byte[] body) {
        if (body == null) {
            return "";
        }
        String text = new String(body, 0, Math.min(body.length, 4 * EXCERPT_CHARACTERS), StandardCharsets.UTF_8)
                .replaceAll("\\s+", " ").strip();
        return text.length() <= EXCERPT_CHARACTERS ? text : text.substring(0, EXCERPT_CHARACTERS) + "…";
    }

    long errorCount() {
        long n = 0;
        for (var map : errors.values()) {
            for (LongAdder a : map.values()) {
                n += a.sum();
            }
        }
        return n;
    }

    /** Requests of a phase the server refused for now (503 with Retry-After). */
    long refused(Phase phase) {
        return refused.get(phase).sum();
    }

    long refusedCount() {
        return refused.values().stream().mapToLong(LongAdder::sum).sum();
    }

    long lateStarts() {
        return lateStarts.sum();
    }

    static Histogram emptyHistogram() {
        return new Histogram(HIGHEST_MICROS, DIGITS);
    }
}

package org.orderapp.driver.engine;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.orderapp.driver.workload.RequestType;

/**
 * Runs one step: offers the load, warms up, then measures for exactly the window, taking an interval histogram
 * from every recorder once per sample interval and at the window's edges. Intervals are written to the step's
 * HdrHistogram log (tags name the request type; warm-up intervals are tagged "warmup.Type"); the window's
 * intervals are added up into the step's result. A progress line is printed after every interval.
 */
public final class StepController {

    private static final boolean TERMINAL = System.console() != null;

    private final Duration interval;
    private final long runStartNanos;
    private final PrintStream progress;
    /** On a terminal the progress line is rewritten in place; in a log, or a console shared with other loads, one line each. */
    private final boolean inPlace;
    /** The step running now (null before the first): what it has answered can be read while it runs. */
    private volatile StepRecorder current;

    public StepController(Duration interval, long runStartNanos, PrintStream progress) {
        this.interval = interval;
        this.runStartNanos = runStartNanos;
        this.progress = progress;
        this.inPlace = TERMINAL && progress == System.out;
    }

    /** The step running now, or the last one run; null before the first. */
    public StepRecorder current() {
        return current;
    }

    /**
     * @param warmUp      load before the window, not counted
     * @param measure     the measurement window
     * @param steadyState null: warm up for the fixed duration; otherwise go on warming up after it until the
     *                    throughput is steady, or for at most the steady state's maximum
     */
    public StepResult run(int repeat, int stepIndex, double step, String name, String label, Duration warmUp, Duration measure,
                          LoadShape load, SteadyState steadyState, StepHooks hooks, OutputStream histogramLog)
            throws InterruptedException, IOException {
        var recorder = new StepRecorder(TimeUnit.MILLISECONDS.toNanos(10));
        current = recorder;
        var log = new HistogramLogWriter(new PrintStream(histogramLog, false, java.nio.charset.StandardCharsets.UTF_8));
        long logBase = System.currentTimeMillis();
        log.outputComment("Order load driver: " + label + ", response times in microseconds");
        log.outputLogFormatVersion();
        log.outputStartTime(logBase);
        log.setBaseTime(logBase);
        log.outputLegend();

        Map<RequestType, Histogram> response = emptyHistograms();
        Map<RequestType, Histogram> service = emptyHistograms();
        List<StepResult.Tick> timeline = new ArrayList<>();
        long stepStart = System.nanoTime();
        load.start(recorder);

        long warmEnd = stepStart + warmUp.toNanos();
        long lastSwap = stepStart;
        lastErrors = 0;
        warmUpIntervals.clear();
        // Warm-up: intervals are logged and shown, not counted.
        lastSwap = tickUntil(warmEnd, lastSwap, recorder, Phase.WARM_UP, null, null, log, timeline, label, hooks);
        WarmUp warmedUp;
        if (steadyState == null) {
            warmedUp = new WarmUp(WarmUp.FIXED, (lastSwap - stepStart) / 1e9, null, List.of(), null);
        } else {
            long earliest = stepStart + steadyState.min().toNanos();
            long latest = stepStart + Math.max(warmUp.toNanos(), steadyState.max().toNanos());
            List<Double> windows = steadyState.lastWindows(warmUpIntervals);
            OptionalDouble jit = hooks.serverJitShare(steadyState.span());
            while ((System.nanoTime() < earliest || !steadyState.isSteady(windows) || !steadyState.jitSettled(jit))
                    && System.nanoTime() < latest) {
                sleepUntil(Math.min(lastSwap + interval.toNanos(), latest));
                lastSwap = swap(lastSwap, recorder, Phase.WARM_UP, null, null, log, timeline, label, hooks);
                windows = steadyState.lastWindows(warmUpIntervals);
                jit = hooks.serverJitShare(steadyState.span());
            }
            warmedUp = new WarmUp(WarmUp.STEADY_STATE, (lastSwap - stepStart) / 1e9,
                    steadyState.isSteady(windows) && steadyState.jitSettled(jit), windows,
                    jit.isPresent() ? jit.getAsDouble() : null);
            log.outputComment(String.format(Locale.ROOT, "warm-up %s after %.1f s: windows %s, JIT share %s", warmedUp.steady()
                    ? "steady" : "NOT steady", warmedUp.seconds(), windows, jit.isPresent() ? String.format(Locale.ROOT, "%.3f", jit.getAsDouble()) : "unknown"));
        }
        hooks.beforeWindow();
        lastSwap = swap(lastSwap, recorder, Phase.WARM_UP, null, null, log, timeline, label, hooks);
        recorder.phase(Phase.MEASURE);
        long windowStart = lastSwap;
        hooks.windowOpened();
        long windowEnd = windowStart + measure.toNanos();
        lastSwap = tickUntil(windowEnd, lastSwap, recorder, Phase.MEASURE, response, service, log, timeline, label, hooks);
        lastSwap = swap(lastSwap, recorder, Phase.MEASURE, response, service, log, timeline, label, hooks);
        recorder.phase(Phase.DONE);
        double windowSeconds = (lastSwap - windowStart) / 1e9;
        hooks.windowClosed();
        hooks.afterWindow();
        load.stop();
        if (inPlace) {
            progress.print("\r\033[K");
            progress.flush();
        }
        log.outputComment("measurement window: " + String.format(Locale.ROOT, "%.3f", (windowStart - stepStart) / 1e9)
                + " s to " + String.format(Locale.ROOT, "%.3f", (lastSwap - stepStart) / 1e9) + " s after the step started");
        return new StepResult(repeat, stepIndex, step, name, (windowStart - runStartNanos) / 1e9, windowSeconds, response,
                service, recorder.errors(Phase.MEASURE), recorder.firstAnswers(Phase.MEASURE), recorder.refused(Phase.MEASURE),
                recorder.lateStarts(), timeline, warmedUp);
    }

    private long tickUntil(long until, long lastSwap, StepRecorder recorder, Phase phase, Map<RequestType, Histogram> response,
                           Map<RequestType, Histogram> service, HistogramLogWriter log, List<StepResult.Tick> timeline,
                           String label, StepHooks hooks) {
        long tick = interval.toNanos();
        while (true) {
            long next = Math.min(lastSwap + tick, until);
            if (next >= until) {
                sleepUntil(until);
                return lastSwap;
            }
            sleepUntil(next);
            lastSwap = swap(lastSwap, recorder, phase, response, service, log, timeline, label, hooks);
        }
    }

    private long lastErrors;
    private long lastRefused;
    /** The warm-up's intervals as {seconds, successful requests}, for the steady-state test. */
    private final List<double[]> warmUpIntervals = new ArrayList<>();

    /** Takes the interval since the last swap from every recorder, logs it, and adds it to the window if measuring. */
    private long swap(long lastSwap, StepRecorder recorder, Phase phase, Map<RequestType, Histogram> response,
                      Map<RequestType, Histogram> service, HistogramLogWriter log, List<StepResult.Tick> timeline,
                      String label, StepHooks hooks) {
        long now = System.nanoTime();
        double seconds = Math.max(1e-9, (now - lastSwap) / 1e9);
        Histogram all = StepRecorder.emptyHistogram();
        for (RequestType type : RequestType.values()) {
            Histogram r = recorder.intervalResponse(type);
            Histogram s = recorder.intervalService(type);
            if (r.getTotalCount() > 0) {
                r.setTag(phase == Phase.MEASURE ? type.label() : "warmup." + type.label());
                log.outputIntervalHistogram(r);
                all.add(r);
            }
            if (response != null) {
                response.get(type).add(r);
                service.get(type).add(s);
            }
        }
        long errors = recorder.errorCount();
        double errorRate = (errors - lastErrors) / seconds;
        lastErrors = errors;
        long refused = recorder.refusedCount();
        double refusedRate = (refused - lastRefused) / seconds;
        lastRefused = refused;
        if (phase == Phase.WARM_UP) {
            warmUpIntervals.add(new double[] {seconds, all.getTotalCount()});
        }
        double p99 = millisAt(all, 99);
        double tps = all.getTotalCount() / seconds;
        timeline.add(new StepResult.Tick((now - runStartNanos) / 1e9, phase, tps, errorRate, p99, millisAt(all, 50),
                millisAt(all, 90), millisAt(all, 99.9), recorder.intervalLongestMicros() / 1000.0));
        String status = hooks.serverStatus();
        String line = String.format(Locale.ROOT, "%s %s | %8.1f tx/s | p99 %8.2f ms | errors %d%s%s",
                label, phase == Phase.MEASURE ? "measuring" : "warming up", tps, p99, errors,
                refused == 0 ? "" : String.format(Locale.ROOT, " | refused %.0f/s", refusedRate),
                status.isEmpty() ? "" : " | " + status);
        // On a terminal the line is rewritten in place; in a log, one line per interval.
        progress.print(inPlace ? "\r\033[K" + line : line + System.lineSeparator());
        progress.flush();
        return now;
    }

    private static double millisAt(Histogram micros, double percentile) {
        return micros.getTotalCount() == 0 ? 0 : micros.getValueAtPercentile(percentile) / 1000.0;
    }

    private static void sleepUntil(long deadline) {
        for (long left = deadline - System.nanoTime(); left > 0; left = deadline - System.nanoTime()) {
            LockSupport.parkNanos(left);
        }
    }

    private static Map<RequestType, Histogram> emptyHistograms() {
        Map<RequestType, Histogram> map = new EnumMap<>(RequestType.class);
        for (RequestType type : RequestType.values()) {
            map.put(type, StepRecorder.emptyHistogram());
        }
        return map;
    }
}

package org.orderapp.lab.interleaved;

import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.orderapp.driver.LoadSession;
import org.orderapp.driver.report.StepOutcome;

/** One step on several variants' sessions at the same time, each on a thread of its own (the warm-up, a duet's windows). */
final class AtOnce {

    /** The step one session runs. */
    interface Step {
        StepOutcome on(LoadSession session) throws IOException, InterruptedException;
    }

    private AtOnce() {
    }

    /**
     * @param what the step in words for a failure, with %s for the variant: "the warm-up of %s"
     * @return every variant's outcome, in the order of {@code variants}; a failure ends it as an IOException as soon as
     *         it comes, the other steps cancelled
     */
    static Map<String, StepOutcome> step(List<ResidentVariant> variants, Map<String, LoadSession> sessions, String what, Step step)
            throws IOException, InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(variants.size());
        try {
            var finished = new ExecutorCompletionService<Map.Entry<String, StepOutcome>>(pool);
            var running = new HashMap<Future<Map.Entry<String, StepOutcome>>, String>();
            for (ResidentVariant r : variants) {
                LoadSession s = sessions.get(r.name());
                running.put(finished.submit(() -> Map.entry(r.name(), step.on(s))), r.name());
            }
            var done = new HashMap<String, StepOutcome>();
            for (int i = 0; i < variants.size(); i++) {
                Future<Map.Entry<String, StepOutcome>> next = finished.take();
                try {
                    var outcome = next.get();
                    done.put(outcome.getKey(), outcome.getValue());
                } catch (ExecutionException failed) {
                    throw new IOException(String.format(Locale.ROOT, what, running.get(next)) + " failed: " + failed.getCause(),
                            failed.getCause());
                }
            }
            var inOrder = new LinkedHashMap<String, StepOutcome>();
            variants.forEach(r -> inOrder.put(r.name(), done.get(r.name())));
            return inOrder;
        } finally {
            pool.shutdownNow();
        }
    }
}

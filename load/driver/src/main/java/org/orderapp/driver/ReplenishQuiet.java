package org.orderapp.driver;

import java.time.Duration;
import org.orderapp.observation.ServerSample;
import org.orderapp.observation.ServerSampler;

/** Waits for the server's replenish queue to be quiet: nothing queued, being delivered or processed. */
final class ReplenishQuiet {

    private ReplenishQuiet() {
    }

    /** Waits until no replenish message is queued or being processed (two samples in a row); false on timeout. */
    static boolean await(ServerSampler sampler, boolean cluster, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        int quietSamples = 0;
        while (System.nanoTime() < deadline) {
            ServerSample s = sampler.sample();
            // A cluster's sums are missing while a node does not answer (killed, starting again): its journal may still
            // hold messages, so the cluster is quiet only when every node says so.
            boolean known = !cluster || s.get("queue.replenish.depth") != null && s.get("app.mdb.inFlight") != null;
            boolean quiet = known && zero(s.get("queue.replenish.depth")) && zero(s.get("queue.replenish.delivering"))
                    && zero(s.get("app.mdb.inFlight"));
            quietSamples = quiet ? quietSamples + 1 : 0;
            if (quietSamples >= 2) {
                return true;
            }
            Thread.sleep(250);
        }
        return false;
    }

    private static boolean zero(Double value) {
        return value == null || value == 0;
    }
}

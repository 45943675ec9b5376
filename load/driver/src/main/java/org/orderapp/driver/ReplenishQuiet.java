package org.orderapp.driver;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.orderapp.driver.audit.OutboxBacklog;
import org.orderapp.observation.ServerSample;
import org.orderapp.observation.ServerSampler;
import org.orderapp.target.Target;

/**
 * Waits for replenishment to be quiet: nothing queued, being delivered or processed, and nothing waiting in the outbox
 * to be published (order.replenish.delivery=outbox), whose relay would otherwise send requests after the wait.
 */
final class ReplenishQuiet {

    private ReplenishQuiet() {
    }

    /**
     * Waits until no replenish message is queued or being processed and the outbox holds no unpublished request (two
     * samples in a row); false on timeout. unpublished answers the outbox's unpublished requests, 0 without an outbox,
     * or a negative number when it cannot tell (then the wait goes on).
     */
    static boolean await(ServerSampler sampler, Target target, Duration timeout) throws InterruptedException {
        return await(sampler::sample, target.cluster(), timeout, () -> unpublished(target));
    }

    static boolean await(Supplier<ServerSample> sampler, boolean cluster, Duration timeout, LongSupplier unpublished)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        int quietSamples = 0;
        while (System.nanoTime() < deadline) {
            ServerSample s = sampler.get();
            // A cluster's sums are missing while a node does not answer (killed, starting again): its journal may still
            // hold messages, so the cluster is quiet only when every node says so.
            boolean known = !cluster || s.get("queue.replenish.depth") != null && s.get("app.mdb.inFlight") != null;
            boolean quiet = known && zero(s.get("queue.replenish.depth")) && zero(s.get("queue.replenish.delivering"))
                    && zero(s.get("app.mdb.inFlight"))
                    && unpublished.getAsLong() == 0; // asked only of a quiet queue: one query per sample at the end
            quietSamples = quiet ? quietSamples + 1 : 0;
            if (quietSamples >= 2) {
                return true;
            }
            Thread.sleep(250);
        }
        return false;
    }

    /** The outbox's unpublished replenish requests: 0 without an outbox or a database to read, -1 while unreadable. */
    private static long unpublished(Target target) {
        if (target.dbUrl() == null) {
            return 0;
        }
        try (Connection c = DriverManager.getConnection(target.dbUrl(), target.dbUser(), target.dbPassword())) {
            return Math.max(0, OutboxBacklog.read(c, Instant.now()).unpublished());
        } catch (SQLException unreadable) {
            return -1;
        }
    }

    private static boolean zero(Double value) {
        return value == null || value == 0;
    }
}

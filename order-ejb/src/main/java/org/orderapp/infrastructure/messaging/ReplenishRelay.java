package org.orderapp.infrastructure.messaging;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.time.Duration;
import java.util.UUID;
import java.util.logging.Logger;
import org.orderapp.application.Settings;
import org.orderapp.application.replenish.ReplenishOutbox;
import org.orderapp.application.replenish.ReplenishRequest;
import org.orderapp.application.replenish.ReplenishRequests;

/**
 * Publishes the outbox's replenish requests (order.replenish.delivery=outbox) every
 * order.replenish.relay-interval-ms, on the one node of a cluster that holds the relay's lease. Each request is sent
 * (durably, before the send returns) and then marked sent: a relay stopped between the two sends it again later,
 * and the consumer applies a request id once. Two relays can overlap only if a holder pauses longer than the lease;
 * that too costs only a duplicate message. A timer on a singleton: its runs never overlap on one node.
 */
@Singleton
@Startup
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class ReplenishRelay {

    private static final Logger LOG = Logger.getLogger(ReplenishRelay.class.getName());
    /** Requests per outbox read; the relay reads again at once while reads come back full. */
    private static final int BATCH = 200;

    private final String holder = System.getProperty("jboss.node.name", "node") + "/" + UUID.randomUUID();
    private final Duration lease = Duration.ofSeconds(Settings.integer(Settings.RELAY_LEASE_SECONDS));

    @Resource
    private TimerService timers;

    @EJB
    private ReplenishOutbox outbox;

    @EJB
    private ReplenishRequests requests;

    @PostConstruct
    void start() {
        if (Settings.replenishThroughOutbox()) {
            long interval = Settings.integer(Settings.RELAY_INTERVAL_MILLIS);
            timers.createIntervalTimer(interval, interval, new TimerConfig(null, false));
        }
    }

    @Timeout
    void relay() {
        if (!outbox.holdLease(holder, lease)) {
            return;
        }
        int published;
        do {
            var pending = outbox.pending(BATCH);
            pending.forEach(requests::publish);
            outbox.markSent(pending.stream().map(ReplenishRequest::requestId).toList());
            published = pending.size();
            if (published > 0) {
                int count = published;
                LOG.fine(() -> count + " replenish requests published from the outbox");
            }
        } while (published == BATCH && outbox.holdLease(holder, lease));
    }
}

package org.orderapp.application.replenish;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

/** The replenish requests written with their orders and waiting to be published (order.replenish.delivery=outbox). */
public interface ReplenishOutbox {

    /** Writes the request in the caller's (the order's) transaction. */
    void add(ReplenishRequest request);

    /** The oldest requests not yet published, at most {@code max}. */
    List<ReplenishRequest> pending(int max);

    void markSent(List<UUID> requestIds);

    /**
     * Takes or renews the relay's lease for {@code holder} until {@code lease} from now, unless another holder's lease
     * is still running; true if the holder has it now.
     */
    boolean holdLease(String holder, Duration lease);
}

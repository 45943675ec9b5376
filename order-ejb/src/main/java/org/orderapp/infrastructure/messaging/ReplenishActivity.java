package org.orderapp.infrastructure.messaging;

import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Local;
import jakarta.ejb.LocalBean;
import jakarta.ejb.Singleton;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.orderapp.application.Settings;
import org.orderapp.application.replenish.ReplenishMonitor;

/**
 * How many replenish MDB instances are at work right now, the most ever at once, and what they did. Lock-free,
 * so watching the pool does not serialise it. The MDB records through the bean itself (its no-interface view); the
 * monitoring API reads it as a {@link ReplenishMonitor}.
 */
@Singleton
@LocalBean
@Local(ReplenishMonitor.class)
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class ReplenishActivity implements ReplenishMonitor {

    /** -1 where the server's configuration does not say. */
    private final int configuredSessions = Settings.config().getOptionalValue(Settings.REPLENISH_SESSIONS, Integer.class).orElse(-1);
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger peak = new AtomicInteger();
    private final AtomicLong applied = new AtomicLong();
    private final AtomicLong duplicates = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();

    public void started() {
        peak.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
    }

    public void finished() {
        inFlight.decrementAndGet();
    }

    public void applied() { applied.incrementAndGet(); }
    public void duplicate() { duplicates.incrementAndGet(); }
    public void failed() { failures.incrementAndGet(); }

    @Override
    public Snapshot snapshot() {
        return new Snapshot(inFlight.get(), peak.get(), applied.get(), duplicates.get(), failures.get(),
                configuredSessions);
    }

    @Override
    public void resetPeak() {
        peak.set(inFlight.get());
    }
}

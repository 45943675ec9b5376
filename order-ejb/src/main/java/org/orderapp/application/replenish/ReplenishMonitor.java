package org.orderapp.application.replenish;

/**
 * What the replenish MDB is doing: instances at work now and at most at once, and what they did. Read by the
 * monitoring API and the load driver's report; kept by the messaging infrastructure.
 */
public interface ReplenishMonitor {

    /** {@code configuredSessions} is -1 where the server's configuration does not say. */
    record Snapshot(int inFlight, int peakInFlight, long applied, long duplicates, long failures, int configuredSessions) {
    }

    Snapshot snapshot();

    /** Starts a new observation window: the peak restarts from what is at work now. */
    void resetPeak();
}

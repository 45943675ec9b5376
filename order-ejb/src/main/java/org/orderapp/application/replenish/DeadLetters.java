package org.orderapp.application.replenish;

/**
 * The replenish messages the broker parked on ReplenishDLQ after their delivery attempts ran out: how many there are,
 * and moving them back to the replenish queue once what made them fail is fixed (an administrator's operation).
 */
public interface DeadLetters {

    /** The most messages one redrive moves; a larger dead-letter queue takes several. */
    int MAX_REDRIVE = 1000;

    /** The messages on ReplenishDLQ now. */
    long depth();

    /**
     * Moves at most {@code limit} (capped at {@link #MAX_REDRIVE}) messages from ReplenishDLQ back to the replenish queue,
     * in one transaction: a message is on one queue or the other, never both or neither. A message that fails again is
     * parked again after its delivery attempts. Returns how many moved.
     */
    int redrive(int limit);
}

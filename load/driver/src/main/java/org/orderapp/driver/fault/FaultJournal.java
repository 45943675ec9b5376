package org.orderapp.driver.fault;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * What the faults of a run share: the run's clock, the events begun so far, the console, the timer, and what must be
 * undone when the run ends (a hung link healed, a filled disk emptied), whatever way it ends.
 */
final class FaultJournal {

    private final long runStartNanos;
    private final PrintStream out;
    private final ScheduledExecutorService timer;
    private final List<FaultEvent> events = Collections.synchronizedList(new ArrayList<>());
    private final List<Runnable> undo = new CopyOnWriteArrayList<>();

    FaultJournal(long runStartNanos, PrintStream out, ScheduledExecutorService timer) {
        this.runStartNanos = runStartNanos;
        this.out = out;
        this.timer = timer;
    }

    /** Seconds since the run started, the faults' clock. */
    double seconds() {
        return (System.nanoTime() - runStartNanos) / 1e9;
    }

    /** A fault begun; answers its index, to {@link #update} it when it ends. */
    int record(FaultEvent event) {
        synchronized (events) {
            events.add(event);
            return events.size() - 1;
        }
    }

    void update(int index, FaultEvent event) {
        events.set(index, event);
    }

    List<FaultEvent> events() {
        synchronized (events) {
            return List.copyOf(events);
        }
    }

    void say(String line) {
        out.println(line);
        out.flush();
    }

    /** Runs the action on the faults' timer after the delay (not at all once the run has ended). */
    void later(Duration delay, Runnable action) {
        timer.schedule(action, delay.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Runs the action when the run ends, or the driver is stopped, unless it ran already ({@link #undo}). */
    void atEnd(Runnable action) {
        undo.add(action);
    }

    /** Runs the action now, if it is still to be undone. */
    void undo(Runnable action) {
        if (undo.remove(action)) {
            action.run();
        }
    }

    /** Undoes what is still to undo, each once. */
    void undoAll() {
        undo.forEach(this::undo);
    }
}

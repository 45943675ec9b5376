package org.orderapp.driver.engine;

import java.time.Duration;
import java.util.OptionalDouble;

/** What happens around a measurement window: server-side marks and recordings. Called on the controller thread. */
public interface StepHooks {

    /** Before the window opens, while the warm-up load still runs (may take a moment, e.g. starting a recording). */
    default void beforeWindow() {
    }

    /** Exactly when the window opens. */
    default void windowOpened() {
    }

    /** Exactly when the window closes, while load still runs. */
    default void windowClosed() {
    }

    /** After the window, while load still runs (may take a moment, e.g. dumping a recording). */
    default void afterWindow() {
    }

    /** The share of the server's CPU its JIT compiler took over the last span of time; empty when not known. */
    default OptionalDouble serverJitShare(Duration span) {
        return OptionalDouble.empty();
    }

    /** A line for the live progress display, e.g. the server's pool use; empty for none. */
    default String serverStatus() {
        return "";
    }
}

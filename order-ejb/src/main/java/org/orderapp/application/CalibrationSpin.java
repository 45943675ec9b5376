package org.orderapp.application;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;

/**
 * The CPU every request spins now (the web module's CalibrationSpinFilter), a test instrument of the lab, never a
 * tuning: set at start by order.calibration.spin-micros, and, on a server started with
 * order.calibration.runtime-switch=true only, switched at runtime by an administrator (PUT api/admin/calibration/spin),
 * so that the lab can measure one server with and without it between windows and take the spin's cost as a difference
 * within one JVM, free of the difference between two JVMs of one configuration.
 */
@ApplicationScoped
public class CalibrationSpin {

    private static final Logger LOG = Logger.getLogger(CalibrationSpin.class.getName());

    /** Why a server not started with order.calibration.runtime-switch=true refuses a switch. */
    public static final String NOT_SWITCHABLE = "this server does not allow switching the calibration spin at runtime; "
            + "start it with -D " + Settings.CALIBRATION_RUNTIME_SWITCH + "=true";

    private final AtomicLong micros = new AtomicLong(Settings.calibrationSpinMicros());
    private final boolean switchable = Settings.config().getValue(Settings.CALIBRATION_RUNTIME_SWITCH, Boolean.class);

    /** The spin per request now, in CPU microseconds (0: none). */
    public long micros() {
        return micros.get();
    }

    /** Whether this server lets an administrator switch the spin (order.calibration.runtime-switch). */
    public boolean switchable() {
        return switchable;
    }

    /**
     * Switches the spin of every request from now on; answers the spin before.
     *
     * @param name what the value came as, for the message
     * @throws IllegalArgumentException outside 0 to 100,000 µs, the spin unchanged
     * @throws IllegalStateException    on a server that does not allow it, the spin unchanged
     */
    public long switchTo(String name, long next) {
        if (!switchable) {
            throw new IllegalStateException(NOT_SWITCHABLE);
        }
        long before = micros.getAndSet(Settings.spinMicros(name, next));
        if (before != next) {
            LOG.info(() -> "Calibration spin switched from " + before + " to " + next + " CPU microseconds per request");
        }
        return before;
    }
}

package org.orderapp.application;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;

/**
 * The CPU every request spins now (the web module's CalibrationSpinFilter), a test instrument of the lab, never a
 * tuning: set at start by order.calibration.spin-micros, and switched at runtime by an administrator (PUT
 * api/admin/calibration/spin), so that the lab can measure one server with and without it between windows and take
 * the spin's cost as a difference within one JVM, free of the difference between two JVMs of one configuration.
 */
@ApplicationScoped
public class CalibrationSpin {

    private static final Logger LOG = Logger.getLogger(CalibrationSpin.class.getName());

    private final AtomicLong micros = new AtomicLong(Settings.calibrationSpinMicros());

    /** The spin per request now, in CPU microseconds (0: none). */
    public long micros() {
        return micros.get();
    }

    /**
     * Switches the spin of every request from now on; answers the spin before.
     *
     * @throws IllegalArgumentException outside 0 to 100,000 µs (as the setting), the spin unchanged
     */
    public long switchTo(long next) {
        long before = micros.getAndSet(Settings.spinMicros(next));
        if (before != next) {
            LOG.info(() -> "Calibration spin switched from " + before + " to " + next + " CPU microseconds per request");
        }
        return before;
    }
}

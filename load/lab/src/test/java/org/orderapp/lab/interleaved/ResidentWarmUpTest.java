package org.orderapp.lab.interleaved;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.orderapp.driver.engine.SteadyState;

/** An open load's ramped warm-up is judged steady only on windows at its full rate. */
class ResidentWarmUpTest {

    private static final SteadyState DEFAULT = new SteadyState(Duration.ofSeconds(120), Duration.ofSeconds(10), 3, 0.10,
            Duration.ofSeconds(900), 0.05);

    @Test
    void theSteadyStateWaitsForTheRampAndTheWindowsAfterIt() {
        // The ramp's last three 10-s windows (on average 118.75, 131.25 and 143.75 a second) lie within 10 % of their
        // mean, 131.25: judged there, a ramp would pass for steady.
        SteadyState after = ResidentWarmUp.steadyAfter(DEFAULT, ResidentWarmUp.OPEN_LOAD_RAMP);
        assertEquals(Duration.ofSeconds(150), after.min(), "the ramp's 120 s and three windows of 10 s at the full rate");
        assertEquals(DEFAULT.max(), after.max());
        assertEquals(DEFAULT.window(), after.window());
        assertEquals(DEFAULT.tolerance(), after.tolerance());
        assertEquals(DEFAULT.maxJitShare(), after.maxJitShare());

        var longer = new SteadyState(Duration.ofSeconds(300), Duration.ofSeconds(10), 3, 0.10, Duration.ofSeconds(900), 0.05);
        assertSame(longer, ResidentWarmUp.steadyAfter(longer, ResidentWarmUp.OPEN_LOAD_RAMP), "a minimum past the ramp stands");
        assertSame(DEFAULT, ResidentWarmUp.steadyAfter(DEFAULT, Duration.ZERO), "no ramp (a closed load)");
        assertNull(ResidentWarmUp.steadyAfter(null, ResidentWarmUp.OPEN_LOAD_RAMP), "a fixed warm-up");

        var brief = new SteadyState(Duration.ZERO, Duration.ofSeconds(10), 3, 0.10, Duration.ofSeconds(60), 0.05);
        SteadyState raised = ResidentWarmUp.steadyAfter(brief, ResidentWarmUp.OPEN_LOAD_RAMP);
        assertEquals(Duration.ofSeconds(150), raised.min());
        assertEquals(Duration.ofSeconds(160), raised.max(), "a maximum below the new minimum is raised to leave a window");
    }
}

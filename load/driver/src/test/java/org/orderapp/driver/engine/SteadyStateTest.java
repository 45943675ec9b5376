package org.orderapp.driver.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** The steady-state test on warm-up intervals of one second each. */
class SteadyStateTest {

    private final SteadyState steady = new SteadyState(Duration.ZERO, Duration.ofSeconds(5), 3, 0.05, Duration.ofSeconds(60), 0.05);

    private static List<double[]> seconds(double... rates) {
        var intervals = new ArrayList<double[]>();
        for (double r : rates) {
            intervals.add(new double[] {1.0, r});
        }
        return intervals;
    }

    @Test
    void windowsAreTakenFromTheEndOldestFirst() {
        var windows = steady.lastWindows(seconds(1, 1, 1, 1, 1, 100, 100, 100, 100, 100, 200, 200, 200, 200, 200, 300, 300, 300, 300, 300));
        assertEquals(List.of(100.0, 200.0, 300.0), windows);
        assertFalse(steady.isSteady(windows), "a rising JIT warm-up is not steady");
    }

    @Test
    void steadyWhenEveryWindowIsWithinTheToleranceOfTheirMean() {
        var windows = steady.lastWindows(seconds(480, 500, 490, 510, 495, 505, 500, 498, 502, 500, 470, 520, 500, 490, 510));
        assertTrue(steady.isSteady(windows), windows.toString());
    }

    @Test
    void tooShortAWarmUpIsNotSteadyYet() {
        var windows = steady.lastWindows(seconds(500, 500, 500, 500, 500, 500, 500));
        assertEquals(1, windows.size());
        assertFalse(steady.isSteady(windows));
    }

    @Test
    void oneDisturbedWindowKeepsItUnsteady() {
        var windows = steady.lastWindows(seconds(500, 500, 500, 500, 500, 300, 300, 300, 300, 300, 500, 500, 500, 500, 500));
        assertFalse(steady.isSteady(windows));
    }

    @Test
    void theJitCompilerMustHaveSettledWhenItsShareIsKnown() {
        assertFalse(steady.jitSettled(OptionalDouble.of(0.12)), "a compiler taking 12 % of the server's CPU is still at work");
        assertTrue(steady.jitSettled(OptionalDouble.of(0.05)));
        assertTrue(steady.jitSettled(OptionalDouble.empty()), "a server whose compiler cannot be read is judged by its throughput");
    }

    @Test
    void aJitShareOutsideZeroToOneIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> new SteadyState(Duration.ZERO, Duration.ofSeconds(5), 3, 0.05, Duration.ofSeconds(60), 0));
        assertThrows(IllegalArgumentException.class,
                () -> new SteadyState(Duration.ZERO, Duration.ofSeconds(5), 3, 0.05, Duration.ofSeconds(60), 1.5));
    }
}

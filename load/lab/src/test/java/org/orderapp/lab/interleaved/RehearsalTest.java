package org.orderapp.lab.interleaved;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.orderapp.driver.engine.SteadyState;
import org.orderapp.lab.experiment.Variant;

/** The warm-up after the rehearsal is judged afresh on warm servers, and only where a block would ask something new. */
class RehearsalTest {

    private static final SteadyState DEFAULT = new SteadyState(Duration.ofSeconds(120), Duration.ofSeconds(10), 3, 0.10,
            Duration.ofSeconds(900), 0.05);

    @Test
    void theSteadyStateIsJudgedAfreshOnceTheSwitchingIsDone() {
        SteadyState again = ResidentWarmUp.Rehearsal.again(DEFAULT, Duration.ofSeconds(10));
        assertEquals(Duration.ofSeconds(40), again.min(), "warm servers: no two-minute minimum, only the switching and the "
                + "three windows after it, which alone are judged");
        assertEquals(DEFAULT.window(), again.window());
        assertEquals(DEFAULT.windows(), again.windows());
        assertEquals(DEFAULT.tolerance(), again.tolerance());
        assertEquals(DEFAULT.maxJitShare(), again.maxJitShare(), "the warm-up's own criterion");
        assertEquals(Duration.ofSeconds(310), again.max(), "at most five minutes after the switching: then the burn-in judges");
        var short15 = new SteadyState(Duration.ofSeconds(120), Duration.ofSeconds(10), 3, 0.10, Duration.ofSeconds(200), 0.05);
        assertEquals(Duration.ofSeconds(200), ResidentWarmUp.Rehearsal.again(short15, Duration.ofSeconds(10)).max(), "or the warm-up's own, if less");

        var brief = new SteadyState(Duration.ZERO, Duration.ofSeconds(10), 3, 0.10, Duration.ofSeconds(15), 0.05);
        assertEquals(Duration.ofSeconds(60), ResidentWarmUp.Rehearsal.again(brief, Duration.ofSeconds(20)).max(),
                "a maximum below the switching and its windows is raised to leave a window after them");
    }

    @Test
    void aRehearsalIsNeededWhereTheDataIsResetOrAServerIsSwitched() {
        var quiet = new PrintStream(OutputStream.nullOutputStream());
        var control = resident("control", "control");
        var other = resident("other", "other");
        var spin = resident("spin", "control");
        assertFalse(new ResidentWarmUp.Rehearsal(null, null, quiet).needed(List.of(control, other)), "nothing a block does is new");
        assertTrue(new ResidentWarmUp.Rehearsal(null, v -> { }, quiet).needed(List.of(control, other)), "a reset before every window");
        assertTrue(new ResidentWarmUp.Rehearsal(null, null, quiet).needed(List.of(control, spin)), "a variant switched at runtime");
    }

    private static ResidentVariant resident(String name, String server) {
        return new ResidentVariant(Variant.named(name, null), null, name, server, ResidentVariant.Switcher.NONE);
    }
}

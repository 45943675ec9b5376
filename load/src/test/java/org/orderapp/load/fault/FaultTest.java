package org.orderapp.load.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.orderapp.load.LoadOptions.DurationConverter;
import org.orderapp.load.engine.Phase;
import org.orderapp.load.engine.StepResult.Tick;

/** Fault specifications as the command line writes them, and the recovery read from a timeline. */
class FaultTest {

    private static Fault parse(String spec) {
        return Fault.parse(spec, DurationConverter::parse);
    }

    @Test
    void kindTimeAndDurationAreParsedWithTheKindsDefaultDuration() {
        assertEquals(new Fault(Fault.Kind.DB_STALL, Duration.ofSeconds(60), Duration.ofSeconds(20)), parse("db-stall@60s:20s"));
        assertEquals(new Fault(Fault.Kind.DB_STALL, Duration.ofMinutes(2), Duration.ofSeconds(15)), parse("db-stall@2m"));
    }

    @Test
    void badSpecificationsAreRefusedWithTheReason() {
        var unknown = assertThrows(IllegalArgumentException.class, () -> parse("disk-full@10s"));
        assertTrue(unknown.getMessage().contains("known: db-stall"), unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> parse("db-stall"));
        assertThrows(IllegalArgumentException.class, () -> parse("db-stall@10s:0s"));
    }

    private static List<Tick> ticks(double... tps) {
        var ticks = new ArrayList<Tick>();
        for (int i = 0; i < tps.length; i++) {
            ticks.add(new Tick(i + 1, Phase.MEASURE, tps[i], tps[i] == 0 ? 2 : 0, 10));
        }
        return ticks;
    }

    @Test
    void recoveryIsTheFirstSecondAfterTheEndWithHalfTheThroughputBefore() {
        // 100 tx/s for 10 s, nothing from 10 to 15 s (2 errors/s), 30 at 16 s, 80 from 17 s
        var timeline = ticks(100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 0, 0, 0, 0, 0, 30, 80, 90);
        var event = new FaultEvent("db-stall", 10, 15, "db", "stopped", null, 0).withRecovery(timeline);
        assertEquals(1.0, event.secondsUntilServedAgain(), 1e-9, "the second from 16 to 17 s has 80 tx/s");
        assertEquals(10, event.errorsDuring(), "2 errors per second for 5 s");

        var never = new FaultEvent("db-stall", 10, 15, "db", "stopped", null, 0).withRecovery(ticks(100, 100, 100, 100, 100, 100,
                100, 100, 100, 100, 0, 0, 0, 0, 0, 0, 10));
        assertNull(never.secondsUntilServedAgain());
    }
}

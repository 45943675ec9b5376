package org.orderapp.driver.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.orderapp.driver.engine.Phase;
import org.orderapp.driver.engine.StepResult.Tick;
import org.orderapp.driver.settings.Durations;

/** Fault specifications as the command line writes them, and the recovery read from a timeline. */
class FaultTest {

    private static Fault parse(String spec) {
        return Fault.parse(spec, Durations::parse);
    }

    @Test
    void kindTimeAndDurationAreParsedWithTheKindsDefaultDuration() {
        assertEquals(new Fault(Fault.Kind.DB_STALL, Duration.ofSeconds(60), Duration.ofSeconds(20)), parse("db-stall@60s:20s"));
        assertEquals(new Fault(Fault.Kind.DB_STALL, Duration.ofMinutes(2), Duration.ofSeconds(15)), parse("db-stall@2m"));
        assertEquals(new Fault(Fault.Kind.DB_HANG, Duration.ofSeconds(30), Duration.ofSeconds(10)), parse("db-hang@30s:10s"));
        assertEquals(new Fault(Fault.Kind.DB_HANG, Duration.ofSeconds(30), Duration.ofSeconds(15)), parse("db-hang@30s"));
    }

    @Test
    void aNodeKillIsAnInstant() {
        assertEquals(new Fault(Fault.Kind.NODE_KILL, Duration.ofSeconds(40), null), parse("node-kill@40s"));
        assertThrows(IllegalArgumentException.class, () -> parse("node-kill@40s:5s"));
    }

    @Test
    void eachKillIsARestartTheStackExpectsAndTwentyKillsInACommitAreTwenty() {
        assertEquals(20, parse("server-kill-in-commit@30s:20").restartsCaused());
        assertEquals(1, parse("server-kill-in-commit@30s").restartsCaused());
        assertEquals(1, parse("server-kill@100s").restartsCaused());
        assertEquals(1, parse("db-restart@8s").restartsCaused());
        assertEquals(0, parse("db-hang@25s:20s").restartsCaused());
        assertEquals(0, parse("db-stall@5s").restartsCaused());
        assertEquals(8, parse("db-disk-full@70s:15s").restartsCaused(), "a full disk may abort mariadbd at each rollback and start");
        assertEquals(8, parse("db-disk-full@70s").restartsCaused(), "its default duration, 15 s");
    }

    @Test
    void aKillInTheCommitTakesACountAndADiskFullADuration() {
        assertEquals(new Fault(Fault.Kind.SERVER_KILL_IN_COMMIT, Duration.ofSeconds(60), null, 20), parse("server-kill-in-commit@60s:20"));
        assertEquals(new Fault(Fault.Kind.SERVER_KILL_IN_COMMIT, Duration.ofSeconds(60), null, 1), parse("server-kill-in-commit@60s"));
        assertEquals("server-kill-in-commit@60.0s:20", parse("server-kill-in-commit@60s:20").toString());
        var duration = assertThrows(IllegalArgumentException.class, () -> parse("server-kill-in-commit@60s:20s"));
        assertTrue(duration.getMessage().contains("a whole number of times"), duration.getMessage());
        assertThrows(IllegalArgumentException.class, () -> parse("server-kill-in-commit@60s:0"));
        assertThrows(IllegalArgumentException.class, () -> new Fault(Fault.Kind.SERVER_KILL, Duration.ZERO, null, 2));
        assertEquals(new Fault(Fault.Kind.DB_DISK_FULL, Duration.ofSeconds(30), Duration.ofSeconds(20)), parse("db-disk-full@30s:20s"));
        assertEquals(new Fault(Fault.Kind.DB_DISK_FULL, Duration.ofSeconds(30), Duration.ofSeconds(15)), parse("db-disk-full@30s"));
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

    @Test
    void aKillTakesEffectAfterItsInstantAndAFaultWithoutADipIsServedAtOnce() {
        // killed at 10 s: the second to 11 s still completes work begun before, nothing from 11 to 14 s, 90 at 15 s
        var kill = new FaultEvent("server-kill", 10, 10, "server", "killed", null, 0)
                .withRecovery(ticks(100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 0, 0, 0, 90, 100));
        assertEquals(4.0, kill.secondsUntilServedAgain(), 1e-9, "served again in the second from 14 to 15 s");
        assertEquals(6, kill.errorsDuring());

        var unnoticed = new FaultEvent("poison", 5, 5, "queue", "sent", null, 0)
                .withRecovery(ticks(100, 100, 100, 100, 100, 90, 100, 95, 100, 100, 100, 100));
        assertEquals(0.0, unnoticed.secondsUntilServedAgain(), 1e-9);
        assertEquals(0, unnoticed.errorsDuring());

        // a poison message at 2 s, then the database stalled from 4 to 7 s: the dip is the stall's
        var timeline = ticks(100, 100, 100, 100, 0, 0, 0, 100, 100, 100);
        var poison = new FaultEvent("poison", 2, 2, "queue", "sent", null, 0).withRecovery(timeline, 4);
        assertEquals(0.0, poison.secondsUntilServedAgain(), 1e-9, "the next fault's dip is not the poison's");
    }

    @Test
    void theLongestWaitIsTheLongestAnswerOfAnyKindFromTheStartUntilAMinuteAfterTheEndOrTheNextFault() {
        var timeline = new ArrayList<Tick>();
        for (int s = 1; s <= 120; s++) {
            // every request failed from 11 to 30 s; one answered 15 s after its sending at 34 s; a slow one at 100 s
            double longest = s == 34 ? 15_000 : s == 100 ? 40_000 : s > 10 && s <= 30 ? 9_000 : 50;
            timeline.add(new Tick(s, Phase.MEASURE, s > 10 && s <= 30 ? 0 : 100, s > 10 && s <= 30 ? 3 : 0, 40, 20, 30, 45,
                    longest));
        }
        var hang = new FaultEvent("db-hang", 10, 30, "the link", "hung, healed", null, 0);
        assertNull(hang.longestWaitSeconds(), "unknown until read from the timeline");
        assertEquals(15.0, hang.withRecovery(timeline).longestWaitSeconds(), 1e-9,
                "the request answered after the end counts; one 70 s after the end does not");
        assertEquals(9.0, hang.withRecovery(timeline, 32).longestWaitSeconds(), 1e-9, "up to the next fault's start");
        assertEquals(15.0, hang.withRecovery(timeline).withOutcome("healed").longestWaitSeconds(), 1e-9, "kept");
    }
}

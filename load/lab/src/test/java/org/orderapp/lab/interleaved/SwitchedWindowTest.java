package org.orderapp.lab.interleaved;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SwitchedWindowTest {

    @Test
    void aServersDatabaseIsItsOwnPaceOnlyWhereNoOtherServerUsesIt() {
        assertEquals(Optional.of(41L), SwitchedWindow.ownDatabase(Optional.of(41L), List.of(Optional.of(42L), Optional.empty())),
                "a duet: each server on a database of its own");
        assertEquals(Optional.empty(), SwitchedWindow.ownDatabase(Optional.of(41L), List.of(Optional.of(42L), Optional.of(41L))),
                "shared with another server, measured or idle: not its own");
        assertEquals(Optional.empty(), SwitchedWindow.ownDatabase(Optional.empty(), List.of()), "not a process of this machine");
    }

    @Test
    void aPartsCpuFromTheThreadsClocksStandsUnlessItExceedsTheProcesssTicksByMoreThanTheyCanBeOff() {
        assertEquals(1234.567, SwitchedWindow.checked(1234.567, 1230), 1e-9, "within the ticks' truncation");
        assertEquals(1234.567, SwitchedWindow.checked(1234.567, 1250), 1e-9, "less than the ticks: a thread ended idle");
        assertEquals(1230, SwitchedWindow.checked(1230 + SwitchedWindow.TICKS_SLACK_MS + 1, 1230), 1e-9, "a thread counted twice");
        assertEquals(6230, SwitchedWindow.checked(6230, Double.NaN), 1e-9, "no ticks read: the threads' sum");
    }

    @Test
    void aWindowOfSeveralQuartetsRepeatsTheFirstAndEachQuartetIsBalanced() {
        assertArrayEquals(new boolean[] {true, false, false, true}, SwitchedWindow.order(1, true));
        assertArrayEquals(new boolean[] {false, true, true, false}, SwitchedWindow.order(1, false));
        assertArrayEquals(new boolean[] {true, false, false, true, true, false, false, true}, SwitchedWindow.order(2, true));
        for (int quartets = 1; quartets <= 4; quartets++) {
            for (boolean first : new boolean[] {true, false}) {
                boolean[] order = SwitchedWindow.order(quartets, first);
                assertEquals(4 * quartets, order.length);
                int switches = 0;
                for (int q = 0; q < quartets; q++) {
                    // Each quartet: two parts a setting, their mean position the same, so a linear drift cancels.
                    int variantAt = 0;
                    int variantParts = 0;
                    for (int i = 4 * q; i < 4 * q + 4; i++) {
                        variantAt += order[i] ? i : 0;
                        variantParts += order[i] ? 1 : 0;
                    }
                    assertEquals(2, variantParts);
                    assertEquals(2 * (4 * q + 1.5), variantAt, 1e-9);
                }
                for (int i = 1; i < order.length; i++) {
                    switches += order[i] != order[i - 1] ? 1 : 0;
                }
                assertEquals(2 * quartets, switches, "two within each quartet, none between: a quartet's last setting is the next's first");
            }
        }
    }
}

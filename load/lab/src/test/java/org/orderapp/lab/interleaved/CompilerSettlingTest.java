package org.orderapp.lab.interleaved;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The compiler's share judged over a core-window of a server's CPU, however many windows that takes. */
class CompilerSettlingTest {

    /** 5 %, windows of 30 s: a core-window is 30,000 ms of CPU. */
    private final CompilerSettling settling = new CompilerSettling(0.05, 30);

    @Test
    void aServerWithACoreOfItsOwnIsJudgedOnItsLastWindow() {
        settling.add("a", 30_000.0, 6_000.0); // 20 %
        assertFalse(settling.settled(List.of("a")));
        settling.add("a", 30_000.0, 900.0); // one compilation of 0.9 s: 3 %
        assertEquals(0.03, settling.share("a"), 1e-9);
        assertTrue(settling.settled(List.of("a")));
    }

    @Test
    void aServerWithAQuarterOfTheMachineIsJudgedOnAsMuchCpuOverSeveralWindows() {
        for (int i = 0; i < 4; i++) {
            settling.add("q", 9_000.0, 0.0);
        }
        settling.add("q", 9_000.0, 1_000.0); // the same compilation is 11 % of this window alone
        assertEquals(1_000.0 / 36_000, settling.share("q"), 1e-9, "the latest four windows: 36 s of CPU");
        assertTrue(settling.settled(List.of("q")));
        settling.add("q", 9_000.0, 1_000.0);
        settling.add("q", 9_000.0, 1_000.0); // three compilations in 36 s: 8 %, not settled
        assertFalse(settling.settled(List.of("q")));
    }

    @Test
    void whileAServerHasLessThanACoreWindowOfCpuAllItsWindowsCount() {
        settling.add("q", 9_000.0, 900.0);
        settling.add("q", 9_000.0, 0.0);
        assertEquals(900.0 / 18_000, settling.share("q"), 1e-9);
    }

    @Test
    void everyServerMustHaveSettledAndAnUnknownCompilerCountsAsSettled() {
        settling.add("a", 30_000.0, 0.0);
        settling.add("b", 30_000.0, 3_000.0);
        settling.add("c", 30_000.0, null);
        assertNull(settling.share("c"));
        assertFalse(settling.settled(List.of("a", "b", "c")));
        assertTrue(settling.settled(List.of("a", "c")));
        assertEquals("a 0 %, b 10 %, c ?", settling.shares(List.of("a", "b", "c")));
    }

    @Test
    void aShareOrWindowOfNothingIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new CompilerSettling(0, 30));
        assertThrows(IllegalArgumentException.class, () -> new CompilerSettling(0.05, 0));
    }
}

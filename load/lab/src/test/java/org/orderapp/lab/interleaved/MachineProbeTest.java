package org.orderapp.lab.interleaved;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MachineProbeTest {

    @Test
    void theChainVisitsEverySlotOnceBeforeItComesBack() {
        int[] chain = MachineProbe.chain(1 << 12, 7);
        var seen = new boolean[chain.length];
        int at = 0;
        for (int i = 0; i < chain.length; i++) {
            assertTrue(!seen[at], "slot " + at + " visited twice after " + i + " steps");
            seen[at] = true;
            at = chain[at];
        }
        assertEquals(0, at, "one cycle through every slot");
    }

    @Test
    void theProbeRunsOnceAndReadsTheCpuItsUnitsTook() throws Exception {
        var probe = MachineProbe.started().orElseThrow();
        assertSame(probe, MachineProbe.started().orElseThrow(), "one probe for the lab");
        long[] first = probe.reading();
        long[] last = first;
        for (int i = 0; i < 200 && last[0] < first[0] + 5; i++) {
            Thread.sleep(10);
            last = probe.reading();
        }
        Double micros = MachineProbe.microsPerUnit(first, last);
        assertTrue(micros != null && micros > 0 && micros < 100_000, "CPU per unit: " + micros);
        assertNull(MachineProbe.microsPerUnit(last, last), "no unit between two readings: no figure");
        assertNull(MachineProbe.microsPerUnit(null, last));
    }
}

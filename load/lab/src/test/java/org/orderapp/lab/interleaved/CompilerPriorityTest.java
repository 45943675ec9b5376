package org.orderapp.lab.interleaved;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.orderapp.observation.cpu.CpuClock;

/** Finding a JVM's compiler threads and changing their priority, on this test's own JVM. */
class CompilerPriorityTest {

    @Test
    void hotSpotsCompilerThreadsAreToldApartByTheirNames() {
        assertTrue(CpuClock.isCompilerThread("C1 CompilerThre"));
        assertTrue(CpuClock.isCompilerThread("C2 CompilerThre"));
        assertFalse(CpuClock.isCompilerThread("default task-12"));
        assertFalse(CpuClock.isCompilerThread("G1 Conc#0"));
    }

    @Test
    void theCompilerThreadsOfThisJvmChangePriorityAndGetTheirsBack() throws IOException, InterruptedException {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "a Linux /proc");
        long pid = ProcessHandle.current().pid();
        var threads = CompilerPriority.compilerThreads(pid);
        assertFalse(threads.isEmpty(), "a HotSpot JVM has compiler threads");
        int before = CompilerPriority.nice(pid, pid);
        // upwards needs root; a nicer value (downwards) any user may set, and only root may take it back
        boolean root = "root".equals(System.getProperty("user.name"));
        int changed = root ? CompilerPriority.WARMING_NICE : Math.min(before + 1, 19);
        try {
            CompilerPriority.renice(pid, changed);
        } catch (IOException e) { // root without CAP_SYS_NICE, as in a container
            assumeFalse(root && e.getMessage().contains("Permission denied"), "no CAP_SYS_NICE: " + e.getMessage());
            throw e;
        }
        for (long t : threads) {
            assertEquals(changed, CompilerPriority.nice(pid, t), "thread " + t);
        }
        assertEquals(before, CompilerPriority.nice(pid, pid), "the other threads keep theirs");
        assumeTrue(root, "only root may make a thread less nice again");
        CompilerPriority.renice(pid, before);
        for (long t : threads) {
            assertEquals(before, CompilerPriority.nice(pid, t), "thread " + t);
        }
    }
}

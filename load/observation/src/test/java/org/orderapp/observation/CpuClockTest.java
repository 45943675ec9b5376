package org.orderapp.observation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A JVM's CPU by part, read from /proc: this test's own JVM, which compiles and collects while it runs. */
class CpuClockTest {

    @Test
    void theCompilerThreadsAreFoundAndThePartsTakePartOfTheProcess() {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "Linux /proc");
        long pid = ProcessHandle.current().pid();
        double sum = 0;
        for (int i = 0; i < 2_000_000; i++) { // work the JIT compiles, garbage the collector reclaims
            sum += Math.sqrt(i) * Integer.toString(i).length();
        }
        var parts = CpuClock.partMillis(pid).orElseThrow();
        var process = CpuClock.processMillis(pid).orElseThrow();
        assertTrue(parts.get(ServerCpuPart.JIT) > 0, "a JVM that ran code has spent CPU compiling it (" + sum + ")");
        double threads = ServerCpuPart.THREADS.stream().mapToDouble(parts::get).sum();
        assertTrue(threads <= process + 10, "the thread parts are part of the process: " + parts + " of " + process);
        assertTrue(parts.get(ServerCpuPart.SYSTEM) >= 0 && parts.get(ServerCpuPart.SYSTEM) <= process + 10, parts + " of " + process);
    }

    @Test
    void threadsAreToldApartByTheNamesLinuxKeeps() {
        assertEquals(ServerCpuPart.JIT, ServerCpuPart.ofThread("C2 CompilerThre"));
        assertEquals(ServerCpuPart.REQUESTS, ServerCpuPart.ofThread("default task-12"));
        assertEquals(ServerCpuPart.IO, ServerCpuPart.ofThread("default I/O-1"));
        for (String gc : new String[] {"GC Thread#0", "G1 Conc#0", "G1 Refine#0", "G1 Main Marker", "ZWorkerYoung#0", "Shenandoah Cont"}) {
            assertEquals(ServerCpuPart.GC, ServerCpuPart.ofThread(gc), gc);
        }
        for (String none : new String[] {"VM Thread", "java", "ServerService T", "Batch Thread - "}) {
            assertNull(ServerCpuPart.ofThread(none), none);
        }
    }
}

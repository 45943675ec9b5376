package org.orderapp.observation;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The JIT compiler's CPU of a JVM, read from /proc: this test's own JVM, which compiles while it runs. */
class CpuClockTest {

    @Test
    void theCompilerThreadsAreFoundAndTakePartOfTheProcess() {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "Linux /proc");
        long pid = ProcessHandle.current().pid();
        double sum = 0;
        for (int i = 0; i < 2_000_000; i++) { // work the JIT compiles
            sum += Math.sqrt(i) * Integer.toString(i).length();
        }
        var compiler = CpuClock.compilerMillis(pid);
        var process = CpuClock.processMillis(pid);
        assertTrue(compiler.isPresent() && process.isPresent(), "both read");
        assertTrue(compiler.getAsDouble() > 0, "a JVM that ran code has spent CPU compiling it (" + sum + ")");
        assertTrue(compiler.getAsDouble() <= process.getAsDouble(), compiler + " of " + process);
    }
}

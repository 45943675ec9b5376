package org.orderapp.observation.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A JVM's CPU by part, read from /proc: this test's own JVM, which compiles and collects while it runs. */
class CpuClockTest {

    /** Kept so that the worker's loop is not optimized away. */
    private static volatile long sink;

    @Test
    void theCompilerThreadsAreFoundAndThePartsTakePartOfTheProcess() {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "Linux /proc");
        long pid = ProcessHandle.current().pid();
        double sum = 0;
        for (int i = 0; i < 2_000_000; i++) { // work the JIT compiles, garbage the collector reclaims
            sum += Math.sqrt(i) * Integer.toString(i).length();
        }
        var parts = new ServerCpuParts(pid).sample().orElseThrow();
        var process = CpuClock.processMillis(pid).orElseThrow();
        assertTrue(parts.get(ServerCpuPart.JIT) > 0, "a JVM that ran code has spent CPU compiling it (" + sum + ")");
        double threads = ServerCpuPart.THREADS.stream().mapToDouble(parts::get).sum();
        assertTrue(threads <= process + 10, "the thread parts are part of the process: " + parts + " of " + process);
        assertTrue(parts.get(ServerCpuPart.SYSTEM) >= 0 && parts.get(ServerCpuPart.SYSTEM) <= process + 10, parts + " of " + process);
    }

    @Test
    void aThreadThatEndsKeepsInItsPartWhatItUsed() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "Linux /proc");
        var parts = new ServerCpuParts(ProcessHandle.current().pid());
        double before = parts.sample().orElseThrow().get(ServerCpuPart.REQUESTS);
        var done = new java.util.concurrent.CountDownLatch(1);
        var release = new java.util.concurrent.CountDownLatch(1);
        Thread worker = new Thread(() -> { // a request thread that works 300 ms of CPU, then ends when told
            var clock = java.lang.management.ManagementFactory.getThreadMXBean();
            long end = clock.getCurrentThreadCpuTime() + 300_000_000L;
            long x = 0;
            while (clock.getCurrentThreadCpuTime() < end) {
                x += x * 31 + 7;
            }
            done.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            sink = x;
        }, "default task-99");
        worker.start();
        done.await();
        double working = parts.sample().orElseThrow().get(ServerCpuPart.REQUESTS);
        assertTrue(working - before >= 250, "the request thread's 300 ms are in its part: " + before + " then " + working);
        release.countDown();
        worker.join();
        double after = parts.sample().orElseThrow().get(ServerCpuPart.REQUESTS);
        assertTrue(after >= working, "the part does not lose what an ended thread used: " + working + " then " + after);
    }

    @Test
    void aThreadsCpuIsCountedToTheMillisecondNotInTicks() throws Exception {
        long pid = ProcessHandle.current().pid();
        Path schedstat = Path.of("/proc/self/task", Long.toString(pid), "schedstat");
        assumeTrue(Files.isReadable(schedstat) && !Files.readString(schedstat).startsWith("0 "), "Linux keeps threads' running time");
        var parts = new ServerCpuParts(pid);
        parts.sample().orElseThrow();
        double before = parts.allThreadsMillis();
        double requestsBefore = parts.sample().orElseThrow().get(ServerCpuPart.REQUESTS);
        var done = new java.util.concurrent.CountDownLatch(1);
        var release = new java.util.concurrent.CountDownLatch(1);
        var spent = new java.util.concurrent.atomic.AtomicLong();
        Thread worker = new Thread(() -> { // 37 ms of its own CPU and its start: in 10-ms ticks, not within a millisecond
            var clock = java.lang.management.ManagementFactory.getThreadMXBean();
            long end = clock.getCurrentThreadCpuTime() + 37_000_000L;
            long x = 0;
            while (clock.getCurrentThreadCpuTime() < end) {
                x += x * 31 + 7;
            }
            sink = x;
            spent.set(clock.getCurrentThreadCpuTime());
            done.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "default task-98");
        worker.start();
        done.await();
        double requests = parts.sample().orElseThrow().get(ServerCpuPart.REQUESTS) - requestsBefore;
        double all = parts.allThreadsMillis() - before;
        release.countDown();
        worker.join();
        assertEquals(spent.get() / 1e6, requests, 1.0, "the request thread's CPU by its own clock, not ticks");
        assertTrue(all >= requests, "every thread's CPU holds the request thread's: " + all + " against " + requests);
    }

    @Test
    void aThreadMissingFromOneListingCountsOnlyWhatItUsedSinceWhenSeenAgain() {
        var parts = new ServerCpuParts(0);
        var worker = "12@900";
        var compiler = "13@901";
        parts.count(List.of(new CpuClock.ThreadTime(worker, "default task-1", 5_000), new CpuClock.ThreadTime(compiler,
                "C2 CompilerThre", 50_000)), 0);
        double before = parts.allThreadsMillis();
        // A listing of /proc that skipped the worker (another thread ended while it was read), then one that has it again.
        parts.count(List.of(new CpuClock.ThreadTime(compiler, "C2 CompilerThre", 50_010)), 0);
        var counted = parts.count(List.of(new CpuClock.ThreadTime(worker, "default task-1", 5_020),
                new CpuClock.ThreadTime(compiler, "C2 CompilerThre", 50_020)), 0);
        assertEquals(40, parts.allThreadsMillis() - before, 1e-9, "20 ms each since the first listing, not the worker's 5 s again");
        assertEquals(5_020, counted.get(ServerCpuPart.REQUESTS), 1e-9);
        // A thread gone for good is forgotten after a while; one with its id and start time again would be another.
        for (int i = 0; i < 12; i++) {
            parts.count(List.of(new CpuClock.ThreadTime(compiler, "C2 CompilerThre", 50_020)), 0);
        }
        before = parts.allThreadsMillis();
        parts.count(List.of(new CpuClock.ThreadTime(worker, "default task-1", 30)), 0);
        assertEquals(30, parts.allThreadsMillis() - before, 1e-9);
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

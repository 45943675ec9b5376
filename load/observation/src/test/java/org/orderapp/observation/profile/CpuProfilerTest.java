package org.orderapp.observation.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The engines' order of preference, the agent's arguments, and a real profile of another JVM. */
class CpuProfilerTest {

    @Test
    void agentArgumentsSayEventIntervalAndFiles() {
        Path log = Path.of("/tmp/ap.log");
        assertEquals("start,event=cpu,interval=10000000,log=/tmp/ap.log",
                AsyncProfilerAgent.startCommand("cpu", Duration.ofMillis(10), log));
        assertEquals("start,event=itimer,interval=500000,log=/tmp/ap.log",
                AsyncProfilerAgent.startCommand("itimer", Duration.ofNanos(500_000), log));
        assertEquals("stop,file=/runs/r/flamegraphs/run1-step1-20users.html,title=Server CPU: run1-step1-20users,log=/tmp/ap.log",
                AsyncProfilerAgent.stopCommand(Path.of("/runs/r/flamegraphs/run1-step1-20users.html"), log));
        assertThrows(IllegalArgumentException.class, () -> AsyncProfilerAgent.stopCommand(Path.of("/runs/a,b.html"), log),
                "a comma would split the agent's arguments");
        assertEquals(List.of("cpu", "ctimer", "itimer"), AsyncProfilerAgent.EVENTS);
    }

    @Test
    void theFirstEngineThatStartsStaysInUse() throws IOException {
        var calls = new ArrayList<String>();
        var profiler = new CpuProfiler(List.of(new Fake("cpu", false, calls), new Fake("ctimer", true, calls),
                new Fake("jfr", true, calls)), List.of());
        assertTrue(profiler.engine().isEmpty());
        profiler.start();
        profiler.stop(Path.of("a.html"));
        profiler.start();
        profiler.stop(Path.of("b.html"));
        assertEquals(List.of("start cpu", "start ctimer", "stop ctimer a.html", "start ctimer", "stop ctimer b.html"), calls,
                "an engine that refused once is not asked again");
        assertEquals("ctimer", profiler.engine().orElseThrow());
        assertEquals(List.of("cpu: refused"), profiler.refusals());
    }

    @Test
    void noEngineStartingSaysWhyEachRefused() {
        var profiler = new CpuProfiler(List.of(new Fake("cpu", false, new ArrayList<>()), new Fake("jfr", false, new ArrayList<>())),
                List.of("async-profiler: no library"));
        IOException e = assertThrows(IOException.class, profiler::start);
        assertEquals("async-profiler: no library; cpu: refused; jfr: refused", e.getMessage());
        assertTrue(profiler.engine().isEmpty());
        assertThrows(IOException.class, () -> profiler.stop(Path.of("a.html")));
        assertEquals("the server's process was not found on this machine", assertThrows(IOException.class,
                CpuProfiler.unavailable("the server's process was not found on this machine")::start).getMessage());
    }

    /** async-profiler from the class path, attached to a busy JVM, writes a flame graph that holds its hot method. */
    @Test
    void profilesAnotherJvm(@TempDir Path folder) throws Exception {
        assumeTrue(System.getProperty("os.name").toLowerCase().contains("linux")
                && List.of("amd64", "x86_64").contains(System.getProperty("os.arch")), "async-profiler's library here is linux-x64");
        Process busy = spin();
        try {
            var profiler = CpuProfiler.forServer(busy.pid(), Duration.ofMillis(5), folder.resolve("jfr"));
            assertFlameGraphOfSpin(profiler, folder.resolve("flamegraphs").resolve("step.html"));
            assertTrue(profiler.engine().orElseThrow().startsWith("async-profiler "), profiler.engine() + " " + profiler.refusals());
        } finally {
            busy.destroy();
            busy.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** Where the agent cannot load: the JDK's execution samples, converted to the same kind of flame graph. */
    @Test
    void profilesAnotherJvmWithTheJdkAlone(@TempDir Path folder) throws Exception {
        Process busy = spin();
        try {
            var profiler = new CpuProfiler(List.of(CpuProfiler.jfrEngine(busy.pid(), Duration.ofMillis(10), folder.resolve("jfr"))),
                    List.of());
            assertFlameGraphOfSpin(profiler, folder.resolve("flamegraphs").resolve("step.html"));
            assertEquals("jfr", profiler.engine().orElseThrow());
            assertTrue(Files.isRegularFile(folder.resolve("jfr").resolve("step-cpu.jfr")), "the recording is kept beside");
        } finally {
            busy.destroy();
            busy.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static Process spin() throws IOException {
        Process busy = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Spin.class.getName()).redirectErrorStream(true).start();
        var out = new BufferedReader(new InputStreamReader(busy.getInputStream(), StandardCharsets.UTF_8));
        assertEquals("spinning", out.readLine());
        return busy;
    }

    private static void assertFlameGraphOfSpin(CpuProfiler profiler, Path html) throws Exception {
        profiler.start();
        Thread.sleep(1500);
        profiler.stop(html);
        String page = Files.readString(html);
        assertTrue(page.startsWith("<!DOCTYPE html>"), page.substring(0, Math.min(200, page.length())));
        assertTrue(page.contains("Spin.main"), "the busy method is in the flame graph");
        assertTrue(page.contains("Server CPU: step"), "titled with the step");
        assertFalse(page.contains("No samples"));
    }

    /** A JVM that keeps one core busy until it is ended. */
    static final class Spin {
        public static void main(String[] args) {
            System.out.println("spinning");
            System.out.flush();
            long x = 0;
            while (x != -1) {
                for (int i = 0; i < 1_000_000; i++) {
                    x += i * 31L % 7;
                }
            }
        }
    }

    private record Fake(String name, boolean starts, List<String> calls) implements ProfilerEngine {
        @Override
        public void start() throws IOException {
            calls.add("start " + name);
            if (!starts) {
                throw new IOException("refused");
            }
        }

        @Override
        public void stop(Path html) {
            calls.add("stop " + name + " " + html);
        }
    }
}

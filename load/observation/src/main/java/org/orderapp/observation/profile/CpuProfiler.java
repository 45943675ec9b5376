package org.orderapp.observation.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The server JVM's CPU profile of each measurement window, written as an HTML flame graph. Engines are tried in
 * order of preference: async-profiler's agent with perf events (cpu), then with per-thread CPU timers (ctimer),
 * then with the process's profiling timer (itimer), then the JDK's own execution samples (a flight recording,
 * Java frames only). The first one that starts stays in use; one that refuses is not asked again.
 */
public final class CpuProfiler {

    private final List<ProfilerEngine> engines;
    private final List<String> refusals;
    private int current;
    private volatile ProfilerEngine started;
    private String used;
    private Thread exitHook;

    CpuProfiler(List<ProfilerEngine> engines, List<String> refusals) {
        this.engines = List.copyOf(engines);
        this.refusals = new ArrayList<>(refusals);
    }

    /**
     * The engines that can profile this server JVM from here, best first; those that cannot are among
     * {@link #refusals()} with the reason.
     *
     * @param jfrFolder where the flight recordings of the JDK engine are kept
     */
    public static CpuProfiler forServer(long pid, Duration interval, Path jfrFolder) {
        var engines = new ArrayList<ProfilerEngine>();
        var refusals = new ArrayList<String>();
        try {
            engines.addAll(AsyncProfilerAgent.engines(pid, interval));
        } catch (IOException e) {
            refusals.add("async-profiler: " + e.getMessage());
        }
        try {
            engines.add(jfrEngine(pid, interval, jfrFolder));
        } catch (IOException e) {
            refusals.add("jfr: " + e.getMessage());
        }
        return new CpuProfiler(engines, refusals);
    }

    /** A profiler that cannot profile, for the reason given (each window says so). */
    public static CpuProfiler unavailable(String reason) {
        return new CpuProfiler(List.of(), List.of(reason));
    }

    static ProfilerEngine jfrEngine(long pid, Duration interval, Path jfrFolder) throws IOException {
        return new JfrEngine(FlightRecording.executionSamples(pid, jfrFolder, interval), jfrFolder);
    }

    /**
     * Starts and stops the profiler once, its output discarded, before the run's warm-up: attaching a profiler to a
     * running JVM makes its JIT compiler recompile much of the code, work the warm-up absorbs (it waits for the compiler
     * to settle) instead of the first measured window. A failure is left for the windows to report.
     */
    public void prime() {
        try {
            start();
            Path discarded = Files.createTempFile("order-cpu-profile", ".html");
            try {
                stop(discarded);
            } finally {
                Files.deleteIfExists(discarded);
            }
        } catch (IOException | RuntimeException e) {
            // each window tries again and says why it could not
        }
    }

    /** Starts the first engine that will, from the one last used on. */
    public void start() throws IOException {
        for (; current < engines.size(); current++) {
            ProfilerEngine engine = engines.get(current);
            try {
                engine.start();
                started = engine;
                used = engine.name();
                stopOnExit();
                return;
            } catch (IOException e) {
                refusals.add(engine.name() + ": " + e.getMessage());
            }
        }
        throw new IOException(String.join("; ", refusals));
    }

    /** Stops the engine started last and writes its flame graph. */
    public void stop(Path html) throws IOException {
        if (started == null) {
            throw new IOException("not started");
        }
        ProfilerEngine engine = started;
        started = null;
        engine.stop(html);
    }

    /** A driver ended during a window (Ctrl-C) leaves no profiler running in the server. */
    private void stopOnExit() {
        if (exitHook != null) {
            return;
        }
        exitHook = new Thread(() -> {
            ProfilerEngine engine = started;
            if (engine != null) {
                try {
                    Path discarded = Files.createTempFile("order-cpu-profile", ".html");
                    engine.stop(discarded);
                    Files.deleteIfExists(discarded);
                } catch (IOException | RuntimeException e) {
                    // the process is ending: nothing more to do
                }
            }
        }, "cpu-profiler-stop");
        Runtime.getRuntime().addShutdownHook(exitHook);
    }

    /** The engine that profiled, once one has started. */
    public Optional<String> engine() {
        return Optional.ofNullable(used);
    }

    /** The engines that could not profile, each with its reason. */
    public List<String> refusals() {
        return List.copyOf(refusals);
    }

    /** The JDK's execution samples, converted to async-profiler's flame graph by its converter. */
    private static final class JfrEngine implements ProfilerEngine {
        private final FlightRecording recording;
        private final Path folder;

        JfrEngine(FlightRecording recording, Path folder) {
            this.recording = recording;
            this.folder = folder;
        }

        @Override
        public String name() {
            return "jfr";
        }

        @Override
        public void start() throws IOException {
            recording.start();
        }

        @Override
        public void stop(Path html) throws IOException {
            String stem = html.getFileName().toString().replaceFirst("\\.html$", "");
            Path jfr = folder.resolve(stem + "-cpu.jfr");
            recording.stop(jfr);
            Files.createDirectories(html.toAbsolutePath().getParent());
            one.convert.JfrToFlame.convert(jfr.toString(), html.toString(), new one.convert.Arguments("--title", "Server CPU: " + stem));
        }
    }
}

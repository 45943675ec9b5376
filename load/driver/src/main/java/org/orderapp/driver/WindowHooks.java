package org.orderapp.driver;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.orderapp.driver.engine.StepHooks;
import org.orderapp.observation.ServerSample;
import org.orderapp.observation.ServerSampler;
import org.orderapp.observation.profile.CpuProfiler;
import org.orderapp.observation.profile.FlightRecording;

/** Marks the window's edges in the server samples, records lock contention and profiles the CPU inside it. */
public final class WindowHooks implements StepHooks {
    private final ServerSampler sampler;
    private final FlightRecording recording;
    private final Path file;
    private final CpuProfiler profiler;
    private final Path flameGraph;
    ServerSample opened;
    ServerSample closed;
    boolean started;
    boolean recorded;
    String recordingError;
    boolean profiling;
    boolean profiled;
    String profileError;
    /** Run first before the window opens, while the warm-up load still runs; null for nothing. */
    Runnable beforeOpening;

    WindowHooks(ServerSampler sampler, FlightRecording recording, Path file, CpuProfiler profiler, Path flameGraph) {
        this.sampler = sampler;
        this.recording = recording;
        this.file = file;
        this.profiler = profiler;
        this.flameGraph = flameGraph;
    }

    @Override
    public void beforeWindow() {
        if (beforeOpening != null) {
            beforeOpening.run();
        }
        if (recording != null) {
            try {
                recording.start();
                started = true;
            } catch (IOException e) {
                recordingError = e.getMessage();
            }
        }
        if (profiler != null) {
            try {
                profiler.start();
                profiling = true;
            } catch (IOException e) {
                profileError = e.getMessage();
            }
        }
    }

    @Override
    public void windowOpened() {
        opened = sampler.sample();
    }

    @Override
    public void windowClosed() {
        closed = sampler.sample();
    }

    @Override
    public void afterWindow() {
        if (profiling) { // first: the profile ends as close to the window as it began
            try {
                profiler.stop(flameGraph);
                profiled = true;
            } catch (IOException | RuntimeException e) {
                profileError = e.getMessage();
            }
        }
        if (started) {
            try {
                recording.stop(file);
                recorded = true;
            } catch (IOException e) {
                recordingError = e.getMessage();
            }
        }
    }

    @Override
    public java.util.OptionalDouble serverJitShare(Duration span) {
        return sampler.serverJitShare(span);
    }

    @Override
    public String serverStatus() {
        return sampler.status();
    }
}

package org.orderapp.driver;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.orderapp.driver.settings.LoadConfig;
import org.orderapp.observation.ApplicationMonitor;
import org.orderapp.observation.ClusterFigures;
import org.orderapp.observation.CpuMeter;
import org.orderapp.observation.ManagementReader;
import org.orderapp.observation.ServerReadings;
import org.orderapp.observation.ServerSample;
import org.orderapp.observation.ServerSampler;
import org.orderapp.observation.database.DatabaseCounters;
import org.orderapp.observation.profile.CpuProfiler;
import org.orderapp.observation.profile.FlightRecording;
import org.orderapp.target.ServerProcess;
import org.orderapp.target.Target;

/**
 * The instruments that observe a session's server: management readings, CPU by role, lock recordings and CPU profiles
 * per window, and the sampler over them (with the database counters). What cannot be set up is said in the notes.
 */
final class ServerInstruments implements AutoCloseable {

    private final LoadConfig config;
    private final Target target;
    private final Path folder;
    private final List<String> notes;
    private final ServerReadings management;
    private final FlightRecording recording;
    private final CpuMeter cpu;
    private final CpuProfiler profiler;
    private final ServerSampler sampler;
    private boolean sampling;

    ServerInstruments(LoadConfig config, Target target, Path folder, long runStartNanos, DatabaseCounters counters,
                      List<String> notes) {
        this.config = config;
        this.target = target;
        this.folder = folder;
        this.notes = notes;
        this.management = readable(target.cluster() ? ClusterFigures.connect(target.nodes())
                : ManagementReader.connect(target.managementHost(), target.managementPort()));
        try {
            this.recording = config.flightRecording() ? prepareRecording() : null;
            this.cpu = CpuMeter.locate(target);
            notes.addAll(cpu.notes());
            this.profiler = config.cpuProfile() ? prepareProfiler() : null;
            if (profiler != null) {
                profiler.prime();
            }
            // A cluster's management readings hold each node's own monitor: the balancer would answer from any node.
            var monitor = target.cluster() ? null : new ApplicationMonitor(target.application(), target.trust());
            this.sampler = new ServerSampler(management, monitor, counters, cpu, runStartNanos);
        } catch (RuntimeException e) {
            if (management != null) {
                management.close();
            }
            throw e;
        }
    }

    /** The management interface, or null with a note saying why it could not be read. */
    private ServerReadings readable(ServerReadings readings) {
        var failure = readings.probe();
        if (failure.isPresent()) {
            notes.add("The management interface at " + (target.cluster() ? "a node" : target.management())
                    + " could not be read (" + failure.get()
                    + "): pools, queue and cache figures are missing. It is read with local authentication, "
                    + "which needs the driver on the server's machine, as the server's user.");
            readings.close();
            return null;
        }
        readings.jvmDescription().ifPresent(jvm -> notes.add("Server JVM: " + jvm));
        return readings;
    }

    /** The server's CPU profiler; one that says why for a server that is not a process of this machine. */
    private CpuProfiler prepareProfiler() {
        return cpu.serverPid().map(pid -> CpuProfiler.forServer(pid, config.cpuInterval(), folder.resolve("jfr")))
                .orElseGet(() -> CpuProfiler.unavailable("the server's process was not found on this machine"));
    }

    private FlightRecording prepareRecording() {
        var pid = management != null ? management.serverPid() : Optional.<Long>empty();
        if (pid.isEmpty()) {
            pid = ServerProcess.listeningOn(target.application().getPort() > 0 ? target.application().getPort() : 80);
        }
        if (pid.isEmpty()) {
            notes.add("No lock-contention recording: the server's process was not found on this machine.");
            return null;
        }
        try {
            return FlightRecording.locks(pid.get(), folder.resolve("jfr"), config.lockThreshold());
        } catch (IOException e) {
            notes.add("No lock-contention recording: " + e.getMessage());
            return null;
        }
    }

    /** The hooks that observe one window: its edges in the samples, its lock recording and CPU profile. */
    WindowHooks hooks(Path jfr, Path flameGraph) {
        return new WindowHooks(sampler, recording, jfr, profiler, flameGraph);
    }

    /** Stops sampling the server (its figures then stay as they were). */
    synchronized void pauseSampling() {
        if (sampling) {
            sampler.pause();
            sampling = false;
        }
    }

    /** Samples the server again every sample interval. */
    synchronized void resumeSampling() {
        resumeSampling(Duration.ZERO);
    }

    /**
     * Samples the server again every sample interval, full samples no more often than every {@code fullAtLeast} (the
     * windows' edges are sampled whatever it is). Sampling that is on already goes on as it was.
     */
    synchronized void resumeSampling(Duration fullAtLeast) {
        if (!sampling) {
            sampler.start(config.sampleInterval(), fullAtLeast);
            sampling = true;
        }
    }

    ServerSampler sampler() {
        return sampler;
    }

    CpuMeter cpu() {
        return cpu;
    }

    /** The management readings, or null when they could not be read. */
    ServerReadings management() {
        return management;
    }

    List<ServerSample> samples() {
        return sampler.all();
    }

    /** The engine that profiled the server's CPU ("async-profiler 4.2 cpu"); null if none did or none was asked. */
    String cpuProfilerEngine() {
        return profiler == null ? null : profiler.engine().orElse(null);
    }

    /** The note on CPU profiling for the report: by which engine, or why unavailable; null when not asked. */
    String cpuProfilerNote() {
        if (profiler == null) {
            return null;
        }
        String engine = cpuProfilerEngine();
        return engine == null ? "CPU profile unavailable: " + String.join("; ", profiler.refusals())
                : "CPU profiles by " + engine + (profiler.refusals().isEmpty() ? "" : " (" + String.join("; ", profiler.refusals()) + ")");
    }

    /** Stops the sampler and closes the management readings. */
    @Override
    public void close() {
        sampler.close();
        if (management != null) {
            management.close();
        }
    }
}

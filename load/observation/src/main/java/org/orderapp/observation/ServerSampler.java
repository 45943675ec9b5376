package org.orderapp.observation;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.orderapp.observation.database.DatabaseCounters;

/**
 * Samples the server (management interface), the application's own monitor and the database's counters at a
 * fixed interval for the whole run, and on demand at the edges of each measurement window.
 */
public final class ServerSampler implements AutoCloseable {

    private final ServerReadings management;
    private final ApplicationMonitor application;
    private final DatabaseCounters database;
    private final CpuMeter cpu;
    private final long runStartNanos;
    private final List<ServerSample> samples = new ArrayList<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "load-server-sampler");
        t.setDaemon(true);
        return t;
    });
    private final ScheduledExecutorService mdbTimer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "load-mdb-sampler");
        t.setDaemon(true);
        return t;
    });
    private volatile ServerSample latest;
    private java.util.concurrent.ScheduledFuture<?> full;
    private java.util.concurrent.ScheduledFuture<?> mdb;

    /**
     * @param management  the server's or the cluster's management interfaces; null: not readable
     * @param application the application's own monitor; null where the management readings include it (a cluster's)
     */
    public ServerSampler(ServerReadings management, ApplicationMonitor application, DatabaseCounters database,
                         CpuMeter cpu, long runStartNanos) {
        this.management = management;
        this.application = application;
        this.database = database;
        this.cpu = cpu;
        this.runStartNanos = runStartNanos;
    }

    /**
     * Samples everything every interval, but at most once a second: a full sample is a dozen management reads and a
     * database query, which a loaded server answers in tens of milliseconds each. A shorter interval samples only the
     * replenish MDB that often (the application's count of instances at work and the MDB's pool), enough to see how
     * its sessions and pool take turns.
     */
    public synchronized void start(Duration interval) {
        start(interval, FULL_SAMPLE_MIN);
    }

    /**
     * As {@link #start(Duration)}, but full samples no more often than every {@code fullAtLeast} (at least a second):
     * a measurement window that wants its figures from its edges and few full samples between them, while a replenish
     * MDB sampled faster than a second still is, at {@code interval}.
     */
    public synchronized void start(Duration interval, Duration fullAtLeast) {
        pause();
        long every = Math.max(interval.toMillis(), Math.max(fullAtLeast.toMillis(), FULL_SAMPLE_MIN.toMillis()));
        full = timer.scheduleAtFixedRate(() -> {
            try {
                sample();
            } catch (RuntimeException e) {
                // one missed sample; the next one comes at the next interval
            }
        }, 0, every, TimeUnit.MILLISECONDS);
        if (interval.toMillis() < FULL_SAMPLE_MIN.toMillis()) {
            mdb = mdbTimer.scheduleAtFixedRate(() -> {
                try {
                    sampleMdb();
                } catch (RuntimeException e) {
                    // one missed sample
                }
            }, interval.toMillis() / 2, interval.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    static final Duration FULL_SAMPLE_MIN = Duration.ofSeconds(1);

    /** Stops the periodic samples until the next start; samples taken by {@link #sample()} are still kept. */
    public synchronized void pause() {
        if (full != null) {
            full.cancel(false);
            full = null;
        }
        if (mdb != null) {
            mdb.cancel(false);
            mdb = null;
        }
    }

    /** The replenish MDB alone: instances at work and the pool in use. */
    private void sampleMdb() {
        Map<String, Double> values = new LinkedHashMap<>(application.sample());
        if (management != null) {
            values.putAll(management.sampleMdb());
        }
        var s = new ServerSample((System.nanoTime() - runStartNanos) / 1e9, values);
        synchronized (samples) {
            samples.add(s);
        }
    }

    /** Takes a sample now, and keeps it in the series. */
    public ServerSample sample() {
        Map<String, Double> values = new LinkedHashMap<>();
        values.putAll(cpu.sample()); // first: /proc is read in milliseconds (each server thread too), so the CPU figures sit at the window's edge
        cpu.serverPid().ifPresent(pid -> values.putAll(ProcessMemory.sample(pid)));
        values.putAll(database.sample());
        if (management != null) {
            values.putAll(management.sample());
            Double serverCpu = values.get(ManagementReader.PROCESS_CPU_MS);
            if (!cpu.serverIsLocal() && serverCpu != null) {
                values.put(CpuMeter.SERVER_REMOTE, serverCpu);
            }
        }
        if (application != null) {
            values.putAll(application.sample());
        }
        var s = new ServerSample((System.nanoTime() - runStartNanos) / 1e9, values);
        synchronized (samples) {
            samples.add(s);
        }
        latest = s;
        return s;
    }

    /**
     * The share of the server's CPU its JIT compiler threads took between the latest sample and the last one taken at
     * least {@code span} before it; empty when either is not known (the server is not a process of this machine).
     */
    public OptionalDouble serverJitShare(Duration span) {
        List<ServerSample> known;
        synchronized (samples) {
            known = samples.stream().filter(s -> s.values().containsKey(CpuMeter.SERVER_JIT) && s.values().containsKey(CpuMeter.SERVER))
                    .sorted(java.util.Comparator.comparingDouble(ServerSample::seconds)).toList();
        }
        if (known.isEmpty()) {
            return OptionalDouble.empty();
        }
        ServerSample last = known.get(known.size() - 1);
        ServerSample first = null;
        for (ServerSample s : known) {
            if (s.seconds() <= last.seconds() - span.toNanos() / 1e9) {
                first = s;
            }
        }
        if (first == null) {
            return OptionalDouble.empty();
        }
        double server = last.values().get(CpuMeter.SERVER) - first.values().get(CpuMeter.SERVER);
        double jit = last.values().get(CpuMeter.SERVER_JIT) - first.values().get(CpuMeter.SERVER_JIT);
        return server > 0 ? OptionalDouble.of(Math.max(0, jit) / server) : OptionalDouble.empty();
    }

    /** Samples taken between two marks, both included. */
    public List<ServerSample> between(ServerSample from, ServerSample to) {
        synchronized (samples) {
            return samples.stream().filter(s -> s.seconds() >= from.seconds() && s.seconds() <= to.seconds())
                    .sorted(java.util.Comparator.comparingDouble(ServerSample::seconds)).toList();
        }
    }

    public List<ServerSample> all() {
        synchronized (samples) {
            return samples.stream().sorted(java.util.Comparator.comparingDouble(ServerSample::seconds)).toList();
        }
    }

    /** For the progress line: the datasource pool in use, the MDBs at work and the queue depth just now. */
    public String status() {
        ServerSample s = latest;
        if (s == null) {
            return "";
        }
        var b = new StringBuilder();
        if (s.get("ds.inUse") != null) {
            b.append("db pool ").append(s.get("ds.inUse").intValue()).append('/').append(s.get("ds.available") == null ? "?"
                    : Integer.toString((int) (s.get("ds.inUse") + s.get("ds.available"))));
        }
        if (s.get("app.mdb.inFlight") != null) {
            b.append(b.isEmpty() ? "" : " | ").append("mdb ").append(s.get("app.mdb.inFlight").intValue());
        }
        if (s.get("queue.replenish.depth") != null) {
            b.append(b.isEmpty() ? "" : " | ").append("queue ").append(s.get("queue.replenish.depth").intValue());
        }
        return b.toString();
    }

    @Override
    public void close() {
        mdbTimer.shutdownNow();
        timer.shutdownNow();
        try {
            timer.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

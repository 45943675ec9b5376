package org.orderapp.observation.cpu;

import java.util.List;

/**
 * The parts of a server JVM's CPU that say where a difference in its CPU per transaction went: its request threads,
 * its I/O threads, its garbage collector and its JIT compiler, told apart by their threads' names (Linux keeps the
 * first 15 characters of a name), and, across every thread, the time spent in the kernel. What no part claims (the
 * VM thread, timers, the threads of the server's other subsystems) is the server's CPU less the four thread parts
 * ({@link ServerCpuParts} keeps in its part what a thread that ended had used).
 */
public enum ServerCpuPart {
    /** Undertow's worker threads, which run the servlets and everything they call: "default task-12". */
    REQUESTS("requests", "cpu.serverRequests.ms"),
    /** Undertow's I/O threads, which read requests and write answers: "default I/O-1". */
    IO("io", "cpu.serverIo.ms"),
    /** The collector's threads: G1's and Parallel's "GC Thread#0", "G1 Conc#0", "G1 Refine#0"; ZGC's and Shenandoah's. */
    GC("gc", "cpu.serverGc.ms"),
    /** HotSpot's JIT compiler threads: "C1 CompilerThread0" is "C1 CompilerThre". */
    JIT("jit", "cpu.serverJit.ms"),
    /** Of all the process's threads, the time spent in the kernel (system calls, page faults, the network stack's work). */
    SYSTEM("system", "cpu.serverSystem.ms");

    /** The four parts a thread belongs to by its name; SYSTEM cuts across them. */
    public static final List<ServerCpuPart> THREADS = List.of(REQUESTS, IO, GC, JIT);

    private static final List<String> GC_PREFIXES = List.of("GC Thread", "G1 ", "ZDirector", "ZDriver", "ZStat", "ZUncommit",
            "ZUnmapper", "ZWorker", "ZRuntimeWork", "Shenandoah");

    private final String key;
    private final String counter;

    ServerCpuPart(String key, String counter) {
        this.key = key;
        this.counter = counter;
    }

    /** Its name among the server's figures per transaction ("cpu.msPerTx.server.gc") and in steps.csv. */
    public String key() {
        return key;
    }

    /** The cumulative milliseconds among a sample's values. */
    public String counter() {
        return counter;
    }

    /** The part a thread of that name (as /proc/PID/task/TID/stat gives it) belongs to, or null for none of them. */
    static ServerCpuPart ofThread(String name) {
        if (CpuClock.isCompilerThread(name)) {
            return JIT;
        }
        if (name.startsWith("default task-")) {
            return REQUESTS;
        }
        if (name.startsWith("default I/O-")) {
            return IO;
        }
        return GC_PREFIXES.stream().anyMatch(name::startsWith) ? GC : null;
    }
}

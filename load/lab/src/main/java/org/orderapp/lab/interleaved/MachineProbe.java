package org.orderapp.lab.interleaved;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * The machine's speed read by a fixed piece of work: a thread of the lab that, every few milliseconds, follows a
 * random chain through a table of a megabyte (missing the caches as a server's work does) and reads on its own CPU
 * clock what that took. Its CPU per unit of work moves with what the machine does to every process (the cores' sharing
 * with their other hardware threads, the caches' contention, the clock's frequency) and with nothing a setting of a
 * server or the transactions' weight do: a pace of the machine that no response to a spin and no heavier transaction
 * enters (the switched window's parts read it at their ends, Calibration takes it where it explains the parts best).
 * It costs one to two per cent of a core while it runs; it starts with the first switched window and runs as long as
 * the lab does.
 */
final class MachineProbe {

    /** The table: 1 MB of ints, more than a core's own caches hold once other processes ran on it. */
    private static final int TABLE = 1 << 18;
    /** The steps of one unit of work along the chain: about 100 µs here. */
    private static final int STEPS = 500;
    /** The pause between units: the probe's share of a core stays between one and two per cent. */
    private static final long PAUSE_NANOS = 8_000_000;

    private static volatile MachineProbe running;

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final int[] chain = chain(TABLE, 20_261_202L);
    private long units;
    private long cpuNanos;
    /** Read so that the chain's walk is not optimised away. */
    private volatile int sink;

    private MachineProbe() {
    }

    /** The lab's probe, started on the first call; empty where the JVM cannot read a thread's CPU clock. */
    static java.util.Optional<MachineProbe> started() {
        MachineProbe p = running;
        if (p == null) {
            synchronized (MachineProbe.class) {
                p = running;
                if (p == null) {
                    var mx = ManagementFactory.getThreadMXBean();
                    if (!mx.isCurrentThreadCpuTimeSupported()) {
                        return java.util.Optional.empty();
                    }
                    p = new MachineProbe();
                    Thread t = new Thread(p::run, "machine-probe");
                    t.setDaemon(true);
                    t.start();
                    running = p;
                }
            }
        }
        return java.util.Optional.of(p);
    }

    /** The units of work done so far and the CPU they took, in nanoseconds: {units, cpuNanos}. */
    synchronized long[] reading() {
        return new long[] {units, cpuNanos};
    }

    /** The probe's CPU per unit of work between two readings, in microseconds; null where no unit was done between. */
    static Double microsPerUnit(long[] first, long[] last) {
        if (first == null || last == null || last[0] <= first[0]) {
            return null;
        }
        return (last[1] - first[1]) / 1e3 / (last[0] - first[0]);
    }

    private void run() {
        int at = 0;
        while (true) {
            long before = threads.getCurrentThreadCpuTime();
            for (int i = 0; i < STEPS; i++) {
                at = chain[at];
            }
            long took = threads.getCurrentThreadCpuTime() - before;
            sink = at;
            synchronized (this) {
                units++;
                cpuNanos += took;
            }
            LockSupport.parkNanos(PAUSE_NANOS);
        }
    }

    /** One cycle through every slot in a random order (Sattolo's shuffle), so that each step's next slot is unforeseeable. */
    static int[] chain(int size, long seed) {
        int[] next = new int[size];
        for (int i = 0; i < size; i++) {
            next[i] = i;
        }
        var random = new SplittableRandom(seed);
        for (int i = size - 1; i > 0; i--) {
            int j = random.nextInt(i);
            int t = next[i];
            next[i] = next[j];
            next[j] = t;
        }
        return next;
    }
}

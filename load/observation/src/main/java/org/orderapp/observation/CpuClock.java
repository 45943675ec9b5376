package org.orderapp.observation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;

/**
 * CPU time as Linux accounts it in /proc: a process's user + system time (all its threads), and the time the whole
 * machine was busy (every core; idle and I/O wait excluded). Values are milliseconds of CPU; they only grow.
 */
public final class CpuClock {

    /** USER_HZ: the unit of /proc's CPU times, asked of the system once (100 on practically every Linux). */
    private static final double TICKS_PER_SECOND = ticksPerSecond();

    private CpuClock() {
    }

    /** CPU milliseconds the process has used, or empty if it is gone or this is not Linux. */
    static OptionalDouble processMillis(long pid) {
        try {
            long[] ticks = userAndSystemTicks(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
            return OptionalDouble.of((ticks[0] + ticks[1]) * 1000.0 / TICKS_PER_SECOND);
        } catch (IOException | RuntimeException e) {
            return OptionalDouble.empty();
        }
    }

    /**
     * A JVM's CPU milliseconds by part ({@link ServerCpuPart}): each thread part summed over the process's live threads,
     * and the kernel's time over the whole process; empty if the process is gone or this is not Linux.
     */
    static Optional<Map<ServerCpuPart, Double>> partMillis(long pid) {
        Path process = Path.of("/proc", Long.toString(pid));
        try (var tasks = Files.list(process.resolve("task"))) {
            Map<ServerCpuPart, Double> parts = new EnumMap<>(ServerCpuPart.class);
            ServerCpuPart.THREADS.forEach(p -> parts.put(p, 0.0));
            for (Path task : (Iterable<Path>) tasks::iterator) {
                String stat;
                try {
                    stat = Files.readString(task.resolve("stat"));
                } catch (IOException ended) {
                    continue; // the thread ended while we looked
                }
                ServerCpuPart part = ServerCpuPart.ofThread(stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
                if (part != null) {
                    long[] ticks = userAndSystemTicks(stat);
                    parts.merge(part, (ticks[0] + ticks[1]) * 1000.0 / TICKS_PER_SECOND, Double::sum);
                }
            }
            parts.put(ServerCpuPart.SYSTEM, userAndSystemTicks(Files.readString(process.resolve("stat")))[1] * 1000.0 / TICKS_PER_SECOND);
            return Optional.of(parts);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** utime and stime (fields 14 and 15) of a /proc stat line, whose command name (field 2) may contain spaces. */
    private static long[] userAndSystemTicks(String stat) {
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
        return new long[] {Long.parseLong(fields[11]), Long.parseLong(fields[12])};
    }

    /**
     * Whether a thread of that name (from /proc/PID/task/TID/comm or stat) is one of HotSpot's JIT compiler threads:
     * the kernel keeps 15 characters of a name, so "C2 CompilerThread0" is "C2 CompilerThre".
     */
    public static boolean isCompilerThread(String name) {
        return name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre");
    }

    /** CPU milliseconds the machine spent busy, summed over its cores (user, nice, system, irq, softirq, steal). */
    static OptionalDouble machineBusyMillis() {
        try (var lines = Files.lines(Path.of("/proc/stat"))) {
            String cpu = lines.filter(l -> l.startsWith("cpu ")).findFirst().orElseThrow();
            String[] f = cpu.trim().split("\\s+");
            long busy = 0;
            for (int i : new int[] {1, 2, 3, 6, 7, 8}) { // user nice system [idle iowait] irq softirq steal
                if (i < f.length) {
                    busy += Long.parseLong(f[i]);
                }
            }
            return OptionalDouble.of(busy * 1000.0 / TICKS_PER_SECOND);
        } catch (IOException | RuntimeException e) {
            return OptionalDouble.empty();
        }
    }

    private static double ticksPerSecond() {
        try {
            Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            if (p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0) {
                return Double.parseDouble(out);
            }
        } catch (IOException | RuntimeException e) {
            // no getconf: Linux's USER_HZ below
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 100;
    }
}

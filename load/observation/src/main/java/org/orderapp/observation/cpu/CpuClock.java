package org.orderapp.observation.cpu;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
    public static OptionalDouble processMillis(long pid) {
        try {
            long[] ticks = userAndSystemTicks(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
            return OptionalDouble.of((ticks[0] + ticks[1]) * 1000.0 / TICKS_PER_SECOND);
        } catch (IOException | RuntimeException e) {
            return OptionalDouble.empty();
        }
    }

    /** A live thread: its id with its start time (an id the kernel hands out again is another thread), its name, its CPU. */
    record ThreadTime(String id, String name, double millis) {
    }

    /**
     * A process's live threads with their CPU milliseconds (user + system), or empty if it is gone or this is not Linux.
     * Each thread's CPU is its scheduler's running time in nanoseconds (/proc/PID/task/TID/schedstat, the clock a
     * thread's own CPU clock reads), where the kernel keeps it, else its stat's ticks: a tick is 10 ms, and a 5-s part of
     * a switched window, about a second of a server's CPU, read in ticks at both ends, was off by up to 20 ms (2 %)
     * before a 50-µs spin's 4 % could be told.
     */
    static Optional<List<ThreadTime>> threads(long pid) {
        try (var tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            var threads = new ArrayList<ThreadTime>();
            for (Path task : (Iterable<Path>) tasks::iterator) {
                String stat;
                try {
                    stat = Files.readString(task.resolve("stat"));
                } catch (IOException ended) {
                    continue; // the thread ended while we looked
                }
                String[] fields = fieldsAfterName(stat);
                double ticks = (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 1000.0 / TICKS_PER_SECOND;
                OptionalDouble running = runningMillis(task);
                // A kernel that keeps no running time reads 0 there: the ticks then.
                threads.add(new ThreadTime(task.getFileName() + "@" + fields[19], stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
                        running.isPresent() && (running.getAsDouble() > 0 || ticks == 0) ? running.getAsDouble() : ticks));
            }
            return Optional.of(threads);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** A thread's running time in milliseconds from its schedstat (nanoseconds), or empty where the kernel keeps none. */
    private static OptionalDouble runningMillis(Path task) {
        try {
            String schedstat = Files.readString(task.resolve("schedstat")).trim();
            int space = schedstat.indexOf(' ');
            return OptionalDouble.of(Long.parseLong(space < 0 ? schedstat : schedstat.substring(0, space)) / 1e6);
        } catch (IOException | RuntimeException e) {
            return OptionalDouble.empty();
        }
    }

    /** A process's CPU milliseconds in the kernel (all its threads, ended ones too), or empty if it is gone or this is not Linux. */
    static OptionalDouble systemMillis(long pid) {
        try {
            return OptionalDouble.of(userAndSystemTicks(Files.readString(Path.of("/proc", Long.toString(pid), "stat")))[1] * 1000.0
                    / TICKS_PER_SECOND);
        } catch (IOException | RuntimeException e) {
            return OptionalDouble.empty();
        }
    }

    /** utime and stime (fields 14 and 15) of a /proc stat line, whose command name (field 2) may contain spaces. */
    private static long[] userAndSystemTicks(String stat) {
        String[] fields = fieldsAfterName(stat);
        return new long[] {Long.parseLong(fields[11]), Long.parseLong(fields[12])};
    }

    /** The fields of a /proc stat line from its third (state) on: the second, the name in parentheses, may hold spaces. */
    private static String[] fieldsAfterName(String stat) {
        return stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
    }

    /**
     * Whether a thread of that name (from /proc/PID/task/TID/comm or stat) is one of HotSpot's JIT compiler threads:
     * the kernel keeps 15 characters of a name, so "C2 CompilerThread0" is "C2 CompilerThre".
     */
    public static boolean isCompilerThread(String name) {
        return name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre");
    }

    /** CPU milliseconds the machine spent busy, summed over its cores (user, nice, system, irq, softirq, steal). */
    public static OptionalDouble machineBusyMillis() {
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

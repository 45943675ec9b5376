package org.orderapp.lab.interleaved;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.orderapp.driver.LoadSession;
import org.orderapp.observation.cpu.CpuClock;

/**
 * The resident servers' JIT compiler threads at a higher priority while the servers warm up, and back at their
 * process's own once every server has settled. Why: under load a server's compiler threads get their share of its
 * cores beside twenty busy request threads and its database, about a twentieth, so its compile queue drains slowly
 * and the warm-up and the burn-in take most of an experiment. The counted blocks then measure the servers as
 * configured. Changing a thread's priority upwards needs root (CAP_SYS_NICE); without it the warm-up takes longer,
 * and the experiment says so.
 */
final class CompilerPriority {

    /** The nice value of the compiler threads during the warm-up and the burn-in. */
    static final int WARMING_NICE = -10;

    /** Per server process: its compiler threads' nice value before they were raised, to give back. */
    private final Map<Long, Integer> raised = new LinkedHashMap<>();
    private final PrintStream out;

    CompilerPriority(PrintStream out) {
        this.out = out;
    }

    /** Raises every resident server's compiler threads to {@link #WARMING_NICE}; a server it cannot raise is said. */
    void raise(List<ResidentVariant> residents, Map<String, LoadSession> sessions) throws InterruptedException {
        var done = new ArrayList<String>();
        var tried = new HashSet<Long>();
        for (ResidentVariant r : residents) {
            Optional<Long> pid = sessions.get(r.name()).cpu().serverPid();
            if (pid.isEmpty() || !tried.add(pid.get())) {
                continue; // not a process of this machine, or a server shared with a variant tried before
            }
            try {
                int before = nice(pid.get(), pid.get());
                raised.put(pid.get(), before); // before: a thread raised before another failed is given back too
                renice(pid.get(), WARMING_NICE);
                done.add(r.name());
            } catch (IOException e) {
                say("JIT compilers: the compiler threads of " + r.name() + " keep their priority (" + e.getMessage()
                        + "), so its warm-up takes longer");
            }
        }
        if (!done.isEmpty()) {
            say("JIT compilers: the compiler threads of " + String.join(", ", done) + " at nice " + WARMING_NICE
                    + " until every server has settled, then back at their process's own");
        }
    }

    /**
     * Gives every raised server's compiler threads back their priority; once, when every server has settled.
     *
     * @return whether any was raised: then the block just measured ran with them raised
     */
    boolean restore() {
        if (raised.isEmpty()) {
            return false;
        }
        for (var e : raised.entrySet()) {
            try {
                renice(e.getKey(), e.getValue());
            } catch (IOException failed) {
                say("JIT compilers: the compiler threads of process " + e.getKey() + " stay at nice " + WARMING_NICE + ": "
                        + failed.getMessage());
            } catch (InterruptedException stop) { // the experiment is stopping, and its servers with it
                Thread.currentThread().interrupt();
                raised.clear();
                return true;
            }
        }
        say("JIT compilers: every server settled; its compiler threads back at their process's priority");
        raised.clear();
        return true;
    }

    /** The threads of a process whose names are HotSpot's compiler threads'. */
    static List<Long> compilerThreads(long pid) throws IOException {
        Path tasks = Path.of("/proc", Long.toString(pid), "task");
        var found = new ArrayList<Long>();
        try (Stream<Path> threads = Files.list(tasks)) {
            for (Path t : threads.toList()) {
                try {
                    if (CpuClock.isCompilerThread(Files.readString(t.resolve("comm"), StandardCharsets.UTF_8).strip())) {
                        found.add(Long.parseLong(t.getFileName().toString()));
                    }
                } catch (IOException ended) {
                    // the thread ended while we looked
                }
            }
        }
        return found;
    }

    /** A thread's nice value, from the 19th field of /proc/PID/task/TID/stat (after the name in parentheses). */
    static int nice(long pid, long tid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "task", Long.toString(tid), "stat"), StandardCharsets.UTF_8);
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Integer.parseInt(fields[16]);
    }

    /**
     * Sets the nice value of every compiler thread of the process (setpriority on each thread, by renice); a thread
     * that ended meanwhile (HotSpot starts and stops compiler threads as its queue asks) is passed over.
     */
    static void renice(long pid, int nice) throws IOException, InterruptedException {
        List<Long> threads = compilerThreads(pid);
        if (threads.isEmpty()) {
            throw new IOException("no compiler thread found in process " + pid);
        }
        for (long t : threads) {
            try {
                MachineCommand.run(List.of("renice", "--priority", Integer.toString(nice), "-p", Long.toString(t)), "renice (util-linux)");
            } catch (IOException e) {
                if (Files.exists(Path.of("/proc", Long.toString(pid), "task", Long.toString(t)))) {
                    throw e;
                }
            }
        }
    }

    private void say(String line) {
        out.println(line);
        out.flush();
    }
}

package org.orderapp.lab.interleaved;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.orderapp.driver.LoadSession;

/**
 * Gives each variant's server and database cores of their own (taskset, every thread of both processes; threads they
 * start later inherit it), so that variants measured at the same time do not take CPU from each other: in a duet on
 * shared cores what one server's window gets, the others' lose. The driver stays on every core.
 */
final class CorePinning {

    private CorePinning() {
    }

    /** The cores of variant {@code index} of {@code variants} on a machine of {@code cores}: every variant's turn round. */
    static List<Integer> coresOf(int index, int variants, int cores) {
        if (variants < 1 || cores < 1 || index < 0 || index >= variants) {
            throw new IllegalArgumentException("variant " + index + " of " + variants + " on " + cores + " cores");
        }
        if (variants >= cores) {
            return List.of(index % cores);
        }
        return IntStream.range(0, cores).filter(c -> c % variants == index).boxed().toList();
    }

    /** Pins every variant's server and database process; a process that cannot be pinned stops the experiment. */
    static void pin(List<ResidentVariant> residents, Map<String, LoadSession> sessions, PrintStream out)
            throws IOException, InterruptedException {
        int cores = Runtime.getRuntime().availableProcessors();
        for (int i = 0; i < residents.size(); i++) {
            var name = residents.get(i).name();
            var cpu = sessions.get(name).cpu();
            var list = coresOf(i, residents.size(), cores).stream().map(String::valueOf).collect(Collectors.joining(","));
            var pinned = new ArrayList<String>();
            for (var process : List.of(Map.entry("server", cpu.serverPid()), Map.entry("database", cpu.databasePid()))) {
                long pid = process.getValue().orElseThrow(() -> new IOException("the " + process.getKey() + " of " + name
                        + " is not a process of this machine: its cores cannot be chosen"));
                taskset(list, pid);
                pinned.add(process.getKey() + " " + pid);
            }
            out.println("Cores: " + name + " (" + String.join(", ", pinned) + ") on core(s) " + list);
        }
    }

    private static void taskset(String cores, long pid) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder("taskset", "-a", "-p", "-c", cores, Long.toString(pid)).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IOException("taskset (util-linux) is needed to give a variant cores of its own: " + e.getMessage(), e);
        }
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (p.waitFor() != 0) {
            throw new IOException("taskset could not pin process " + pid + " to core(s) " + cores + ": " + said);
        }
    }
}

package org.orderapp.lab.interleaved;

import java.io.IOException;
import java.io.PrintStream;
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

    /**
     * The cores of variant {@code index} of {@code variants} on a machine of {@code cores}: with fewer variants than
     * cores, the cores dealt out in turn; with as many or more, the variants in runs of equal length to a core (four on
     * two: 0 and 1 on core 0, 2 and 3 on core 1), so that a variant's neighbours change as the variants move round.
     */
    static List<Integer> coresOf(int index, int variants, int cores) {
        if (variants < 1 || cores < 1 || index < 0 || index >= variants) {
            throw new IllegalArgumentException("variant " + index + " of " + variants + " on " + cores + " cores");
        }
        if (variants >= cores) {
            return List.of((int) ((long) index * cores / variants));
        }
        return IntStream.range(0, cores).filter(c -> c % variants == index).boxed().toList();
    }

    /**
     * The cores of variant {@code index} in turn {@code turn} (0 first). Over a crossover group of turns
     * ({@link #crossover}) every variant has every core alike, so that a difference between the cores (a virtual CPU
     * that shares its physical core with a busier neighbour) falls on every variant of the group, not on one:
     * <ul>
     * <li>as many variants per core on every core (four on two): the variants' runs move one core round every turn, so
     * a group is as many turns as there are cores; from one group to the next the variants move one place round, so
     * who shares a core changes between groups and stays within one;</li>
     * <li>otherwise (three on two, or fewer variants than cores): the variants move one place round every turn, and a
     * group is as many turns as there are variants.</li>
     * </ul>
     */
    static List<Integer> coresOf(int index, int variants, int cores, int turn) {
        if (turn < 0) {
            throw new IllegalArgumentException("turn " + turn);
        }
        if (index < 0 || index >= variants || !evenRuns(variants, cores)) {
            return coresOf(index < 0 || index >= variants ? index : (index + turn) % variants, variants, cores);
        }
        int group = turn / cores;
        int core = coresOf((index + group) % variants, variants, cores).get(0);
        return List.of((core + turn % cores) % cores);
    }

    /**
     * The turns of a crossover group, in which every variant has had every core alike: as many as there are cores
     * where every core holds as many variants, else as many as there are variants.
     */
    static int crossover(int variants, int cores) {
        return evenRuns(variants, cores) ? cores : variants;
    }

    /** The cores the runs are pinned to: every core of this machine (one place, read once per block at most). */
    static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** Whether the variants fill the cores in runs of one length (four on two, two on two). */
    private static boolean evenRuns(int variants, int cores) {
        return variants >= cores && variants % cores == 0;
    }

    /**
     * Pins every server and its database process to their cores in {@code turn} ({@link #coresOf(int, int, int, int)});
     * a process that cannot be pinned stops the experiment.
     */
    static void pin(List<ResidentVariant> variants, Map<String, LoadSession> sessions, int turn, PrintStream out)
            throws IOException, InterruptedException {
        var residents = variants.stream().filter(ResidentVariant::ownServer).toList(); // one per server: a server-of is on its host's
        int cores = cores();
        for (int i = 0; i < residents.size(); i++) {
            var name = residents.get(i).name();
            var cpu = sessions.get(name).cpu();
            var list = coresOf(i, residents.size(), cores, turn).stream().map(String::valueOf).collect(Collectors.joining(","));
            var pinned = new ArrayList<String>();
            for (var process : List.of(Map.entry("server", cpu.serverPid()), Map.entry("database", cpu.databasePid()))) {
                long pid = process.getValue().orElseThrow(() -> new IOException("the " + process.getKey() + " of " + name
                        + " is not a process of this machine: its cores cannot be chosen"));
                if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                    throw new IOException("the " + process.getKey() + " of " + name + " (process " + pid + ") is gone: started again, "
                            + "it is no longer the process measured");
                }
                taskset(list, pid);
                pinned.add(process.getKey() + " " + pid);
            }
            out.println("Cores: " + name + " (" + String.join(", ", pinned) + ") on core(s) " + list);
        }
    }

    private static void taskset(String cores, long pid) throws IOException, InterruptedException {
        MachineCommand.run(List.of("taskset", "-a", "-p", "-c", cores, Long.toString(pid)),
                "taskset (util-linux), to give a variant cores of its own,");
    }
}

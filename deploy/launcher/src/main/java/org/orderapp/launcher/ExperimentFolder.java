package org.orderapp.launcher;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import org.orderapp.load.report.ResultFiles;

/**
 * The folder of an A/B result, results/experiments/TIME-NAME/: experiment.json (the definition as run, the command,
 * the machine) beside the comparison files. Experiments and benchmarks write the same, so every result reads alike.
 */
final class ExperimentFolder {

    private ExperimentFolder() {
    }

    /** A new folder named by the time and the experiment. */
    static Path create(Path output, String name) throws IOException {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path folder = output.resolve(stamp + "-" + name);
        for (int n = 2; Files.exists(folder); n++) {
            folder = output.resolve(stamp + "-" + name + "-" + n);
        }
        Files.createDirectories(folder);
        return folder;
    }

    /** Cores, memory, JDK, operating system, WildFly, and the code of each checkout (commit, and whether it was changed). */
    static Map<String, Object> machine(Map<String, ProjectLayout> checkouts) {
        Map<String, Object> machine = new LinkedHashMap<>();
        machine.put("cores", Runtime.getRuntime().availableProcessors());
        var os = ManagementFactory.getOperatingSystemMXBean();
        machine.put("memoryBytes", os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getTotalMemorySize() : null);
        machine.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        machine.put("wildfly", ProjectLayout.WILDFLY_VERSION);
        Map<String, String> code = new LinkedHashMap<>();
        checkouts.forEach((name, layout) -> code.put(name, Git.describe(layout.root())));
        machine.put("code", code);
        return machine;
    }

    static void writeExperimentJson(Path folder, Map<String, Object> content) throws IOException {
        ResultFiles.JSON.writeValue(folder.resolve("experiment.json").toFile(), content);
    }
}

package org.orderapp.lab.run;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.orderapp.driver.report.ResultFiles;
import org.orderapp.driver.report.RunProvenance;
import org.orderapp.lab.experiment.Comparison;
import org.orderapp.lab.experiment.ComparisonFiles;
import org.orderapp.lab.experiment.ExperimentDefinition;
import org.orderapp.lab.experiment.Observation;
import org.orderapp.stack.layout.ProjectLayout;

/**
 * The folder of an A/B result, results/experiments/TIME-NAME/: experiment.json (the definition as run, the command,
 * the machine) beside the comparison files. Experiments and benchmarks write the same, so every result reads alike.
 */
public final class ExperimentFolder {

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
        checkouts.forEach((name, layout) -> code.put(name, RunProvenance.commitOf(layout.root())));
        machine.put("code", code);
        return machine;
    }

    /**
     * A benchmark measured side by side in one run, kept as every A/B result is: a new folder under output with
     * experiment.json (the definition, the command, the machine, the benchmark's own results) and the comparison
     * files of its observations, with the notes given (the server's durability when unsafe). Prints the verdicts;
     * answers the folder.
     */
    public static Path writeBenchmark(Path output, ExperimentDefinition definition, String command, Instant started,
                               Map<String, String> units, String warmUp, List<Observation> observations, Object results,
                               List<String> notes, PrintStream out) throws IOException {
        var comparison = Comparison.of(definition, new Comparison.Context(command, started.toString(), Instant.now().toString(),
                units, warmUp, false, notes), observations);
        Path folder = create(output, definition.name());
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("experiment", definition.name());
        record.put("status", "finished");
        record.put("command", command);
        record.put("started", started.toString());
        record.put("definition", definition.asMap());
        record.put("machine", machine(Map.of("this", ProjectLayout.current())));
        record.put("results", results);
        writeExperimentJson(folder, record);
        ComparisonFiles.write(folder, comparison);
        ComparisonFiles.print(comparison, out);
        out.println("Comparison: " + folder.resolve("comparison.html"));
        return folder;
    }

    static void writeExperimentJson(Path folder, Map<String, Object> content) throws IOException {
        ResultFiles.JSON.writeValue(folder.resolve("experiment.json").toFile(), content);
    }
}

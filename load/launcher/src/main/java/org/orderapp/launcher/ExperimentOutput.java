package org.orderapp.launcher;

import java.nio.file.Path;
import org.orderapp.stack.layout.ProjectLayout;
import picocli.CommandLine.Option;

/** --output: where experiments and benchmarks create their folders, results/experiments unless given. */
public class ExperimentOutput {

    @Option(names = "--output", paramLabel = "DIR",
            description = "Where the experiment's folder is created (default: results/experiments in the project).")
    Path output;

    Path resolve(ProjectLayout layout) {
        return output != null ? output : layout.root().resolve("results/experiments");
    }
}

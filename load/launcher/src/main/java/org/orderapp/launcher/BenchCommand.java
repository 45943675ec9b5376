package org.orderapp.launcher;

import picocli.CommandLine.Command;
import picocli.CommandLine;

/** Benchmarks measured side by side in one run, kept as every A/B result is (the comparison files). */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Benchmarks measured side by side in one run; each prints its figures and writes the comparison files",
                "every experiment writes (results/experiments/<time>-NAME/: comparison.json, .csv, .html, experiment.json)."},
        subcommands = {BenchBatchInsertCommand.class, BenchDriverCommand.class})
public class BenchCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}

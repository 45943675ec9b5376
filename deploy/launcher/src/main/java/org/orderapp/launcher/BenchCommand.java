package org.orderapp.launcher;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Benchmarks that print figures measured side by side in one run. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Benchmarks that print their figures, measured side by side in one run.",
        subcommands = {BenchBatchInsertCommand.class, BenchDriverCommand.class})
class BenchCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}

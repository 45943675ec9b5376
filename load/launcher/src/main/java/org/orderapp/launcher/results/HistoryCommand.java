package org.orderapp.launcher.results;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.orderapp.driver.report.RunHistory;
import org.orderapp.lab.history.ChangePoints;
import org.orderapp.lab.history.HistoryFile;
import org.orderapp.lab.history.MetricHistory;
import org.orderapp.lab.history.OtavaExport;
import org.orderapp.stack.layout.ProjectLayout;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "history", mixinStandardHelpOptions = true,
        description = {"Each figure of results/history.csv (a row per load and per run of an experiment) over the runs, with",
                "their commits, split by profile and settings digest, and the runs where it changed level: E-Divisive",
                "means with a permutation test (p <= 0.01), the method of Apache Otava (formerly Hunter)."})
public class HistoryCommand implements Callable<Integer> {

    @Option(names = "--metric", paramLabel = "M", description = "One figure only: ${COMPLETION-CANDIDATES}.",
            completionCandidates = Metrics.class)
    String metric;

    @Option(names = "--file", paramLabel = "CSV", description = "The history read (default: results/history.csv in the project).")
    Path file;

    @Option(names = "--otava", paramLabel = "DIR", description = {"Also write the history as Apache Otava reads it into DIR:",
            "a CSV file per profile and settings digest, holding the figures each of its runs recorded, and otava.yaml",
            "naming them (otava --config-file DIR/otava.yaml analyze ...)."})
    Path otava;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The metric names, for --metric's help and completion. */
    static class Metrics implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return HistoryFile.METRICS.iterator();
        }
    }

    @Override
    public Integer call() throws Exception {
        if (metric != null && !HistoryFile.METRICS.contains(metric)) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "no metric " + metric + " in the history; there are " + String.join(", ", HistoryFile.METRICS));
        }
        var rows = HistoryFile.read(file != null ? file : ProjectLayout.current().root().resolve("results").resolve(RunHistory.FILE));
        for (String m : metric != null ? List.of(metric) : HistoryFile.METRICS) {
            for (MetricHistory history : MetricHistory.of(rows, m, ChangePoints.Settings.DEFAULT)) {
                System.out.println(history.text());
            }
        }
        if (otava != null) {
            List<OtavaExport.Test> tests;
            try {
                tests = OtavaExport.write(rows, otava);
            } catch (java.io.IOException e) {
                throw new java.io.IOException("the Otava files could not be written to " + otava + ": "
                        + e.getClass().getSimpleName() + " " + e.getMessage(), e);
            }
            for (OtavaExport.Test test : tests) {
                System.out.printf("Otava test %s: %d runs, %s (%s)%n", test.name(), test.runs(), String.join(", ", test.metrics()),
                        otava.resolve(test.file()));
            }
            System.out.println("Otava configuration: " + otava.resolve(OtavaExport.CONFIG));
        }
        return 0;
    }
}

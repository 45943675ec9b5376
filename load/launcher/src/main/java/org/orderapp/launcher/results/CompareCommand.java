package org.orderapp.launcher.results;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.orderapp.driver.report.SavedRun;
import org.orderapp.lab.history.ComparisonPage;
import org.orderapp.lab.history.RunComparison;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Two or more run folders side by side: throughput, p50 and p99 per step and request type, CPU ms per",
                "transaction by role (server, db, driver) where measured, the settings that differ, the commit, JVM and",
                "machine of each; printed as a table and written as an HTML page. Warns when settings or machines differ."})
public class CompareCommand implements Callable<Integer> {

    @Parameters(paramLabel = "RUN", arity = "1..*", description = "Run folders (results/<time>-<model>..., an experiment's runs/<name>).")
    List<Path> runs;

    @Option(names = "--output", paramLabel = "FILE", defaultValue = "compare.html", description = "The HTML page written.")
    Path output;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (runs.size() < 2) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "compare needs two run folders or more; one was given: " + runs.get(0));
        }
        var saved = new ArrayList<SavedRun>();
        for (Path run : runs) {
            saved.add(SavedRun.open(run));
        }
        var comparison = RunComparison.of(saved);
        System.out.print(comparison.text());
        ComparisonPage.write(comparison, output);
        System.out.println("Page: " + output.toAbsolutePath().normalize());
        return 0;
    }
}

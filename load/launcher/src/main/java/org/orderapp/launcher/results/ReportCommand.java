package org.orderapp.launcher.results;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.orderapp.driver.report.SavedRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Write a run folder's report.html again from its summary.json, by the driver's report writer",
                "(after an upgrade of the report page, or when report.html was lost)."})
public class ReportCommand implements Callable<Integer> {

    @Parameters(paramLabel = "DIR", description = "A run folder (results/<time>-<model>..., or an experiment's runs/<name>).")
    Path folder;

    @Override
    public Integer call() throws Exception {
        System.out.println("Report: " + SavedRun.open(folder).writeReport());
        return 0;
    }
}

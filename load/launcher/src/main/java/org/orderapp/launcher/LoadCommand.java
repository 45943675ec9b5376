package org.orderapp.launcher;

import java.util.concurrent.Callable;
import org.orderapp.driver.LoadDriver;
import org.orderapp.driver.settings.LoadOptions;
import org.orderapp.stack.layout.ProjectLayout;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Command(name = "load", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Drive load against the running application (./order run in another terminal) and write a run folder",
                "under results/: config.json, summary.json, CSV files, HdrHistogram logs and report.html.",
                "Exit status: 1 when the run fails --fail-on (by default an INVALID run or a failed audit), else 0."})
public class LoadCommand implements Callable<Integer> {

    @Mixin
    LoadOptions options;

    @Mixin
    TargetOptions target;

    @Mixin
    FailOnOption exit;

    @Override
    public Integer call() throws Exception {
        var layout = ProjectLayout.current();
        var config = options.toConfig(layout.root().resolve("results"));
        var result = new LoadDriver(config, target.resolve(layout), System.out).run();
        return exit.failOn.exitStatus(result.validity().valid(), result.audit() != null && !result.auditPassed());
    }
}

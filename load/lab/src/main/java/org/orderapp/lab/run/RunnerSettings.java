package org.orderapp.lab.run;

import java.nio.file.Path;

/**
 * How an experiment is run on this machine, not what it measures: the servers' port offset, the results folder, the
 * folder of the servers' and databases' state, whether an external database may be emptied, whether to stop at the
 * plan, the command line as typed (for experiment.json), and whether every server may start on a database that can
 * lose committed transactions. Set by the command, read by both methods' runners.
 */
public record RunnerSettings(int portOffset, Path output, Path state, boolean resetAllowed, boolean dryRun, String command,
                             boolean allowUnsafeDurability) {
}

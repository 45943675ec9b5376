package org.orderapp.lab.interleaved;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** A command of the machine's own tools (taskset, renice) run to its end; a failure says what it printed. */
final class MachineCommand {

    private MachineCommand() {
    }

    /**
     * Runs the command and waits for it.
     *
     * @param needed what to install when the command is missing, e.g. "taskset (util-linux)"
     * @throws IOException the command is missing or ended with another status than 0 (its output in the message)
     */
    static void run(List<String> command, String needed) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IOException(needed + " is needed: " + e.getMessage(), e);
        }
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (p.waitFor() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + said);
        }
    }
}

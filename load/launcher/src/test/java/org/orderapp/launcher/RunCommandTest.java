package org.orderapp.launcher;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orderapp.driver.settings.LoadOptions;
import picocli.CommandLine;

/** ./order run refuses what it cannot serve before anything starts. */
class RunCommandTest {

    @Test
    void tlsOnAClusterIsRefusedBeforeAnythingStarts(@TempDir Path dir) {
        for (List<String> options : List.of(List.of("--tls", "--nodes", "2"),
                List.of("--nodes", "3", "--tls-cert", "server.crt", "--tls-key", "server.key"),
                List.of("--nodes", "2", "-D", "order.tls.enabled=true"))) {
            Path state = dir.resolve("state");
            var args = new ArrayList<>(List.of("run", "--state-dir", state.toString()));
            args.addAll(options);
            var err = new StringWriter();
            CommandLine order = LoadOptions.commandLine(new OrderCommand());
            order.setErr(new PrintWriter(err, true));

            assertEquals(2, order.execute(args.toArray(String[]::new)), options.toString());
            String said = err.toString();
            assertTrue(said.contains("cannot be used with --nodes") && said.contains("load balancer, which has no HTTPS listener"),
                    options + ": " + said);
            assertFalse(said.contains("not built"), "refused before the build is even looked at: " + said);
            assertFalse(Files.exists(state), "nothing written");
        }
    }

    @Test
    void oneServerOverTlsAndAClusterOverHttpAreNotRefused() {
        for (List<String> options : List.of(List.of("--tls"), List.of("--tls", "--nodes", "1"), List.of("--nodes", "2"),
                List.of("--nodes", "2", "-D", "order.tls.enabled=true", "-D", "order.tls.enabled=false"))) {
            var run = new RunCommand();
            LoadOptions.commandLine(run).parseArgs(options.toArray(String[]::new));
            assertDoesNotThrow(run::refuseWhatCannotBeServed, options.toString());
        }
    }
}

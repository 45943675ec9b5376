package org.orderapp.launcher;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orderapp.driver.settings.LoadOptions;
import picocli.CommandLine;

/** ./order run refuses what it cannot serve before anything starts, and a refusal says only why. */
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

    /**
     * A bad option says what is wrong and nothing else: not "Stopping ... Stopped." from a stack that never started.
     * As a user runs it, in a JVM of its own (the stop is a shutdown hook), on a project that looks built.
     */
    @Test
    void aRefusedOptionPrintsOnlyItsReason(@TempDir Path home) throws Exception {
        Path configuration = home.resolve("deploy/server/target/wildfly/standalone/configuration");
        Files.createDirectories(configuration.resolve("profiles"));
        Files.writeString(configuration.resolve("order.xml"), "<server/>\n");
        Files.writeString(configuration.resolve("profiles/baseline.properties"), "server-config=order.xml\n");
        Files.createDirectories(home.resolve("deploy/ear/target"));
        Files.writeString(home.resolve("deploy/ear/target/order.ear"), "");

        Run javaHome = order(home, Map.of(), "run", "--java-home", home.resolve("missing").toString());
        javaHome.refused("--java-home: no JDK in");
        assertFalse(Files.exists(home.resolve("var")), "nothing written");

        Run keyWithout = order(home, Map.of(), "run", "--tls-cert", "server.crt");
        keyWithout.refused("--tls-cert and --tls-key go together");
        assertFalse(Files.exists(home.resolve("var")), "nothing written");

        // Refused by the stack itself, once the run's hook is in place.
        Run noPassword = order(home, Map.of("ORDER_DB_URL", "jdbc:mariadb://127.0.0.1:9/order"), "run");
        noPassword.refused("ORDER_DB_PASSWORD must be set for an external database");
    }

    private record Run(int status, String out, String err) {
        void refused(String reason) {
            assertEquals(2, status, err);
            assertTrue(err.startsWith("order: " + reason) && err.lines().count() == 1, "only the reason: " + err);
            assertFalse(out.contains("Stopping") || out.contains("Stopped"), "nothing started, nothing stopped: " + out);
        }
    }

    private static Run order(Path home, Map<String, String> environment, String... args) throws IOException, InterruptedException {
        var command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dorder.home=" + home, "-cp", System.getProperty("java.class.path"), OrderCommand.class.getName()));
        command.addAll(List.of(args));
        var builder = new ProcessBuilder(command).directory(home.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("ORDER_"));
        builder.environment().putAll(environment);
        Path out = home.resolve("out.txt");
        Path err = home.resolve("err.txt");
        Process p = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("./order " + String.join(" ", args) + " did not end within 60 s");
        }
        var run = new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        Files.delete(out);
        Files.delete(err);
        return run;
    }
}

package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.orderapp.stack.admin.AdminCredentials;
import org.orderapp.stack.database.ApplicationAccount;

/**
 * ./order run as a user starts it, from a state folder under the temporary directory (where a checkout under /tmp
 * keeps its state): it serves, every process it started listens on loopback only, the database password it made is
 * kept owner-only beside the data and appears on no command line and in no output, and Ctrl-C (SIGTERM) stops
 * everything it started. The cluster's and the database cluster's starts are watched the same way in ClusterIT and
 * GaleraIT.
 */
class RunCommandIT {

    private static final Pattern APPLICATION = Pattern.compile("Application\\s+(http://\\S+)");

    @Test
    void servesOnLoopbackOnlyAndStopsEverythingItStarted() throws Exception {
        Path state = Path.of(System.getProperty("java.io.tmpdir"), "order-run-it-" + UUID.randomUUID());
        Path work = Path.of(System.getProperty("order.it.dir", "target")).resolve("run-it").toAbsolutePath();
        OrderCli.deleteRecursively(work);
        Files.createDirectories(work);
        Path console = work.resolve("console.log");
        Path home = Path.of(System.getProperty("order.home")).toAbsolutePath().normalize();
        var command = new ArrayList<>(List.of(home.resolve("order").toString(), "run", "--state-dir", state.toString(), "--no-seed",
                "-D", "jboss.socket.binding.port-offset=" + OrderCli.portOffset(130)));
        var builder = new ProcessBuilder(command).directory(home.toFile()).redirectErrorStream(true).redirectOutput(console.toFile());
        builder.environment().put(AdminCredentials.PASSWORD_VARIABLE, TestAdmin.admin().password());
        builder.environment().remove("ORDER_DB_URL");
        Process run = builder.start();
        try (var sockets = ListeningSockets.watch(run.toHandle())) {
            URI application = awaitRunning(run, console, Duration.ofMinutes(6));
            var ping = HttpClient.newHttpClient().send(HttpRequest.newBuilder(application.resolve("api/ping")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, ping.statusCode(), "the application answers on " + application + ": " + ping.body());

            List<ListeningSockets.Listener> seen = sockets.seen();
            assertTrue(seen.stream().anyMatch(l -> l.command().contains("mariadbd")), "the database's socket is seen: " + seen);
            assertTrue(seen.stream().anyMatch(l -> l.port() == application.getPort()), "the HTTP listener is seen: " + seen);
            assertEquals(List.of(), sockets.exposed(), "every socket on loopback; all seen: " + seen);

            // The launcher and the server it started run on the JDK of JAVA_HOME (the build's order.it.java-home).
            List<String> jvms = sockets.commandLines().values().stream()
                    .filter(line -> line.contains("org.orderapp.launcher.OrderCommand") || line.contains("jboss-modules.jar")).toList();
            assertTrue(jvms.stream().anyMatch(line -> line.contains("OrderCommand")) && jvms.stream().anyMatch(line -> line.contains(
                    "jboss-modules.jar")), "the launcher's and the server's JVMs are seen: " + jvms);
            for (String jvm : jvms) {
                assertTrue(ServerJdk.runs(jvm), "runs " + ServerJdk.home() + "/bin/java: " + jvm);
            }

            Path passwordFile = state.resolve("mariadb").resolve(ApplicationAccount.PASSWORD_FILE);
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(passwordFile)));
            String password = Files.readString(passwordFile).strip();
            sockets.commandLines().forEach((pid, line) ->
                    assertFalse(line.contains(password), "the database password is on the command line of " + pid + ": " + line));

            run.destroy(); // SIGTERM, as Ctrl-C
            assertTrue(run.waitFor(3, TimeUnit.MINUTES), "./order run stopped; see " + console);
            assertEquals(List.of(), sockets.commandLines().keySet().stream().filter(pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive)
                    .orElse(false)).toList(), "nothing it started still runs");
            assertFalse(Files.readString(console).contains(password), "the database password is not printed");
        } finally {
            if (run.isAlive()) { // a failed assertion: Ctrl-C first, so that ./order run stops what it started
                run.destroy();
                run.waitFor(2, TimeUnit.MINUTES);
            }
            run.descendants().forEach(ProcessHandle::destroyForcibly);
            run.destroyForcibly();
            OrderCli.deleteRecursively(state);
        }
    }

    private static URI awaitRunning(Process run, Path console, Duration limit) throws Exception {
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            String out = Files.readString(console);
            Matcher m = APPLICATION.matcher(out);
            if (out.contains("Order is running") && m.find()) {
                return URI.create(m.group(1));
            }
            assertTrue(run.isAlive(), "./order run ended (exit " + (run.isAlive() ? "" : run.exitValue()) + "): " + out);
            Thread.sleep(500);
        }
        throw new AssertionError("./order run did not serve within " + limit.toMinutes() + " minutes; see " + console);
    }
}

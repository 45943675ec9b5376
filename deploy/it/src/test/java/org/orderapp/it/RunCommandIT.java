package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.orderapp.stack.RunState;
import org.orderapp.stack.admin.AdminClient;
import org.orderapp.stack.admin.AdminCredentials;
import org.orderapp.stack.admin.ReferenceDataSeed;
import org.orderapp.stack.database.ApplicationAccount;
import org.orderapp.stack.layout.ProjectLayout;
import org.orderapp.stack.layout.ServerAddress;
import org.orderapp.stack.tls.ServerCertificate;
import org.orderapp.target.ServerTrust;
import org.orderapp.target.Target;

/**
 * ./order run --tls as a user starts it, from a state folder under the temporary directory (where a checkout under
 * /tmp keeps its state): it serves HTTPS with the certificate it made for the folder, sends plain HTTP there and marks
 * the session cookie Secure, every process it started listens on loopback only, the database password and the key
 * store's password it made are kept owner-only beside the data and appear on no command line and in no output, the
 * admin client trusts the certificate run.properties names, --allow-unsafe-durability reaches the server's command line,
 * and Ctrl-C (SIGTERM) stops everything it started. The cluster's and the database cluster's starts are watched the same way in ClusterIT and
 * GaleraIT.
 */
@OwnStackTest
@Order(7)
class RunCommandIT {

    private static final Pattern APPLICATION = Pattern.compile("Application\\s+(https?://\\S+)");

    @Test
    void servesHttpsOnLoopbackOnlyAndStopsEverythingItStarted() throws Exception {
        Path state = Path.of(System.getProperty("java.io.tmpdir"), "order-run-it-" + UUID.randomUUID());
        Path work = Path.of(System.getProperty("order.it.dir", "target")).resolve("run-it").toAbsolutePath();
        OrderCli.deleteRecursively(work);
        Files.createDirectories(work);
        Path console = work.resolve("console.log");
        Path home = Path.of(System.getProperty("order.home")).toAbsolutePath().normalize();
        int offset = Integer.parseInt(OrderCli.portOffset(130));
        var command = new ArrayList<>(List.of(home.resolve("order").toString(), "run", "--tls", "--state-dir", state.toString(), "--no-seed",
                "--allow-unsafe-durability", "-D", "jboss.socket.binding.port-offset=" + offset));
        var builder = new ProcessBuilder(command).directory(home.toFile()).redirectErrorStream(true).redirectOutput(console.toFile());
        builder.environment().put(AdminCredentials.PASSWORD_VARIABLE, TestAdmin.admin().password());
        builder.environment().remove("ORDER_DB_URL");
        Process run = builder.start();
        try (var sockets = ListeningSockets.watch(run.toHandle())) {
            URI application = awaitRunning(run, console, Duration.ofMinutes(6));
            assertEquals("https://localhost:" + (ServerAddress.DEFAULT_HTTPS_PORT + offset) + "/Order/", application.toString());
            Path tls = state.resolve("tls");
            var https = HttpClient.newBuilder().sslContext(ServerTrust.of(tls.resolve(ServerCertificate.CERTIFICATE_FILE)).sslContext())
                    .followRedirects(HttpClient.Redirect.NEVER).build();
            var ping = https.send(HttpRequest.newBuilder(application.resolve("api/ping")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, ping.statusCode(), "the application answers on " + application + ": " + ping.body());
            assertThrows(javax.net.ssl.SSLHandshakeException.class, () -> HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(application.resolve("api/ping")).build(), HttpResponse.BodyHandlers.discarding()),
                    "a client that trusts only the JDK's authorities refuses the certificate made for the folder");

            URI plain = URI.create("http://localhost:" + (ServerAddress.DEFAULT_HTTP_PORT + offset) + "/Order/");
            var redirected = HttpClient.newHttpClient().send(HttpRequest.newBuilder(plain.resolve("api/ping?x=1")).build(),
                    HttpResponse.BodyHandlers.discarding());
            assertEquals(301, redirected.statusCode(), "plain HTTP is sent to HTTPS");
            assertEquals(application.resolve("api/ping?x=1").toString(), redirected.headers().firstValue("Location").orElse(null));

            var search = https.send(HttpRequest.newBuilder(application.resolve("Browse"))
                    .header("Content-Type", "application/x-www-form-urlencoded").header("Accept", "text/html")
                    .POST(HttpRequest.BodyPublishers.ofString("action=products&name=A")).build(), HttpResponse.BodyHandlers.discarding());
            String cookie = search.headers().firstValue("Set-Cookie").orElse("");
            assertTrue(cookie.startsWith("JSESSIONID=") && cookie.toLowerCase(java.util.Locale.ROOT).contains("; secure"),
                    "the session cookie is Secure under TLS: " + search.headers().map());

            // The other commands find the certificate in run.properties, and the admin client trusts it.
            RunState running = RunState.read(new ProjectLayout(home)).orElseThrow();
            assertEquals(tls.resolve(ServerCertificate.CERTIFICATE_FILE), running.certificate());
            var admin = new AdminClient(application, Optional.of(TestAdmin.admin()), running.trust());
            assertFalse(admin.plan(ReferenceDataSeed.SCALE).referenceDataPresent(), "the admin API answers over HTTPS (no data: --no-seed)");

            List<ListeningSockets.Listener> seen = sockets.seen();
            assertTrue(seen.stream().anyMatch(l -> l.command().contains("mariadbd")), "the database's socket is seen: " + seen);
            assertTrue(seen.stream().anyMatch(l -> l.port() == application.getPort()), "the HTTPS listener is seen: " + seen);
            assertTrue(seen.stream().anyMatch(l -> l.port() == plain.getPort()), "the HTTP listener is seen: " + seen);
            assertEquals(List.of(), sockets.exposed(), "every socket on loopback; all seen: " + seen);

            // The launcher and the server it started run on the JDK of JAVA_HOME (the build's order.it.java-home).
            List<String> jvms = sockets.commandLines().values().stream()
                    .filter(line -> line.contains("org.orderapp.launcher.OrderCommand") || line.contains("jboss-modules.jar")).toList();
            assertTrue(jvms.stream().anyMatch(line -> line.contains("OrderCommand")) && jvms.stream().anyMatch(line -> line.contains(
                    "jboss-modules.jar")), "the launcher's and the server's JVMs are seen: " + jvms);
            for (String jvm : jvms) {
                assertTrue(ServerJdk.runs(jvm), "runs " + ServerJdk.home() + "/bin/java: " + jvm);
            }
            // --allow-unsafe-durability reaches the server's command line, and ./order run says so where it prints the URLs.
            assertTrue(jvms.stream().filter(line -> line.contains("jboss-modules.jar"))
                    .allMatch(line -> line.contains("-D" + Target.ALLOW_UNSAFE_DURABILITY + "=true")), "the server is allowed: " + jvms);
            assertTrue(Files.readString(console).contains("Durability    UNSAFE allowed (--allow-unsafe-durability)"),
                    "said with the URLs; see " + console);

            Path passwordFile = state.resolve("mariadb").resolve(ApplicationAccount.PASSWORD_FILE);
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(passwordFile)));
            String password = Files.readString(passwordFile).strip();
            sockets.commandLines().forEach((pid, line) ->
                    assertFalse(line.contains(password), "the database password is on the command line of " + pid + ": " + line));

            for (String file : List.of("generated.p12", "keystore-password")) {
                assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(tls.resolve(file))), file);
            }
            String keyStorePassword = Files.readString(tls.resolve("keystore-password")).strip();
            assertEquals(List.of(), processesWhoseCommandLineHolds(keyStorePassword), "the key store's password is on no command line");
            assertEquals(List.of(), processesWhoseCommandLineHolds(password), "the database password is on no command line");

            run.destroy(); // SIGTERM, as Ctrl-C
            assertTrue(run.waitFor(3, TimeUnit.MINUTES), "./order run stopped; see " + console);
            assertEquals(List.of(), sockets.commandLines().keySet().stream().filter(pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive)
                    .orElse(false)).toList(), "nothing it started still runs");
            assertFalse(Files.readString(console).contains(password), "the database password is not printed");
            assertFalse(Files.readString(console).contains(keyStorePassword), "the key store's password is not printed");
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

    /** Every process of this machine whose command line (/proc/PID/cmdline) holds the text. */
    private static List<Long> processesWhoseCommandLineHolds(String text) throws java.io.IOException {
        var holding = new ArrayList<Long>();
        try (var procs = Files.list(Path.of("/proc"))) {
            for (Path proc : (Iterable<Path>) procs::iterator) {
                String name = proc.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                try {
                    String line = new String(Files.readAllBytes(proc.resolve("cmdline")), java.nio.charset.StandardCharsets.UTF_8);
                    if (line.contains(text)) {
                        holding.add(Long.parseLong(name));
                    }
                } catch (java.io.IOException gone) {
                    // ended meanwhile, or not ours to read
                }
            }
        }
        return holding;
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

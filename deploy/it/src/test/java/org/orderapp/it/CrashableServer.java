package org.orderapp.it;

import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.wildfly.core.launcher.Launcher;
import org.wildfly.core.launcher.StandaloneCommandBuilder;

/**
 * A second server of the provisioned WildFly that a test may kill: its own base directory (kept across restarts,
 * as a real installation keeps its data and logs), its own ports (offset 50 above the suite's server), order.ear
 * deployed by the deployment scanner, the test database. The process is the server JVM itself (WildFly's
 * launcher starts java directly, no script in between), so {@link #kill()} is a SIGKILL of the JVM: no shutdown
 * hook, no graceful stop of the batch job, connections dropped by the operating system.
 */
final class CrashableServer implements AutoCloseable {

    private static final Duration DEPLOY_TIMEOUT = Duration.ofMinutes(5);

    private final Path home = Path.of(System.getProperty("order.server.home"));
    private final Path base;
    private final int portOffset;
    private Process process;
    private int starts;

    CrashableServer(Path base) {
        this.base = base;
        this.portOffset = Integer.getInteger("order.it.port-offset", 100) + 50;
    }

    URL applicationUrl() throws IOException {
        return new URL("http://localhost:" + (8080 + portOffset) + "/Order/");
    }

    /** Starts the server (a fresh base directory the first time) and waits until order.ear is deployed. */
    void start() throws IOException, InterruptedException {
        if (starts == 0) {
            prepareBaseDirectory();
        }
        Path deployments = base.resolve("deployments");
        for (String marker : new String[]{"deployed", "failed", "isdeploying", "pending"}) {
            Files.deleteIfExists(deployments.resolve("order.ear." + marker));
        }
        var command = StandaloneCommandBuilder.of(home)
                .setBaseDirectory(base)
                .setServerConfiguration("order.xml")
                .addJavaOptions("-Xms256m", "-Xmx768m",
                        "-Djboss.socket.binding.port-offset=" + portOffset,
                        "-D" + TestAdmin.REALM_DIR + "=" + TestAdmin.realmDir())
                .addPropertiesFile(TestDatabase.serverProperties());
        starts++;
        process = Launcher.of(command).setRedirectErrorStream(true)
                .redirectOutput(base.resolve("console-" + starts + ".log")).launch();
        long deadline = System.nanoTime() + DEPLOY_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (Files.exists(deployments.resolve("order.ear.deployed"))) {
                return;
            }
            if (Files.exists(deployments.resolve("order.ear.failed")) || !process.isAlive()) {
                throw new IOException("the server did not deploy order.ear; see " + base.resolve("console-" + starts + ".log"));
            }
            Thread.sleep(250);
        }
        throw new IOException("order.ear was not deployed within " + DEPLOY_TIMEOUT.toSeconds() + " s");
    }

    /** The JVM's process id: the process this object started is the server JVM. */
    long pid() {
        return process.pid();
    }

    /** SIGKILL to the server JVM, then waits until it is gone. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the server JVM " + process.pid() + " survived SIGKILL");
        }
    }

    /** Stops the server gracefully (SIGTERM), forcibly if it does not stop in time. */
    @Override
    public void close() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroy();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
    }

    private void prepareBaseDirectory() throws IOException {
        if (Files.exists(base)) {
            try (Stream<Path> paths = Files.walk(base)) {
                paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        Path configuration = home.resolve("standalone/configuration");
        try (Stream<Path> files = Files.walk(configuration)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                if (p.toString().contains("standalone_xml_history")) {
                    continue;
                }
                Path target = base.resolve("configuration").resolve(configuration.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        Files.createDirectories(base.resolve("deployments"));
        Files.copy(Path.of(System.getProperty("order.ear")), base.resolve("deployments/order.ear"));
    }
}

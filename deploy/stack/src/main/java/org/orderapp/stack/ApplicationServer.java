package org.orderapp.stack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.orderapp.stack.admin.AdminCredentials;
import org.orderapp.stack.admin.AdminRealm;
import org.orderapp.stack.database.DatabaseTarget;
import org.orderapp.stack.layout.ProjectLayout;
import org.orderapp.stack.layout.ServerAddress;
import org.orderapp.stack.layout.ServerProfile;

/**
 * The provisioned WildFly, run as a child process with its own base directory (var/server for ./order run), so the
 * build's copy stays pristine and a rebuild never loses the run's data or logs. The EAR is deployed by the
 * deployment scanner; the server's console goes to log/console.log in the base directory.
 */
public final class ApplicationServer implements AutoCloseable {

    private static final Duration STOP_GRACE = Duration.ofSeconds(60);
    /**
     * A training start for an AOT cache writes the cache as its JVM exits (JDK 25: the JVM records what it loaded and
     * linked, then a child JVM assembles the cache), which takes minutes on a busy machine; killed earlier, it leaves none.
     */
    private static final Duration AOT_TRAINING_STOP_GRACE = Duration.ofMinutes(10);
    private static final String AOT_CACHE_OUTPUT = "-XX:AOTCacheOutput=";

    private final Process process;
    private final Path base;
    private final Duration stopGrace;

    private ApplicationServer(Process process, Path base, Duration stopGrace) {
        this.process = process;
        this.base = base;
        this.stopGrace = stopGrace;
    }

    /**
     * @param layout           the checkout whose server and EAR run
     * @param base             the server's base directory (configuration, data, logs, deployments)
     * @param admin            the administrator written into the server's admin realm before it starts
     * @param systemProperties "-Dname=value" arguments of the server
     * @param jvmOptions       JVM options added after the profile's (a later option wins)
     * @param serverCli        management operations applied offline to the run's copy of the configuration before
     *                         the start, for settings WildFly takes no expression for (none: the build's as it is)
     * @param environment      further environment variables of the server (a cluster's secret), never on its command line
     * @param javaHome         the JDK the server runs on (its JAVA_HOME); null: the one the caller's environment names
     */
    public record Settings(ProjectLayout layout, Path base, ServerProfile profile, DatabaseTarget database, String dialect,
                           int httpPort, AdminCredentials admin, List<String> systemProperties, List<String> jvmOptions,
                           List<String> serverCli, Map<String, String> environment, Path javaHome) {

        public Settings(ProjectLayout layout, Path base, ServerProfile profile, DatabaseTarget database, String dialect,
                        int httpPort, AdminCredentials admin, List<String> systemProperties, List<String> jvmOptions,
                        List<String> serverCli, Map<String, String> environment) {
            this(layout, base, profile, database, dialect, httpPort, admin, systemProperties, jvmOptions, serverCli, environment, null);
        }

        public Settings(ProjectLayout layout, Path base, ServerProfile profile, DatabaseTarget database, String dialect,
                        int httpPort, AdminCredentials admin, List<String> systemProperties, List<String> jvmOptions) {
            this(layout, base, profile, database, dialect, httpPort, admin, systemProperties, jvmOptions, List.of(), Map.of());
        }
    }

    private static final Duration SERVER_CLI_TIMEOUT = Duration.ofMinutes(5);

    public static ApplicationServer start(Settings settings) throws IOException {
        var layout = settings.layout();
        Path base = settings.base();
        prepareBaseDirectory(layout.serverHome(), base);
        AdminRealm.write(base.resolve("configuration"), settings.admin().realmUsers());
        if (!settings.serverCli().isEmpty()) {
            applyServerCli(layout.serverHome(), base, settings.profile().serverConfig(), settings.serverCli(), settings.javaHome());
        }
        Files.copy(layout.ear(), base.resolve("deployments/order.ear"), StandardCopyOption.REPLACE_EXISTING);

        var builder = new ProcessBuilder(command(settings))
                .redirectErrorStream(true)
                .redirectOutput(base.resolve("log/console.log").toFile());
        Map<String, String> env = builder.environment();
        env.put("JBOSS_HOME", layout.serverHome().toString());
        onJdk(env, settings.javaHome());
        env.put("LAUNCH_JBOSS_IN_BACKGROUND", "true"); // the script forwards TERM to the JVM and waits for it
        // The profile's options: those always given, then its heap and collector with any further options, unless the
        // caller's environment sets the sizing already, which then follows those always given.
        String callers = env.get("JBOSS_JAVA_SIZING");
        env.put("JBOSS_JAVA_SIZING", callers == null ? settings.profile().jvmSizing(layout, settings.jvmOptions())
                : String.join(" ", settings.profile().jvmOptionsAlways()) + " " + callers);
        // Credentials travel in the environment, never on a command line that ps would show.
        env.put(DatabaseTarget.URL, settings.database().url());
        env.put(DatabaseTarget.USER, settings.database().user());
        env.put(DatabaseTarget.PASSWORD, settings.database().password());
        env.put(ServerAddress.HTTP_PORT_SETTING, Integer.toString(settings.httpPort()));
        env.putAll(settings.environment());
        boolean training = settings.jvmOptions().stream().anyMatch(o -> o.startsWith(AOT_CACHE_OUTPUT));
        return new ApplicationServer(builder.start(), base, training ? AOT_TRAINING_STOP_GRACE : STOP_GRACE);
    }

    /** The server's command line: the start script, its configuration, base directory, dialect, then the system properties. */
    static List<String> command(Settings settings) {
        List<String> command = new ArrayList<>(List.of(
                settings.layout().serverHome().resolve("bin/standalone.sh").toString(),
                "-c", settings.profile().serverConfig(),
                "-Djboss.server.base.dir=" + settings.base(),
                "-Dorder.db.dialect=" + settings.dialect()));
        command.addAll(settings.systemProperties());
        return command;
    }

    /**
     * The operations, applied with jboss-cli to an embedded server on the base directory's configuration (the fresh
     * copy this start uses; the build's stays as it is). Its output is kept in log/server-cli.log.
     */
    private static void applyServerCli(Path serverHome, Path base, String serverConfig, List<String> operations, Path javaHome)
            throws IOException {
        Path script = base.resolve("configuration/server-cli.cli");
        var lines = new ArrayList<String>();
        lines.add("embed-server --server-config=" + serverConfig + " --std-out=discard");
        lines.addAll(operations);
        lines.add("stop-embedded-server");
        Files.write(script, lines);
        Path log = base.resolve("log/server-cli.log");
        var builder = new ProcessBuilder(serverHome.resolve("bin/jboss-cli.sh").toString(), "--file=" + script)
                .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("JAVA_OPTS", "-Djboss.server.base.dir=" + base);
        builder.environment().put("JBOSS_HOME", serverHome.toString());
        onJdk(builder.environment(), javaHome);
        Process cli = builder.start();
        try {
            if (!cli.waitFor(SERVER_CLI_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                cli.destroyForcibly();
                throw new IOException("the server's configuration commands did not finish within "
                        + SERVER_CLI_TIMEOUT.toMinutes() + " minutes; see " + log);
            }
        } catch (InterruptedException e) {
            cli.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while configuring the server", e);
        }
        if (cli.exitValue() != 0) {
            String output = Files.readString(log).strip();
            throw new IOException("the server's configuration commands failed (" + String.join("; ", operations) + "): "
                    + output.lines().filter(l -> l.contains("failed") || l.contains("WFLY")).findFirst().orElse(output)
                    + "; see " + log);
        }
    }

    /**
     * WildFly's scripts run JAVA_HOME's bin/java, unless JAVA names another: the server's JDK is JAVA_HOME alone.
     * Null leaves the caller's environment as it is.
     */
    static void onJdk(Map<String, String> environment, Path javaHome) {
        if (javaHome != null) {
            environment.put("JAVA_HOME", javaHome.toString());
            environment.remove("JAVA");
        }
    }

    /** A fresh configuration from the build on every start; data (transaction log, message journal) is kept. */
    static void prepareBaseDirectory(Path serverHome, Path base) throws IOException {
        Path configuration = base.resolve("configuration");
        if (Files.isDirectory(configuration)) {
            try (Stream<Path> files = Files.walk(configuration)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        Path source = serverHome.resolve("standalone/configuration");
        try (Stream<Path> files = Files.walk(source)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                if (p.toString().contains("standalone_xml_history")) {
                    continue;
                }
                Path target = configuration.resolve(source.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        Files.createDirectories(base.resolve("deployments"));
        Files.createDirectories(base.resolve("log"));
        try (Stream<Path> markers = Files.list(base.resolve("deployments"))) {
            for (Path marker : (Iterable<Path>) markers::iterator) {
                if (marker.getFileName().toString().matches("order\\.ear\\.(deployed|failed|isdeploying|pending|undeployed)")) {
                    Files.delete(marker);
                }
            }
        }
    }

    /** Waits until the deployment scanner reports the EAR deployed; fails fast if it failed or the server died. */
    public void awaitDeployment(Duration timeout) throws IOException, InterruptedException {
        Path deployments = base.resolve("deployments");
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            if (Files.exists(deployments.resolve("order.ear.deployed"))) {
                return;
            }
            Path failed = deployments.resolve("order.ear.failed");
            if (Files.exists(failed)) {
                throw new IOException("order.ear failed to deploy: " + DeploymentFailure.rootCauses(Files.readString(failed))
                        + System.lineSeparator() + "the server's whole description: " + failed + "; its log: " + consoleLog());
            }
            if (!process.isAlive()) {
                throw new IOException("the server stopped during start-up (exit " + process.exitValue() + "); see " + consoleLog());
            }
            Thread.sleep(250);
        }
        throw new IOException("order.ear was not deployed within " + timeout.toSeconds() + " s; see " + consoleLog());
    }

    public Path consoleLog() {
        return base.resolve("log/console.log");
    }

    public Path serverLog() {
        return base.resolve("log/server.log");
    }

    public Process process() {
        return process;
    }

    /** The server JVM (the start script's child), once it runs; the script itself before that. */
    public ProcessHandle jvm() {
        return process.descendants().findFirst().orElse(process.toHandle());
    }

    /** Stops the server gracefully (SIGTERM to the JVM), and forcibly if it has not stopped in time. */
    @Override
    public void close() throws InterruptedException {
        stop(process, stopGrace);
    }

    /** Stops a WildFly started by its script: SIGTERM to the JVM, then force if it has not stopped in time. */
    static void stop(Process process) throws InterruptedException {
        stop(process, STOP_GRACE);
    }

    private static void stop(Process process, Duration grace) throws InterruptedException {
        var jvms = process.descendants().toList();
        jvms.forEach(ProcessHandle::destroy);
        process.destroy();
        if (!process.waitFor(grace.toSeconds(), TimeUnit.SECONDS)) {
            jvms.forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly().waitFor();
        }
        for (ProcessHandle jvm : jvms) {
            jvm.onExit().orTimeout(grace.toSeconds(), TimeUnit.SECONDS).exceptionally(e -> {
                jvm.destroyForcibly();
                return jvm;
            }).join();
        }
    }
}

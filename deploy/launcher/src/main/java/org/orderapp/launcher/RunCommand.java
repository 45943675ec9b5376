package org.orderapp.launcher;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Starts everything the application needs, in order, and stops everything it started on Ctrl-C or SIGTERM:
 * the embedded database (unless ORDER_DB_URL names one), the server with the EAR, and a seed data set if the
 * database is empty.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Start the database (embedded unless ORDER_DB_URL is set) and the server with order.ear,",
                "seed a small data set into an empty database, print the URLs, and run until Ctrl-C or SIGTERM."})
class RunCommand implements Callable<Integer> {

    static final int DEFAULT_HTTP_PORT = 8080;

    @Option(names = "--http-port", description = "HTTP port (default: ORDER_HTTP_PORT, else 8080)")
    Integer httpPort;

    @Option(names = "--profile", paramLabel = "name", defaultValue = ServerProfile.DEFAULT,
            description = "Server profile: baseline (as provisioned) or tuned (production tuning); default ${DEFAULT-VALUE}.")
    String profileName;

    @Option(names = "--no-seed", description = "Do not load the seed data set into an empty database.")
    boolean noSeed;

    @Option(names = {"-D"}, paramLabel = "property=value",
            description = "A system property for the server, e.g. -D order.services.batch-size=1 (repeatable).")
    List<String> serverProperties = new ArrayList<>();

    @Option(names = "--startup-timeout", description = "Seconds to wait for the deployment (default ${DEFAULT-VALUE}).",
            defaultValue = "300")
    int startupTimeoutSeconds;

    @Override
    public Integer call() throws Exception {
        var layout = ProjectLayout.current();
        if (!layout.isBuilt()) {
            System.err.println("The server or order.ear is not built; run ./mvnw package -DskipTests (./order does it for you).");
            return 2;
        }
        ServerProfile profile;
        try {
            profile = ServerProfile.load(layout, profileName);
        } catch (IllegalArgumentException e) {
            System.err.println("order: " + e.getMessage());
            return 2;
        }
        int port;
        try {
            port = httpPort(httpPort, DatabaseTarget.setting("ORDER_HTTP_PORT"));
        } catch (IllegalArgumentException e) {
            System.err.println("order: " + e.getMessage());
            return 2;
        }
        var resources = new Resources();
        Runtime.getRuntime().addShutdownHook(new Thread(resources::closeAll, "order-stop"));

        Optional<DatabaseTarget> external = DatabaseTarget.external();
        DatabaseTarget database;
        if (external.isPresent()) {
            database = external.get();
            if (database.password().isEmpty()) {
                System.err.println("order: ORDER_DB_PASSWORD must be set for an external database: "
                        + "WildFly datasources do not accept an empty password.");
                return 2;
            }
            say("Database: external " + database.displayUrl());
        } else {
            say("Database: starting embedded MariaDB (data in " + layout.databaseHome() + ") ...");
            var embedded = EmbeddedDatabase.start(layout.databaseHome());
            resources.database = embedded;
            database = embedded.target();
            say("Database: embedded MariaDB on 127.0.0.1:" + embedded.port());
        }
        var family = database.probe();
        say("Database: " + family.name() + " " + family.version() + "; Hibernate dialect " + family.hibernateDialect());

        List<String> properties = serverProperties.stream().map(p -> "-D" + p).toList();
        say("Server: starting WildFly " + ProjectLayout.WILDFLY_VERSION + ", profile " + profile.name() + " ("
                + profile.serverConfig() + (profile.jvmOptions().isEmpty() ? "" : ", " + profile.jvmSizing())
                + "; log: " + layout.serverBase().resolve("log") + ") ...");
        long started = System.nanoTime();
        var server = ApplicationServer.start(new ApplicationServer.Settings(layout, profile, database, family.hibernateDialect(),
                port, properties));
        resources.server = server;
        server.awaitDeployment(Duration.ofSeconds(startupTimeoutSeconds));
        say(String.format("Server: order.ear deployed in %.1f s", (System.nanoTime() - started) / 1e9));

        if (!noSeed) {
            say(ReferenceDataSeed.loadIfEmpty(ServerAddress.of(port, serverProperties).applicationUrl()));
        }
        int offset = portOffset(serverProperties);
        String base = "http://localhost:" + (port + offset) + "/Order";
        String management = "http://127.0.0.1:" + (9990 + offset) + "/management";
        new RunState(base + "/", management, database).write(layout);
        resources.layout = layout;
        say("");
        say("Order is running:");
        say("  Application   " + base + "/");
        say("  JSON API      " + base + "/api/customers/1");
        say("  Management    " + management + "   health: " + management.replace("/management", "/health/ready"));
        say("Press Ctrl-C to stop the server" + (resources.database != null ? " and the database." : "."));

        int exit = server.process().waitFor(); // returns when the server stops, by itself or through the hook
        resources.closeAll();
        return exit == 0 || exit == 143 || exit == 130 ? 0 : exit;
    }

    /** The option wins over ORDER_HTTP_PORT, which wins over 8080; a value that is no port is refused. */
    static int httpPort(Integer option, Optional<String> setting) {
        String source = option != null ? "--http-port" : "ORDER_HTTP_PORT";
        String value = option != null ? option.toString() : setting.map(String::trim).orElse(null);
        if (value == null) {
            return DEFAULT_HTTP_PORT;
        }
        try {
            int port = Integer.parseInt(value);
            if (port >= 1 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException notANumber) {
            // refused below
        }
        throw new IllegalArgumentException(source + " must be a port number from 1 to 65535: " + value);
    }

    /** The socket binding offset given with -D jboss.socket.binding.port-offset=N, which shifts every port. */
    static int portOffset(List<String> properties) {
        for (String p : properties) {
            String[] kv = p.split("=", 2);
            if (kv.length == 2 && kv[0].trim().equals("jboss.socket.binding.port-offset")) {
                return Integer.parseInt(kv[1].trim());
            }
        }
        return Integer.getInteger("jboss.socket.binding.port-offset", 0);
    }

    private static void say(String line) {
        System.out.println(line);
    }

    /** What this run started, stopped in reverse order exactly once. */
    private static final class Resources {
        volatile EmbeddedDatabase database;
        volatile ApplicationServer server;
        volatile ProjectLayout layout;
        private boolean closed;

        synchronized void closeAll() {
            if (closed) {
                return;
            }
            closed = true;
            if (layout != null) {
                RunState.delete(layout);
            }
            if (server != null) {
                System.out.println("Stopping the server ...");
                try {
                    server.close();
                } catch (Exception e) {
                    System.err.println("Stopping the server failed: " + e);
                }
            }
            if (database != null) {
                System.out.println("Stopping the database ...");
                try {
                    database.close();
                } catch (Exception e) {
                    System.err.println("Stopping the database failed: " + e);
                }
            }
            System.out.println("Stopped.");
        }
    }
}

package org.orderapp.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestPlan;
import org.orderapp.stack.database.DatabaseTarget;
import org.orderapp.stack.database.EmbeddedDatabase;

/**
 * The real database of the integration tests, started once before any test runs and stopped after the last:
 * a fresh embedded MariaDB in target/it-db, or the database ORDER_DB_URL names. It publishes the settings as
 * system properties before Arquillian reads arquillian.xml, which passes them on to the server.
 */
public class TestDatabase implements TestExecutionListener {

    private static EmbeddedDatabase embedded;
    private static DatabaseTarget target;
    private static DatabaseTarget tester;
    private static Exception failure;

    @Override
    public void testPlanExecutionStarted(TestPlan testPlan) {
        try {
            target = DatabaseTarget.external().orElse(null);
            if (target == null) {
                Path home = Path.of(System.getProperty("order.it.dir", "target")).resolve("it-db");
                deleteRecursively(home);
                embedded = EmbeddedDatabase.start(home);
                target = embedded.target();
                tester = createTester(embedded, target);
            }
            String dialect = target.probe().hibernateDialect();
            System.setProperty(DatabaseTarget.URL, target.url());
            System.setProperty(DatabaseTarget.USER, target.user());
            System.setProperty(DatabaseTarget.PASSWORD, target.password());
            System.setProperty("order.db.dialect", dialect);
            System.setProperty(SERVER_PROPERTIES, writeServerProperties(dialect).toString());
        } catch (Exception e) {
            // JUnit only logs a listener's failure and runs the tests anyway; remember it so every test
            // that needs the database fails with this cause instead of a confusing one.
            failure = e;
            throw new IllegalStateException("cannot start the test database", e);
        }
    }

    @Override
    public void testPlanExecutionFinished(TestPlan testPlan) {
        if (embedded != null) {
            try {
                embedded.close();
            } catch (Exception e) {
                System.err.println("stopping the test database failed: " + e);
            }
        }
    }

    /**
     * The database settings for the servers the tests start, as a properties file readable by the owner only that
     * WildFly loads by its -P option: the password never on a command line, where ps would show it.
     */
    private static Path writeServerProperties(String dialect) throws IOException {
        Path file = Path.of(System.getProperty("order.it.dir", "target")).resolve("server-database.properties").toAbsolutePath();
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        var p = new Properties();
        p.setProperty(DatabaseTarget.URL, target.url());
        p.setProperty(DatabaseTarget.USER, target.user());
        p.setProperty(DatabaseTarget.PASSWORD, target.password());
        p.setProperty("order.db.dialect", dialect);
        try (var w = Files.newBufferedWriter(file)) {
            p.store(w, "The test database, for the servers of the integration tests");
        }
        return file;
    }

    /** The system property naming that file (arquillian.xml passes it to the server under test). */
    static final String SERVER_PROPERTIES = "order.it.server-properties";

    static Path serverProperties() {
        requireStarted();
        return Path.of(System.getProperty(SERVER_PROPERTIES));
    }

    /** Fails at once, with the cause, if the test database could not be started. */
    static void requireStarted() {
        if (failure != null) {
            throw new IllegalStateException("the test database did not start: " + failure, failure);
        }
    }

    public static DatabaseTarget target() {
        requireStarted();
        if (target == null) {
            throw new IllegalStateException("the test database has not been started");
        }
        return target;
    }

    /** Whether the tests started the database themselves (the embedded one), so a test may take it away for a while. */
    static boolean embedded() {
        target();
        return embedded != null;
    }

    /**
     * The database refuses the application from now on, as a database that went away: the application's account is
     * locked, so every new connection is refused at once, and its open connections are ended (KILL CONNECTION, what the
     * server sees of a database restart). Unlike a restart, it lasts exactly until {@link #admitApplication()}.
     */
    static void refuseApplication() throws Exception {
        // Opened before the lock: a user may end its own connections, and this one ends the others.
        try (Connection own = connect(); var s = own.createStatement()) {
            embedded.runAsAdministrator(accountLock("LOCK"));
            List<Long> others = new java.util.ArrayList<>();
            try (var rows = s.executeQuery("SELECT ID FROM information_schema.PROCESSLIST WHERE USER = "
                    + "SUBSTRING_INDEX(USER(), '@', 1) AND ID <> CONNECTION_ID()")) {
                while (rows.next()) {
                    others.add(rows.getLong(1));
                }
            }
            for (long id : others) {
                try {
                    s.execute("KILL CONNECTION " + id);
                } catch (SQLException ended) {
                    // it ended by itself meanwhile
                }
            }
        }
    }

    /** The database accepts the application's connections again. */
    static void admitApplication() throws Exception {
        embedded.runAsAdministrator(accountLock("UNLOCK"));
    }

    /** ALTER USER ... ACCOUNT LOCK (or UNLOCK) for every host the application's account is defined for. */
    private static String accountLock(String lock) throws Exception {
        String user = target().user();
        var sql = new StringBuilder();
        for (String host : embedded.runAsAdministrator("SELECT Host FROM mysql.user WHERE User = '" + user + "'").strip().split("\\R")) {
            sql.append("ALTER USER '").append(user).append("'@'").append(host.strip()).append("' ACCOUNT ").append(lock).append(";\n");
        }
        return sql.toString();
    }

    public static Connection connect() throws SQLException {
        return target().connect();
    }

    /**
     * A connection that may do what the application's account may not, and some tests need: see every session's
     * transaction (information_schema.INNODB_TRX asks PROCESS) and create a trigger (TRIGGER). The tests' own account on
     * the embedded database; with an external one, the account it names.
     */
    public static Connection connectAsTester() throws SQLException {
        target();
        return (tester != null ? tester : target).connect();
    }

    private static DatabaseTarget createTester(EmbeddedDatabase db, DatabaseTarget application) throws Exception {
        String user = "order_tester";
        String password = java.util.UUID.randomUUID().toString();
        var sql = new StringBuilder();
        for (String host : List.of("localhost", "127.0.0.1")) {
            sql.append("DROP USER IF EXISTS '").append(user).append("'@'").append(host).append("';\n")
                    .append("CREATE USER '").append(user).append("'@'").append(host).append("' IDENTIFIED BY '").append(password).append("';\n")
                    .append("GRANT PROCESS ON *.* TO '").append(user).append("'@'").append(host).append("';\n")
                    .append("GRANT SELECT, INSERT, UPDATE, DELETE, TRIGGER ON ").append(EmbeddedDatabase.DATABASE).append(".* TO '")
                    .append(user).append("'@'").append(host).append("';\n");
        }
        db.runAsAdministrator(sql.toString());
        return new DatabaseTarget(application.url(), user, password);
    }

    private static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

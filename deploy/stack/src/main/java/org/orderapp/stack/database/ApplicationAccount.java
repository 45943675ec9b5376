package org.orderapp.stack.database;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.orderapp.stack.layout.Folders;

/**
 * The application's account on a database this project starts (the embedded one, a Galera cluster's nodes): user
 * {@value #USER}, reachable from loopback only, with a password made at random when the database's folder is first
 * used and kept beside its data directory in {@value #PASSWORD_FILE}, readable by the owner only. The password is
 * never printed and never on a command line: the set-up reaches the database's client on its standard input, and
 * the server gets it through its environment.
 *
 * <p>Privileges, on the order schema only, and why:
 * <ul>
 * <li>SELECT, INSERT, UPDATE, DELETE: the transactions, the batch load, the audit;
 * <li>CREATE, ALTER, INDEX, REFERENCES: the Flyway migrations the application applies at deployment (tables, their
 * indexes and foreign keys, the schema history);
 * <li>DROP: the admin resets TRUNCATE the tables, and MariaDB and MySQL ask DROP for TRUNCATE.
 * </ul>
 * Nothing global: the driver's sampling reads SHOW GLOBAL STATUS, which any account may, and nothing reads other
 * sessions' transactions or flushes anything (the former PROCESS and RELOAD were never used by the application).
 */
public final class ApplicationAccount {

    public static final String USER = "order";
    public static final String PASSWORD_FILE = "order-password";
    /** The loopback names a connection from this machine can carry: the server matches the host by name or address. */
    public static final List<String> HOSTS = List.of("localhost", "127.0.0.1", "::1");
    public static final List<String> PRIVILEGES = List.of("SELECT", "INSERT", "UPDATE", "DELETE", "CREATE", "ALTER",
            "INDEX", "REFERENCES", "DROP");
    private static final int RANDOM_BYTES = 18; // 24 characters of URL-safe Base64: nothing to quote in SQL

    private final String password;

    private ApplicationAccount(String password) {
        this.password = password;
    }

    /** The account of the database kept in home: its password from home/order-password, made there if missing. */
    static ApplicationAccount of(Path home) throws IOException {
        Path file = home.resolve(PASSWORD_FILE);
        if (Files.isRegularFile(file)) {
            String kept = Files.readString(file, StandardCharsets.UTF_8).strip();
            if (!kept.isEmpty()) {
                return new ApplicationAccount(kept);
            }
        }
        byte[] random = new byte[RANDOM_BYTES];
        new SecureRandom().nextBytes(random);
        String password = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
        Files.createDirectories(home);
        Folders.writeOwnerOnly(file, password + "\n");
        return new ApplicationAccount(password);
    }

    String password() {
        return password;
    }

    DatabaseTarget target(String jdbcUrl) {
        return new DatabaseTarget(jdbcUrl, USER, password);
    }

    /**
     * The database and exactly this account, whatever an earlier version of the project left (an account for every
     * host, more privileges, a fixed password): dropped and made again at every start of the database.
     */
    String setUp(String database) {
        var sql = new ArrayList<String>();
        sql.add("CREATE DATABASE IF NOT EXISTS " + database + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
        // What the installation leaves and no server of ours keeps, removed as mariadb-secure-installation does: the
        // anonymous accounts (any local user in without a password) and the test databases PUBLIC may write.
        sql.add("DELETE FROM mysql.global_priv WHERE User = ''");
        sql.add("DELETE FROM mysql.db WHERE User IN ('', 'PUBLIC')");
        sql.add("FLUSH PRIVILEGES");
        sql.add("DROP DATABASE IF EXISTS test");
        sql.add("DROP USER IF EXISTS '" + USER + "'@'%'");
        for (String host : HOSTS) {
            sql.add("DROP USER IF EXISTS '" + USER + "'@'" + host + "'");
            sql.add("CREATE USER '" + USER + "'@'" + host + "' IDENTIFIED BY '" + password + "'");
            sql.add("GRANT " + String.join(", ", PRIVILEGES) + " ON " + database + ".* TO '" + USER + "'@'" + host + "'");
        }
        return String.join(";\n", sql) + ";\n";
    }

    @Override
    public String toString() {
        return "ApplicationAccount[user=" + USER + ", password hidden]";
    }
}

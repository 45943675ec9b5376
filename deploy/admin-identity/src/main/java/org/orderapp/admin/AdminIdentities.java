package org.orderapp.admin;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.Provider;
import java.security.SecureRandom;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.wildfly.security.auth.principal.NamePrincipal;
import org.wildfly.security.auth.realm.FileSystemSecurityRealm;
import org.wildfly.security.auth.server.ModifiableRealmIdentity;
import org.wildfly.security.auth.server.RealmUnavailableException;
import org.wildfly.security.authz.MapAttributes;
import org.wildfly.security.credential.PasswordCredential;
import org.wildfly.security.password.Password;
import org.wildfly.security.password.PasswordFactory;
import org.wildfly.security.password.WildFlyElytronPasswordProvider;
import org.wildfly.security.password.interfaces.BCryptPassword;
import org.wildfly.security.password.spec.EncryptablePasswordSpec;
import org.wildfly.security.password.spec.IteratedSaltedPasswordAlgorithmSpec;

/**
 * The server's admin realm, OrderAdminRealm (security.cli): an Elytron filesystem realm in the folder
 * {@value #DIRECTORY} of order.admin.realm-dir, one identity per user, holding its password as a bcrypt hash with
 * a random salt (never the password) and its roles in the attribute {@value #ROLES_ATTRIBUTE}. Written whole
 * before every start, readable by the owner only.
 */
public final class AdminIdentities {

    /** The realm's folder inside order.admin.realm-dir; security.cli names the same. */
    public static final String DIRECTORY = "order-admin-identities";
    /** The attribute the server's role decoder reads (security.cli). */
    public static final String ROLES_ATTRIBUTE = "roles";
    /** Identities directly in the folder (security.cli: levels=0). */
    static final int LEVELS = 0;
    /**
     * bcrypt's cost: 2^10 rounds, OWASP's minimum, about 50 ms per check on one core here; the server checks it
     * on every admin request (BASIC), so more would tax the polling of a running load.
     */
    static final int BCRYPT_COST = 10;

    private static final Provider PASSWORDS = WildFlyElytronPasswordProvider.getInstance();
    private static final SecureRandom RANDOM = new SecureRandom();

    /** A user: a name of letters, digits, '.', '_' or '-', a password, and roles (may be none). */
    public record User(String name, String password, List<String> roles) {
        public User {
            if (!name.matches("[A-Za-z0-9._-]+") || password.isEmpty()
                    || !roles.stream().allMatch(r -> r.matches("[A-Za-z0-9._-]+"))) {
                throw new IllegalArgumentException("a realm user needs a plain name, a password and plain role names");
            }
            roles = List.copyOf(roles);
        }
    }

    private AdminIdentities() {
    }

    /** Replaces the realm in realmDir with exactly these users; no users: nobody is an administrator. */
    public static void write(Path realmDir, List<User> users) throws IOException {
        Path root = realmDir.resolve(DIRECTORY);
        deleteTree(root);
        Files.createDirectories(realmDir);
        try {
            Files.createDirectory(root, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (UnsupportedOperationException noPosix) {
            Files.createDirectory(root);
        }
        FileSystemSecurityRealm realm = FileSystemSecurityRealm.builder().setRoot(root).setLevels(LEVELS)
                .setProviders(() -> new Provider[] {PASSWORDS}).build();
        for (User user : users) {
            ModifiableRealmIdentity identity = realm.getRealmIdentityForUpdate(new NamePrincipal(user.name()));
            try {
                identity.create();
                identity.setCredentials(List.of(new PasswordCredential(bcrypt(user.password()))));
                identity.setAttributes(new MapAttributes(Map.of(ROLES_ATTRIBUTE, new LinkedHashSet<>(user.roles()))));
            } catch (RealmUnavailableException e) {
                throw new IOException("cannot write the identity of " + user.name() + " in " + root, e);
            } finally {
                identity.dispose();
            }
        }
        try (Stream<Path> files = Files.list(root)) {
            for (Path file : files.toList()) {
                try {
                    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
                } catch (UnsupportedOperationException noPosix) {
                    // nothing to narrow
                }
            }
        }
    }

    static Password bcrypt(String password) {
        byte[] salt = new byte[BCryptPassword.BCRYPT_SALT_SIZE];
        RANDOM.nextBytes(salt);
        try {
            return PasswordFactory.getInstance(BCryptPassword.ALGORITHM_BCRYPT, PASSWORDS).generatePassword(
                    new EncryptablePasswordSpec(password.toCharArray(), new IteratedSaltedPasswordAlgorithmSpec(BCRYPT_COST, salt)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Elytron cannot make a bcrypt password", e);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    /**
     * For the container's entry point: {@code java -cp ... org.orderapp.admin.AdminIdentities REALM_DIR [USER ROLE]};
     * the password is the first line of standard input, so it is never on a command line. Without a user, the realm
     * is written empty.
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 1 && args.length != 3) {
            System.err.println("usage: AdminIdentities REALM_DIR [USER ROLE]  (the password on standard input)");
            System.exit(2);
        }
        List<User> users = List.of();
        if (args.length == 3) {
            String password = new String(System.in.readAllBytes(), StandardCharsets.UTF_8).lines().findFirst().orElse("");
            users = List.of(new User(args[1], password, List.of(args[2])));
        }
        write(Path.of(args[0]), users);
    }
}

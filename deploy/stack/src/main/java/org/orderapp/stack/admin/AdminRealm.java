package org.orderapp.stack.admin;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import org.orderapp.stack.layout.Folders;

/**
 * The two files of the server's admin realm (Elytron's OrderAdminRealm, deploy/server/src/main/cli/security.cli):
 * users with HEX(MD5(user:realm:password)), never the password, and their roles. Written before every start into
 * the folder the server reads them from (order.admin.realm-dir, default its configuration directory), readable by
 * the owner only. The container's entrypoint.sh writes the same files from ORDER_ADMIN_PASSWORD.
 */
public final class AdminRealm {

    public static final String ROLE = "order-admin";
    public static final String USERS_FILE = "order-admin-users.properties";
    public static final String ROLES_FILE = "order-admin-roles.properties";
    /** The realm the digests are computed in; the users file names it in its header, which Elytron reads. */
    static final String DIGEST_REALM = "Order administration";

    /** A user of the realm: a name of letters, digits, '.', '_' or '-'; roles may be empty. */
    public record User(String name, String password, List<String> roles) {
        public User {
            if (!name.matches("[A-Za-z0-9._-]+") || password.isEmpty()
                    || !roles.stream().allMatch(r -> r.matches("[A-Za-z0-9._-]+"))) {
                throw new IllegalArgumentException("a realm user needs a plain name, a password and plain role names");
            }
        }
    }

    private AdminRealm() {
    }

    public static void write(Path directory, List<User> users) throws IOException {
        Files.createDirectories(directory);
        var passwords = new StringBuilder("#$REALM_NAME=" + DIGEST_REALM + "$\n");
        var roles = new StringBuilder();
        for (User u : users) {
            passwords.append(u.name()).append('=').append(digest(u.name(), u.password())).append('\n');
            roles.append(u.name()).append('=').append(String.join(",", u.roles())).append('\n');
        }
        Folders.writeOwnerOnly(directory.resolve(USERS_FILE), passwords.toString());
        Folders.writeOwnerOnly(directory.resolve(ROLES_FILE), roles.toString());
    }

    static String digest(String user, String password) {
        try {
            byte[] hash = MessageDigest.getInstance("MD5")
                    .digest((user + ":" + DIGEST_REALM + ":" + password).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no MD5", e);
        }
    }
}

package org.orderapp.stack.admin;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.orderapp.admin.AdminIdentities;

/**
 * The server's admin realm (Elytron's OrderAdminRealm, deploy/server/src/main/cli/security.cli): its users with
 * their roles, each password as a salted bcrypt hash, never the password (AdminIdentities writes it). Written
 * before every start into the folder the server reads it from (order.admin.realm-dir, default its configuration
 * directory), readable by the owner only. The container's entrypoint.sh writes it the same way from
 * ORDER_ADMIN_PASSWORD.
 */
public final class AdminRealm {

    public static final String ROLE = "order-admin";

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
        AdminIdentities.write(directory, users.stream()
                .map(u -> new AdminIdentities.User(u.name(), u.password(), u.roles())).toList());
    }
}

package org.orderapp.stack.admin;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.orderapp.stack.database.DatabaseTarget;
import org.orderapp.stack.layout.Folders;
import org.orderapp.stack.layout.ProjectLayout;

/**
 * The administrator ./order uses: user admin, and a password that is nowhere by default. ORDER_ADMIN_PASSWORD wins;
 * otherwise var/admin-password, which the first start of a server creates with a random password, readable by the
 * owner only. The commands that call the admin API (load-data, bench, experiment, load) read it the same way.
 */
public record AdminCredentials(String user, String password) {

    public static final String USER = "admin";
    public static final String PASSWORD_VARIABLE = "ORDER_ADMIN_PASSWORD";
    private static final int RANDOM_BYTES = 18; // 24 characters of URL-safe Base64

    public AdminCredentials {
        if (password.isBlank()) {
            throw new IllegalArgumentException("the admin password must not be empty");
        }
    }

    public static Path passwordFile(ProjectLayout layout) {
        return layout.var().resolve("admin-password");
    }

    /**
     * For a server ./order starts: the password of ORDER_ADMIN_PASSWORD or var/admin-password, or a new random one
     * written there. The second value says whether it was created now.
     */
    public static Created forServer(ProjectLayout layout) throws IOException {
        Optional<AdminCredentials> known = forClient(layout);
        if (known.isPresent()) {
            return new Created(known.get(), false);
        }
        byte[] random = new byte[RANDOM_BYTES];
        new SecureRandom().nextBytes(random);
        String password = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
        Files.createDirectories(layout.var());
        Folders.writeOwnerOnly(passwordFile(layout), password + "\n");
        return new Created(new AdminCredentials(USER, password), true);
    }

    public record Created(AdminCredentials credentials, boolean isNew) {
    }

    /** For a server already running: ORDER_ADMIN_PASSWORD, else var/admin-password when it exists. */
    public static Optional<AdminCredentials> forClient(ProjectLayout layout) throws IOException {
        Optional<String> variable = DatabaseTarget.setting(PASSWORD_VARIABLE);
        if (variable.isPresent()) {
            return Optional.of(new AdminCredentials(USER, variable.get()));
        }
        Path file = passwordFile(layout);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        return Optional.of(new AdminCredentials(USER, Files.readString(file, StandardCharsets.UTF_8).strip()));
    }

    /** The realm's one user: this administrator with the role order-admin. */
    public List<AdminRealm.User> realmUsers() {
        return List.of(new AdminRealm.User(user, password, List.of(AdminRealm.ROLE)));
    }

    /** The value of an Authorization header (HTTP BASIC). */
    public String authorization() {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
        return "AdminCredentials[user=" + user + ", password hidden]";
    }
}

package org.orderapp.stack.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orderapp.stack.layout.ProjectLayout;

/** The admin realm files and the launcher's admin password: digests, not passwords; owner-only files; one password. */
class AdminRealmTest {

    @TempDir
    Path dir;

    @Test
    void theUsersFileHoldsElytronsDigestUnderItsRealmNameAndTheRolesFileTheRoles() throws Exception {
        AdminRealm.write(dir, List.of(new AdminRealm.User("admin", "s3cret", List.of(AdminRealm.ROLE)),
                new AdminRealm.User("reader", "other", List.of())));
        String users = Files.readString(dir.resolve(AdminRealm.USERS_FILE));
        // md5("admin:Order administration:s3cret"), computed independently
        assertTrue(users.contains("admin=b63d1ee7834b40116404fc46304df3b7\n"), users);
        assertTrue(users.startsWith("#$REALM_NAME=Order administration$\n"), users);
        assertFalse(users.contains("s3cret"), "never the password itself");
        assertEquals("admin=order-admin\nreader=\n", Files.readString(dir.resolve(AdminRealm.ROLES_FILE)));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve(AdminRealm.USERS_FILE))));
    }

    @Test
    void namesThatWouldBreakThePropertiesFileAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new AdminRealm.User("ad=min", "x", List.of()));
        assertThrows(IllegalArgumentException.class, () -> new AdminRealm.User("admin", "", List.of()));
        assertThrows(IllegalArgumentException.class, () -> new AdminRealm.User("admin", "x", List.of("a,b")));
    }

    @Test
    void theFirstServerStartCreatesARandomOwnerOnlyPasswordAndLaterOnesReuseIt() throws Exception {
        var layout = new ProjectLayout(dir);
        var first = AdminCredentials.forServer(layout);
        assertTrue(first.isNew());
        Path file = AdminCredentials.passwordFile(layout);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertTrue(first.credentials().password().length() >= 20, "a long random password");
        var second = AdminCredentials.forServer(layout);
        assertFalse(second.isNew());
        assertEquals(first.credentials(), second.credentials());
        assertEquals(first.credentials(), AdminCredentials.forClient(layout).orElseThrow());

        var other = AdminCredentials.forServer(new ProjectLayout(dir.resolve("elsewhere")));
        assertNotEquals(first.credentials().password(), other.credentials().password(), "random, not a default");
        assertFalse(first.credentials().toString().contains(first.credentials().password()), "never printed");
    }
}

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
import org.orderapp.admin.AdminIdentities;
import org.orderapp.stack.layout.ProjectLayout;

/** The admin realm files and the launcher's admin password: digests, not passwords; owner-only files; one password. */
class AdminRealmTest {

    @TempDir
    Path dir;

    @Test
    void theRealmHoldsSaltedBcryptHashesNeverThePasswords() throws Exception {
        AdminRealm.write(dir, List.of(new AdminRealm.User("admin", "s3cret", List.of(AdminRealm.ROLE)),
                new AdminRealm.User("reader", "other", List.of())));
        Path identities = dir.resolve(AdminIdentities.DIRECTORY);
        try (var files = Files.list(identities)) {
            var contents = files.map(f -> {
                try {
                    return Files.readString(f);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).toList();
            assertEquals(2, contents.size());
            assertTrue(contents.stream().allMatch(c -> c.contains("bcrypt") && !c.contains("s3cret") && !c.contains("other")), contents.toString());
            assertTrue(contents.stream().anyMatch(c -> c.contains(AdminRealm.ROLE)), contents.toString());
        }
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(identities)));
    }

    @Test
    void namesThatAreNotPlainAreRefused() {
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

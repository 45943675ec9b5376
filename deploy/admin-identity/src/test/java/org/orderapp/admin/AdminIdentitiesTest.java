package org.orderapp.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Provider;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wildfly.security.auth.principal.NamePrincipal;
import org.wildfly.security.auth.realm.FileSystemSecurityRealm;
import org.wildfly.security.auth.server.RealmIdentity;
import org.wildfly.security.evidence.PasswordGuessEvidence;
import org.wildfly.security.password.WildFlyElytronPasswordProvider;

/** The realm as Elytron reads it back: the right password verifies, a wrong one does not, no clear text stored. */
class AdminIdentitiesTest {

    @TempDir
    Path dir;

    @Test
    void writesSaltedBcryptIdentitiesWithRoles() throws Exception {
        AdminIdentities.write(dir, List.of(new AdminIdentities.User("admin", "s3cret-Pass", List.of("order-admin")),
                new AdminIdentities.User("reader", "other-pass", List.of())));
        var realm = FileSystemSecurityRealm.builder().setRoot(dir.resolve(AdminIdentities.DIRECTORY))
                .setLevels(AdminIdentities.LEVELS).setProviders(() -> new Provider[] {WildFlyElytronPasswordProvider.getInstance()})
                .build();
        RealmIdentity admin = realm.getRealmIdentity(new NamePrincipal("admin"));
        assertTrue(admin.exists());
        assertTrue(admin.verifyEvidence(new PasswordGuessEvidence("s3cret-Pass".toCharArray())));
        assertFalse(admin.verifyEvidence(new PasswordGuessEvidence("s3cret-Pas".toCharArray())));
        assertEquals(List.of("order-admin"), List.copyOf(admin.getAuthorizationIdentity().getAttributes().get("roles")));
        assertTrue(realm.getRealmIdentity(new NamePrincipal("reader")).getAuthorizationIdentity().getAttributes().get("roles").isEmpty());
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                String content = Files.readString(f);
                assertFalse(content.contains("s3cret-Pass") || content.contains("other-pass"), "no password in clear: " + f);
                assertTrue(content.contains("bcrypt"), "a bcrypt password: " + content);
            }
        }
    }

    @Test
    void twoWritesOfOnePasswordDifferBySalt() throws Exception {
        assertFalse(AdminIdentities.bcrypt("same").equals(AdminIdentities.bcrypt("same")));
    }

    @Test
    void rewritingReplacesEveryUser() throws Exception {
        AdminIdentities.write(dir, List.of(new AdminIdentities.User("old", "pw", List.of("order-admin"))));
        AdminIdentities.write(dir, List.of());
        try (Stream<Path> files = Files.list(dir.resolve(AdminIdentities.DIRECTORY))) {
            assertEquals(0, files.count());
        }
    }

    @Test
    void refusesNamesThatAreNotPlain() {
        assertThrows(IllegalArgumentException.class, () -> new AdminIdentities.User("../x", "pw", List.of()));
    }
}

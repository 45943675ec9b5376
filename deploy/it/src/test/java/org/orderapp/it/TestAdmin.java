package org.orderapp.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestPlan;
import org.orderapp.stack.admin.AdminCredentials;
import org.orderapp.stack.admin.AdminRealm;

/**
 * The admin realm of the servers under test, written once before any test runs into target/admin-realm with
 * passwords of this run only: the administrator (role order-admin) and a user without that role. Published as
 * the system property order.admin.realm-dir, which arquillian.xml passes on to the server.
 */
public class TestAdmin implements TestExecutionListener {

    static final String REALM_DIR = "order.admin.realm-dir";
    static final String USER_WITHOUT_ROLE = "reader";

    private static final AdminCredentials ADMIN = new AdminCredentials(AdminCredentials.USER, randomPassword());
    private static final AdminCredentials READER = new AdminCredentials(USER_WITHOUT_ROLE, randomPassword());

    @Override
    public void testPlanExecutionStarted(TestPlan testPlan) {
        Path dir = Path.of(System.getProperty("order.it.dir", "target")).resolve("admin-realm").toAbsolutePath();
        try {
            AdminRealm.write(dir, List.of(new AdminRealm.User(ADMIN.user(), ADMIN.password(), List.of(AdminRealm.ROLE)),
                    new AdminRealm.User(READER.user(), READER.password(), List.of())));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the test admin realm", e);
        }
        System.setProperty(REALM_DIR, dir.toString());
    }

    /** The administrator of the servers under test. */
    static AdminCredentials admin() {
        return ADMIN;
    }

    /** A user the realm knows, without the role order-admin. */
    static AdminCredentials reader() {
        return READER;
    }

    static String realmDir() {
        String dir = System.getProperty(REALM_DIR);
        if (dir == null) {
            throw new IllegalStateException("the test admin realm has not been written");
        }
        return dir;
    }

    private static String randomPassword() {
        byte[] bytes = new byte[16];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}

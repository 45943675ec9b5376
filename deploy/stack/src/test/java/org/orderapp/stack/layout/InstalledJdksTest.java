package org.orderapp.stack.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** JDKs found by major version through their release files; a folder that is no JDK is refused, saying why. */
class InstalledJdksTest {

    @TempDir
    Path jvms;

    /** A fake JDK: a release file, and a bin/java script that prints what java -version would and exits so. */
    private Path fakeJdk(String folder, String release, int exit) throws Exception {
        Path home = Files.createDirectories(jvms.resolve(folder));
        if (release != null) {
            Files.writeString(home.resolve("release"), release);
        }
        Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\necho 'openjdk version \"" + folder + "\" 2025-09-16' >&2\nexit " + exit + "\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return home;
    }

    @Test
    void aJdkIsFoundByItsMajorVersionWhateverItsFolderIsCalled() throws Exception {
        fakeJdk("java-17-openjdk-amd64", "JAVA_VERSION=\"17.0.15\"\nIMPLEMENTOR=\"Debian\"\n", 0);
        Path temurin = fakeJdk("temurin-25-jdk-amd64", "IMPLEMENTOR=\"Eclipse Adoptium\"\nJAVA_VERSION=\"25.0.3\"\n", 0);
        Files.createSymbolicLink(jvms.resolve("java-1.17.0-openjdk-amd64"), jvms.resolve("java-17-openjdk-amd64"));
        Files.createDirectories(jvms.resolve("openjdk-17")); // no release file: not a JDK

        var installed = new InstalledJdks(jvms);
        assertEquals(List.of(17, 25), installed.list().stream().map(Jdk::major).toList(), "a link to a JDK counts once");
        Jdk found = installed.find(25);
        assertEquals(temurin, found.home());
        assertEquals("25.0.3", found.version());
        assertEquals("Eclipse Adoptium", found.vendor());
        assertEquals("Eclipse Adoptium 25.0.3 (" + temurin + ")", found.describe());
    }

    @Test
    void aVersionThatIsNotInstalledIsRefusedWithTheOnesThatAre() throws Exception {
        fakeJdk("java-17-openjdk-amd64", "JAVA_VERSION=\"17.0.15\"\n", 0);
        var e = assertThrows(IllegalArgumentException.class, () -> new InstalledJdks(jvms).find(21));
        assertTrue(e.getMessage().startsWith("no JDK 21 in " + jvms), e.getMessage());
        assertTrue(e.getMessage().endsWith("installed: 17 (" + jvms.resolve("java-17-openjdk-amd64") + ")"), e.getMessage());
        var none = assertThrows(IllegalArgumentException.class, () -> new InstalledJdks(jvms.resolve("nothing")).find(25));
        assertTrue(none.getMessage().endsWith("installed: none"), none.getMessage());
    }

    @Test
    void aFolderWithoutAJavaThatRunsIsRefused() throws Exception {
        var missing = assertThrows(IllegalArgumentException.class, () -> Jdk.at(jvms.resolve("nowhere")));
        assertTrue(missing.getMessage().contains("no such directory"), missing.getMessage());
        Path empty = Files.createDirectories(jvms.resolve("empty"));
        var noJava = assertThrows(IllegalArgumentException.class, () -> Jdk.at(empty));
        assertTrue(noJava.getMessage().contains("it has no executable bin/java"), noJava.getMessage());
        Path broken = fakeJdk("broken", "JAVA_VERSION=\"25\"\n", 1);
        var fails = assertThrows(IllegalArgumentException.class, () -> Jdk.at(broken));
        assertTrue(fails.getMessage().contains("-version failed (exit 1)"), fails.getMessage());
    }

    @Test
    void aJdkWithoutReleaseFileIsKnownByWhatJavaVersionPrints() throws Exception {
        Path home = fakeJdk("21.0.2", null, 0);
        Jdk jdk = Jdk.at(home);
        assertEquals("21.0.2", jdk.version());
        assertEquals(21, jdk.major());
        assertEquals(8, Jdk.major("1.8.0_392"));
        assertEquals(25, Jdk.major("25"));
    }
}

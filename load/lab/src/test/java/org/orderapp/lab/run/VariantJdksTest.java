package org.orderapp.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orderapp.lab.experiment.ExperimentDefinition;
import org.orderapp.stack.layout.InstalledJdks;

/** Each variant's JDK found among the installed ones; one that is not there refuses the experiment before it starts. */
class VariantJdksTest {

    @TempDir
    Path dir;

    private Path fakeJdk(String folder, String version) throws Exception {
        Path home = Files.createDirectories(dir.resolve("jvm").resolve(folder));
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"" + version + "\"\nIMPLEMENTOR=\"Test\"\n");
        Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\necho 'openjdk version \"" + version + "\"' >&2\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return home;
    }

    private ExperimentDefinition definition(String variants) throws Exception {
        Path f = dir.resolve("jdk.yaml");
        Files.writeString(f, "varies: the JDK\nvariants:\n" + variants);
        return ExperimentDefinition.read(f);
    }

    @Test
    void eachVariantRunsOnTheJdkOfTheVersionItNames() throws Exception {
        fakeJdk("java-17-openjdk-amd64", "17.0.15");
        Path jdk25 = fakeJdk("temurin-25-jdk-amd64", "25.0.3");
        var d = definition("  - name: default\n  - name: jdk25\n    jdk: 25\n");
        var jdks = VariantJdks.of(d, new InstalledJdks(dir.resolve("jvm")));
        assertEquals(jdk25, jdks.get("jdk25").home());
        var resolved = VariantJdks.resolved(d, jdks);
        assertNull(resolved.variants().get(0).javaHomePath(), "a variant naming none stays on the default JDK");
        assertEquals(jdk25, resolved.variants().get(1).javaHomePath());
        assertEquals(25, resolved.variants().get(1).jdk());
    }

    @Test
    void aJdkThatIsNotInstalledIsRefusedWithTheInstalledOnes() throws Exception {
        Path jdk17 = fakeJdk("java-17-openjdk-amd64", "17.0.15");
        var installed = new InstalledJdks(dir.resolve("jvm"));
        var missing = assertThrows(NotRunnable.class,
                () -> VariantJdks.of(definition("  - name: a\n  - name: jdk26\n    jdk: 26\n"), installed));
        assertTrue(missing.getMessage().startsWith("variant jdk26: no JDK 26 in " + dir.resolve("jvm")), missing.getMessage());
        assertTrue(missing.getMessage().contains("installed: 17 (" + jdk17 + ")"), missing.getMessage());
        assertTrue(missing.getMessage().endsWith("or leave the variant out (--variants names the others)"), missing.getMessage());

        var notAJdk = assertThrows(NotRunnable.class,
                () -> VariantJdks.of(definition("  - name: a\n    java-home: " + dir.resolve("nowhere") + "\n  - name: b\n"), installed));
        assertTrue(notAJdk.getMessage().startsWith("variant a: no JDK in " + dir.resolve("nowhere") + ": no such directory; installed: 17"),
                notAJdk.getMessage());
    }
}

package org.orderapp.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orderapp.stack.layout.Jdk;

/** What java OPTIONS -version said, judged: refused, applied, or only warned about; with what JDKs 17 and 25 print. */
class HostJvmCheckTest {

    @Test
    void anOptionTheJdkDoesNotKnowLeavesTheVariantOutAndSaysWhy() {
        var o = HostJvmCheck.judge("-XX:+UseZGC -XX:+ZGenerational", 1, """
                Unrecognized VM option 'ZGenerational'
                Error: Could not create the Java Virtual Machine.
                Error: A fatal exception has occurred. Program will exit.
                """, "17.0.15+6-Debian-1deb12u1", "");
        assertFalse(o.runnable());
        assertTrue(o.note().contains("this JDK (17.0.15+6-Debian-1deb12u1) refuses -XX:+UseZGC -XX:+ZGenerational: Unrecognized VM option"),
                o.note());
        assertTrue(o.note().contains("single-generation"), o.note());
    }

    @Test
    void largePagesTheHostHasNotReservedLeaveTheVariantOut() {
        var o = HostJvmCheck.judge("-Xms2g -Xmx2g -XX:+UseLargePages", 0, """
                OpenJDK 64-Bit Server VM warning: Failed to reserve and commit memory using large pages. req_addr: 0x0000000080000000 bytes: 2147483648
                openjdk version "17.0.15" 2025-04-15
                """, "17.0.15", "HugePages_Total 0 of 2048 kB, transparent huge pages madvise, memlock 8192 kB");
        assertFalse(o.runnable());
        assertTrue(o.note().contains("does not apply -Xms2g -Xmx2g -XX:+UseLargePages on this host: OpenJDK 64-Bit Server VM warning: "
                + "Failed to reserve"), o.note());
        assertTrue(o.note().endsWith("(HugePages_Total 0 of 2048 kB, transparent huge pages madvise, memlock 8192 kB)"), o.note());
    }

    @Test
    void anOptionWhoseBehaviourIsNowTheOnlyOneRunsWithANote() {
        var o = HostJvmCheck.judge("-XX:+UseZGC -XX:+ZGenerational", 0, """
                OpenJDK 64-Bit Server VM warning: Ignoring option ZGenerational; support was removed in 24.0
                openjdk version "25" 2025-09-16 LTS
                """, "25+36-LTS", "");
        assertTrue(o.runnable());
        assertTrue(o.note().contains("with a warning: OpenJDK 64-Bit Server VM warning: Ignoring option ZGenerational"), o.note());
    }

    @Test
    void appliedOptionsRunAndPagesAreDescribed() {
        assertNull(HostJvmCheck.judge("-XX:+UseParallelGC", 0, "openjdk version \"17.0.15\"\n", "17.0.15", "").note());
        var thp = HostJvmCheck.judge("-XX:+UseTransparentHugePages", 0, "openjdk version \"17.0.15\"\n", "17.0.15",
                "transparent huge pages madvise");
        assertTrue(thp.runnable());
        assertEquals("the JVM (17.0.15) applies -XX:+UseTransparentHugePages (transparent huge pages madvise)", thp.note());
    }

    @Test
    void theHostsMemoryIsDescribedOnlyWhereLargePagesAreAskedFor() {
        assertEquals("", HostJvmCheck.hostMemory(List.of("-Xmx2g", "-XX:+UseG1GC")));
        assertTrue(HostJvmCheck.hostMemory(List.of("-XX:+UseTransparentHugePages")).contains("transparent huge pages"));
    }

    @Test
    void theOptionsAreTriedOnTheVariantsJdkNotOnThisOne(@TempDir Path home) throws Exception {
        Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\necho \"Unrecognized VM option '$1'\"\nexit 1\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        var o = HostJvmCheck.check(new Jdk(home, "11.0.2", "Test"), List.of("-XX:+UseZGC", "-XX:+ZGenerational"), List.of("-XX:+ZGenerational"));
        assertFalse(o.runnable());
        assertTrue(o.note().startsWith("this JDK (11.0.2) refuses -XX:+ZGenerational: Unrecognized VM option '-XX:+UseZGC'"), o.note());
        assertTrue(o.note().contains("single-generation"), o.note());
    }
}

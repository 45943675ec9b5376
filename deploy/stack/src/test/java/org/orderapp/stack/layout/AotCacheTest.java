package org.orderapp.stack.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cache is named by its build: any input changes the name; options per mode; refused below JDK 25. */
class AotCacheTest {

    @TempDir
    Path dir;
    private Path ear;
    private Path config;
    private final Jdk jdk25 = new Jdk(Path.of("/jdks/temurin-25"), "25.0.1", "Eclipse Adoptium");
    private final List<String> options = List.of("-Xmx512m", "-Dorder.ds.max-pool-size=20");

    @BeforeEach
    void build() throws Exception {
        ear = Files.writeString(dir.resolve("order.ear"), "the EAR");
        config = Files.writeString(dir.resolve("standalone-order.xml"), "<server/>");
    }

    private AotCache cache(Jdk jdk, List<String> settings) {
        return AotCache.of(dir.resolve("aot"), jdk, List.of(ear, config), settings);
    }

    @Test
    void theSameBuildGivesTheSameCache() {
        assertEquals(cache(jdk25, options).file(), cache(jdk25, options).file());
        assertEquals(dir.resolve("aot"), cache(jdk25, options).file().getParent());
    }

    @Test
    void anyInputChangesTheDigest() throws Exception {
        String before = cache(jdk25, options).digest();
        assertNotEquals(before, cache(jdk25, List.of("-Xmx1g", "-Dorder.ds.max-pool-size=20")).digest(), "JVM options");
        assertNotEquals(before, cache(new Jdk(jdk25.home(), "25.0.2", jdk25.vendor()), options).digest(), "JDK version");
        assertNotEquals(before, cache(new Jdk(Path.of("/jdks/other-25"), "25.0.1", jdk25.vendor()), options).digest(), "JDK home");
        Files.writeString(config, "<server changed='yes'/>");
        String configChanged = cache(jdk25, options).digest();
        assertNotEquals(before, configChanged, "server configuration");
        Files.writeString(ear, "another EAR");
        assertNotEquals(configChanged, cache(jdk25, options).digest(), "EAR");
    }

    @Test
    void trainingWritesTheFileAndUseReadsIt() {
        var cache = cache(jdk25, options);
        assertEquals(List.of("-XX:AOTCacheOutput=" + cache.file()), cache.jvmOptions(AotCache.Mode.TRAIN));
        assertEquals(List.of("-XX:AOTCache=" + cache.file()), cache.jvmOptions(AotCache.Mode.USE));
    }

    @Test
    void aCacheIsCurrentOnceWrittenAndOtherBuildsCachesAreThrownAway() throws Exception {
        var cache = cache(jdk25, options);
        assertFalse(cache.isCurrent());
        Files.createDirectories(cache.file().getParent());
        Files.writeString(cache.file(), "cache");
        Path stale = Files.writeString(cache.file().resolveSibling("order-0123456789abcdef0123.aot"), "old");
        assertTrue(cache.isCurrent());
        assertEquals(1, cache.discardOthers());
        assertFalse(Files.exists(stale));
        assertTrue(cache.isCurrent());
    }

    @Test
    void aJdkBelow25IsRefusedSayingWhy() {
        var e = assertThrows(IllegalArgumentException.class,
                () -> cache(new Jdk(Path.of("/jdks/java-17"), "17.0.15", "Debian"), options));
        assertTrue(e.getMessage().contains("JDK 25 or later"), e.getMessage());
        assertTrue(e.getMessage().contains("17.0.15"), e.getMessage());
    }
}

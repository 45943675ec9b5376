package org.orderapp.stack.layout;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * The ahead-of-time cache of one server build (JEP 483, 514, 515: JDK 25 and later): a training start with
 * {@code -XX:AOTCacheOutput=FILE} writes it when its JVM exits, later starts read it with {@code -XX:AOTCache=FILE}.
 * A cache is only good for the build that made it, so its file is named by a digest of what the build is: the EAR, the
 * server's configuration, the JDK and the JVM's options and settings. Any change gives another name, and the caches of
 * other builds in the folder are thrown away ({@link #discardOthers()}).
 */
public final class AotCache {

    /** The first release whose JVM writes a cache at the end of a training run (-XX:AOTCacheOutput, JEP 514). */
    public static final int FIRST_JDK = 25;
    private static final String SUFFIX = ".aot";

    /** What the server's start does with the cache: make it (a training run), or read it. */
    public enum Mode { TRAIN, USE }

    private final Path directory;
    private final String digest;

    private AotCache(Path directory, String digest) {
        this.directory = directory;
        this.digest = digest;
    }

    /**
     * The cache of that build, kept in {@code directory}.
     *
     * @param jdk      the JDK the server runs on: 25 or later, else refused with an IllegalArgumentException
     * @param files    the build's files: the EAR, the server's configuration
     * @param settings the server's JVM options and system properties, in the order they are given
     */
    public static AotCache of(Path directory, Jdk jdk, List<Path> files, List<String> settings) {
        if (jdk.major() < FIRST_JDK) {
            throw new IllegalArgumentException("an AOT cache needs JDK " + FIRST_JDK + " or later (-XX:AOTCacheOutput, JEP 514); "
                    + "this server runs on " + jdk.describe() + ": name jdk: " + FIRST_JDK + " in the variant");
        }
        MessageDigest sha = sha256();
        text(sha, "jdk " + jdk.home() + " " + jdk.version() + " " + jdk.vendor());
        for (Path file : files) {
            text(sha, "file " + file.getFileName());
            try (InputStream in = Files.newInputStream(file)) {
                byte[] buffer = new byte[1 << 16];
                for (int n; (n = in.read(buffer)) > 0; ) {
                    sha.update(buffer, 0, n);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file + " for the AOT cache's digest", e);
            }
        }
        settings.forEach(s -> text(sha, "setting " + s));
        return new AotCache(directory, HexFormat.of().formatHex(sha.digest()).substring(0, 20));
    }

    /** The digest that names this build's cache. */
    public String digest() {
        return digest;
    }

    /** The cache's file: {@code order-DIGEST.aot} in the folder. */
    public Path file() {
        return directory.resolve("order-" + digest + SUFFIX);
    }

    /** Whether a training run made this build's cache already (a cache of another build does not count). */
    public boolean isCurrent() {
        return Files.isRegularFile(file());
    }

    /** The JVM options of a start that trains (writes the cache as it exits) or uses the cache. */
    public List<String> jvmOptions(Mode mode) {
        return List.of(switch (mode) {
            case TRAIN -> "-XX:AOTCacheOutput=" + file();
            case USE -> "-XX:AOTCache=" + file();
        });
    }

    /** Deletes the caches of other builds in the folder (and their training leftovers); answers how many files went. */
    public int discardOthers() throws IOException {
        if (!Files.isDirectory(directory)) {
            return 0;
        }
        String own = file().getFileName().toString();
        int removed = 0;
        try (Stream<Path> entries = Files.list(directory)) {
            for (Path p : (Iterable<Path>) entries::iterator) {
                String name = p.getFileName().toString();
                if (name.startsWith("order-") && !name.startsWith(own) && Files.deleteIfExists(p)) {
                    removed++;
                }
            }
        }
        return removed;
    }

    private static void text(MessageDigest sha, String value) {
        sha.update(value.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }
}

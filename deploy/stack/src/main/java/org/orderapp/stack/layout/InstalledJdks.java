package org.orderapp.stack.layout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The JDKs installed in the JVM directory (ORDER_JDKS_DIR, default /usr/lib/jvm), each found by its {@code release}
 * file whatever its folder is called, as deploy/container/local/find-jdk.sh finds one for the image. Links to the
 * same JDK (java-1.17.0-openjdk-amd64 beside java-17-openjdk-amd64) count once.
 */
public final class InstalledJdks {

    /** The setting that names the JVM directory. */
    public static final String DIRECTORY_SETTING = "ORDER_JDKS_DIR";
    public static final Path DEFAULT_DIRECTORY = Path.of("/usr/lib/jvm");

    private final Path directory;

    public InstalledJdks(Path directory) {
        this.directory = directory;
    }

    /** The JDKs of the directory the setting names, or of the default one. */
    public static InstalledJdks here() {
        String dir = System.getenv(DIRECTORY_SETTING);
        return new InstalledJdks(dir == null || dir.isBlank() ? DEFAULT_DIRECTORY : Path.of(dir));
    }

    /** Every JDK of the directory with a release file naming its version and a bin/java, by folder name. */
    public List<Jdk> list() {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        var found = new ArrayList<Jdk>();
        Set<Path> seen = new LinkedHashSet<>();
        try (Stream<Path> children = Files.list(directory)) {
            for (Path home : (Iterable<Path>) children.sorted()::iterator) {
                var release = Jdk.release(home);
                if (release.isEmpty() || release.get().getProperty("JAVA_VERSION") == null
                        || !Files.isExecutable(home.resolve("bin/java")) || !seen.add(home.toRealPath())) {
                    continue;
                }
                found.add(new Jdk(home, release.get().getProperty("JAVA_VERSION"),
                        release.get().getProperty("IMPLEMENTOR", "unknown vendor")));
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("the JVM directory " + directory + " cannot be read: " + e.getMessage());
        }
        return found;
    }

    /**
     * The home of the first JDK of that major version, checked as {@link Jdk#at} checks one; a version none has is
     * refused with the ones there are.
     */
    public Jdk find(int major) {
        var all = list();
        return all.stream().filter(j -> j.major() == major).findFirst().map(j -> Jdk.at(j.home()))
                .orElseThrow(() -> new IllegalArgumentException("no JDK " + major + " in " + directory + " (set "
                        + DIRECTORY_SETTING + " for another directory); installed: " + (all.isEmpty() ? "none"
                        : String.join(", ", all.stream().map(j -> j.major() + " (" + j.home() + ")").toList()))));
    }

    public Path directory() {
        return directory;
    }
}

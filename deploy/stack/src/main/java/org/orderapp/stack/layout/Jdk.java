package org.orderapp.stack.layout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JDK on this machine that a server can run on: its home, its version and vendor as its {@code release} file says
 * (JAVA_VERSION, IMPLEMENTOR), or as {@code java -version} prints them when it has none.
 */
public record Jdk(Path home, String version, String vendor) {

    private static final Pattern VERSION_LINE = Pattern.compile("version \"([^\"]+)\"");
    private static final long ANSWER_SECONDS = 60;

    /** The JDK the servers run on unless told otherwise: JAVA_HOME's, else the launcher's own. */
    public static Path defaultHome() {
        String javaHome = System.getenv("JAVA_HOME");
        return Path.of(javaHome != null && !javaHome.isBlank() ? javaHome : System.getProperty("java.home"));
    }

    /**
     * The JDK in that folder, checked: it has an executable bin/java that answers {@code java -version}; otherwise an
     * IllegalArgumentException that says what is wrong with the folder.
     */
    public static Jdk at(Path home) {
        Path dir = home.toAbsolutePath().normalize();
        Path java = dir.resolve("bin/java");
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("no JDK in " + dir + ": no such directory");
        }
        if (!Files.isExecutable(java)) {
            throw new IllegalArgumentException("no JDK in " + dir + ": it has no executable bin/java");
        }
        String printed = versionOutput(java);
        Optional<Properties> release = release(dir);
        String version = release.map(r -> r.getProperty("JAVA_VERSION")).orElseGet(() -> versionIn(printed));
        String vendor = release.map(r -> r.getProperty("IMPLEMENTOR")).orElse("unknown vendor");
        return new Jdk(dir, version, vendor);
    }

    /** The release file's values, unquoted; empty when the folder has none. */
    static Optional<Properties> release(Path home) {
        Path file = home.resolve("release");
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        var properties = new Properties();
        try (var reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        }
        properties.replaceAll((k, v) -> v.toString().replaceAll("^\"|\"$", ""));
        return Optional.of(properties);
    }

    /** What {@code java -version} printed; a JVM that cannot start (exit status not 0) is no JDK to run a server on. */
    private static String versionOutput(Path java) {
        try {
            Process p = new ProcessBuilder(java.toString(), "-version").redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(ANSWER_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalArgumentException(java + " -version did not answer within " + ANSWER_SECONDS + " s");
            }
            if (p.exitValue() != 0) {
                throw new IllegalArgumentException(java + " -version failed (exit " + p.exitValue() + "): "
                        + output.lines().filter(l -> !l.isBlank()).findFirst().orElse("no output"));
            }
            return output;
        } catch (IOException e) {
            throw new IllegalArgumentException(java + " cannot be run: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalArgumentException("interrupted while asking " + java + " for its version");
        }
    }

    static String versionIn(String javaVersionOutput) {
        Matcher m = VERSION_LINE.matcher(javaVersionOutput);
        return m.find() ? m.group(1) : "unknown";
    }

    /** The feature release: 17 for "17.0.15", 25 for "25" or "25.0.3", 8 for "1.8.0_392"; 0 when the version is unknown. */
    public int major() {
        return major(version);
    }

    public static int major(String version) {
        Matcher m = Pattern.compile("^(?:1\\.)?(\\d+)").matcher(version == null ? "" : version);
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }

    /** "Eclipse Adoptium 25.0.3 (/usr/lib/jvm/temurin-25-jdk-amd64)", for the console and the reports. */
    public String describe() {
        return vendor + " " + version + " (" + home + ")";
    }
}

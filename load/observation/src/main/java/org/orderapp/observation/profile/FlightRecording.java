package org.orderapp.observation.profile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A JDK Flight Recording in the server's JVM, started and stopped with jcmd (the JDK's diagnostic command
 * tool, attaching to a local JVM of the same user), with only the events one question needs. Lock contention:
 * threads blocked entering a monitor (jdk.JavaMonitorEnter) and threads parked on a java.util.concurrent lock or
 * semaphore (jdk.ThreadPark), longer than a threshold, with stack traces; the cost is small and limited to
 * contended paths. CPU: the JVM's own execution samples of threads running Java code (jdk.ExecutionSample).
 */
public final class FlightRecording {

    private final String name;
    private final long pid;
    private final Path settings;
    private final Path jcmd;

    private FlightRecording(String name, long pid, Path settings, Path jcmd) {
        this.name = name;
        this.pid = pid;
        this.settings = settings;
        this.jcmd = jcmd;
    }

    /** Prepares lock-contention recordings of the given JVM; the settings file is written into the folder. */
    public static FlightRecording locks(long pid, Path folder, Duration threshold) throws IOException {
        String ms = threshold.toMillis() + " ms";
        return of("order-load", pid, folder.resolve("lock-contention.jfc"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <configuration version="2.0" label="Order lock contention" description="Blocked monitor entries and parked threads">
                  <event name="jdk.JavaMonitorEnter">
                    <setting name="enabled">true</setting>
                    <setting name="stackTrace">true</setting>
                    <setting name="threshold">%1$s</setting>
                  </event>
                  <event name="jdk.ThreadPark">
                    <setting name="enabled">true</setting>
                    <setting name="stackTrace">true</setting>
                    <setting name="threshold">%1$s</setting>
                  </event>
                </configuration>
                """.formatted(ms));
    }

    /** Prepares CPU recordings of the given JVM: an execution sample of each running thread every interval. */
    public static FlightRecording executionSamples(long pid, Path folder, Duration interval) throws IOException {
        return of("order-cpu", pid, folder.resolve("cpu-samples.jfc"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <configuration version="2.0" label="Order CPU samples" description="Execution samples of threads running Java code">
                  <event name="jdk.ExecutionSample">
                    <setting name="enabled">true</setting>
                    <setting name="period">%s ms</setting>
                  </event>
                </configuration>
                """.formatted(Math.max(1, interval.toMillis())));
    }

    private static FlightRecording of(String name, long pid, Path settings, String contents) throws IOException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        if (!Files.isExecutable(jcmd)) {
            throw new IOException("jcmd is not in " + jcmd.getParent() + ": a flight recording needs a JDK, not a JRE");
        }
        Files.createDirectories(settings.getParent());
        Files.writeString(settings, contents, StandardCharsets.UTF_8);
        return new FlightRecording(name, pid, settings, jcmd);
    }

    public void start() throws IOException {
        jcmd("JFR.start", "name=" + name, "settings=" + settings.toAbsolutePath());
    }

    /** Stops the recording and writes it to the file. */
    public void stop(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        jcmd("JFR.stop", "name=" + name, "filename=" + file.toAbsolutePath());
        if (!Files.isRegularFile(file)) {
            throw new IOException("the server wrote no recording to " + file);
        }
    }

    private void jcmd(String... command) throws IOException {
        List<String> args = new ArrayList<>(List.of(jcmd.toString(), Long.toString(pid)));
        args.addAll(List.of(command));
        Process p = new ProcessBuilder(args).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0 || output.contains("Exception")
                    || output.contains("Could not")) {
                throw new IOException("jcmd " + String.join(" ", command) + " failed: " + output.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running jcmd", e);
        }
    }
}

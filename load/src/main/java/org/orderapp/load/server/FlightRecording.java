package org.orderapp.load.server;

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
 * tool, attaching to a local JVM of the same user). Only lock events are enabled, with stack traces: threads
 * blocked entering a monitor (jdk.JavaMonitorEnter) and threads parked on a java.util.concurrent lock or
 * semaphore (jdk.ThreadPark), longer than the threshold. The cost is small and limited to contended paths.
 */
public final class FlightRecording {

    private static final String NAME = "order-load";
    private final long pid;
    private final Path settings;
    private final Path jcmd;

    private FlightRecording(long pid, Path settings, Path jcmd) {
        this.pid = pid;
        this.settings = settings;
        this.jcmd = jcmd;
    }

    /** Prepares recordings of the given JVM; the settings file is written into the folder. */
    public static FlightRecording of(long pid, Path folder, Duration threshold) throws IOException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        if (!Files.isExecutable(jcmd)) {
            throw new IOException("jcmd is not in " + jcmd.getParent() + ": a flight recording needs a JDK, not a JRE");
        }
        Files.createDirectories(folder);
        Path settings = folder.resolve("lock-contention.jfc");
        String ms = threshold.toMillis() + " ms";
        Files.writeString(settings, """
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
                """.formatted(ms), StandardCharsets.UTF_8);
        return new FlightRecording(pid, settings, jcmd);
    }

    public void start() throws IOException {
        jcmd("JFR.start", "name=" + NAME, "settings=" + settings.toAbsolutePath());
    }

    /** Stops the recording and writes it to the file. */
    public void stop(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        jcmd("JFR.stop", "name=" + NAME, "filename=" + file.toAbsolutePath());
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

package org.orderapp.driver.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * provenance.json: which code ran and on what machine, so runs can be compared and tracked over commits.
 *
 * @param commit the checkout's commit ("3f2a9c1e5b7d", "(changed)" added when files were modified), "unknown" outside git
 * @param memoryBytes the machine's physical memory, 0 when unknown
 */
public record RunProvenance(String commit, int processors, long memoryBytes, String os, String java) {

    static final String FILE = "provenance.json";
    static final String UNKNOWN = "unknown";

    /** This JVM and machine; the commit of the project the launcher runs from, else of the checkout holding the folder. */
    static RunProvenance current(Path folder) {
        String home = System.getProperty("order.home");
        Path checkout = home != null ? Path.of(home) : folder;
        long memory = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getTotalMemorySize() : 0;
        return new RunProvenance(commitOf(checkout), Runtime.getRuntime().availableProcessors(), memory,
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
    }

    /**
     * What a folder says: provenance.json, or for a folder written before it existed the driver's host from
     * summary.json (no commit, no memory).
     */
    static RunProvenance read(Path folder, JsonNode summary) throws IOException {
        Path file = folder.resolve(FILE);
        if (Files.isRegularFile(file)) {
            return ResultFiles.JSON.readValue(file.toFile(), RunProvenance.class);
        }
        JsonNode host = summary.path("config").path("driverHost");
        return new RunProvenance(UNKNOWN, host.path("processors").asInt(0), 0, host.path("os").asText(UNKNOWN),
                host.path("java").asText(UNKNOWN));
    }

    void write(Path folder) throws IOException {
        ResultFiles.JSON.writeValue(folder.resolve(FILE).toFile(), this);
    }

    /** The checkout's commit, " (changed)" added when tracked files were modified; "unknown" outside git. */
    public static String commitOf(Path checkout) {
        String commit = git(checkout, "rev-parse", "--short=12", "HEAD");
        if (commit == null || commit.isBlank()) {
            return UNKNOWN;
        }
        String changes = git(checkout, "status", "--porcelain", "--untracked-files=no");
        return commit.trim() + (changes != null && !changes.isBlank() ? " (changed)" : "");
    }

    private static String git(Path dir, String... arguments) {
        var command = new ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(arguments));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0 ? out : null;
        } catch (IOException e) {
            return null; // no git on this machine
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}

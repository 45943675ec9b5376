package org.orderapp.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.orderapp.stack.admin.AdminCredentials;

/** ./order as a user runs it, from the checkout, its output in a file of the test's work folder. */
final class OrderCli {

    private OrderCli() {
    }

    /** Runs ./order with the arguments; answers the exit status, or fails when it takes longer than the limit. */
    static int run(Path console, Duration limit, String... args) throws IOException, InterruptedException {
        Path home = Path.of(System.getProperty("order.home")).toAbsolutePath().normalize();
        var command = new ArrayList<String>(List.of(home.resolve("order").toString()));
        command.addAll(List.of(args));
        var builder = new ProcessBuilder(command).directory(home.toFile()).redirectErrorStream(true)
                .redirectOutput(console.toFile());
        // The servers it starts get the tests' administrator; the checkout's own var/admin-password stays untouched.
        builder.environment().put(AdminCredentials.PASSWORD_VARIABLE, TestAdmin.admin().password());
        Process p = builder.start();
        if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("./order " + String.join(" ", args) + " did not finish in " + limit.toMinutes()
                    + " minutes; see " + console);
        }
        return p.exitValue();
    }

    /**
     * Why ./order's exit was not 0, from its console: the run rules' and a failed audit's reasons (with the lines indented
     * under them), a run or window found invalid or failed, a supervisor that gave up, the command's own error; the last 20
     * such lines (a stack trace's lines are left out: they crowd the reasons out). For an assertion's message, since CI
     * keeps the message and not the console file.
     */
    static String whyNotZero(Path console) throws IOException {
        var why = new ArrayList<String>();
        boolean under = false;
        for (String line : Files.readAllLines(console)) {
            boolean heading = line.startsWith("Run rules: INVALID") || line.startsWith("Audit") && line.contains(": FAIL");
            under = heading || under && line.startsWith("  ") && !line.startsWith("  at ");
            if (under || line.matches("(Run \\d+: INVALID|Run \\d+ failed: |Stack: |order( [a-z-]+)?: ).*")
                    || line.contains(") was invalid: ")) {
                why.add(line);
            }
        }
        return why.isEmpty() ? "(the console names no reason)"
                : String.join(System.lineSeparator(), why.subList(Math.max(0, why.size() - 20), why.size()));
    }

    /**
     * A port offset for servers that ./order starts beside the one under test: the tests' own offset
     * ({@code order.it.port-offset}) plus a distance, so two checkouts with different offsets test side by side.
     * Each class has a distance of its own, clear of every server the others start (a cluster's nodes and an
     * experiment's resident variants are 20 apart), so that no two classes can collide: CrashableServer
     * 50, RunCommandIT 130, ExperimentIT 150, FaultIT 170, ClusterIT 200, CommitFaultIT 250, GaleraIT 300,
     * InterleavedExperimentIT 320.
     */
    static String portOffset(int distance) {
        return String.valueOf(Integer.getInteger("order.it.port-offset", 100) + distance);
    }

    /** The one experiment folder ./order experiment --output wrote into results. */
    static Path experimentFolder(Path results) throws IOException {
        try (Stream<Path> folders = Files.list(results)) {
            return folders.filter(Files::isDirectory).findFirst()
                    .orElseThrow(() -> new AssertionError("no experiment folder in " + results));
        }
    }

    static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}

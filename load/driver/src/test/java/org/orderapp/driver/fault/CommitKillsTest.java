package org.orderapp.driver.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.orderapp.target.ServerTrust;

/** server-kill-in-commit counts one kill when the server halts before its answer to the arming is out. */
class CommitKillsTest {

    @Test
    void anArmingCutOffByTheHaltItCausedCountsAsTheKill() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process server = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                HaltingServer.class.getName()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        var timer = Executors.newSingleThreadScheduledExecutor();
        try {
            int port = Integer.parseInt(new BufferedReader(new InputStreamReader(server.getInputStream(),
                    StandardCharsets.UTF_8)).readLine().strip());
            var journal = new FaultJournal(System.nanoTime(), new PrintStream(new ByteArrayOutputStream()), timer);
            new CommitKills(new Fault(Fault.Kind.SERVER_KILL_IN_COMMIT, Duration.ZERO, null, 1), journal,
                    URI.create("http://127.0.0.1:" + port + "/Order/"), "Basic eA==", ServerTrust.system()).start();

            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (journal.events().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            List<FaultEvent> events = journal.events();
            assertEquals(1, events.size(), "the kill recorded (asking again would wait for a restarted server): " + events);
            assertTrue(events.get(0).outcome().startsWith("kill 1 of 1: halted (Runtime.halt)"), events.get(0).outcome());
            assertEquals(137, server.waitFor(), "the server halted");
            journal.undoAll(); // the run's end: no further arming
        } finally {
            server.destroyForcibly();
            timer.shutdownNow();
        }
    }
}

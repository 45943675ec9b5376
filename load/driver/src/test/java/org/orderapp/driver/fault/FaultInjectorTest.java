package org.orderapp.driver.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.orderapp.driver.settings.Durations;

class FaultInjectorTest {

    /**
     * A poison message whose admin call is answered slowly (as a loaded server does) is written to the journal when the
     * call returns, after a database stall that began later on a thread of its own; the run's faults still come in the
     * order they began, which the timeline's recovery figures rely on (each fault's window ends where the next begins).
     * The stall stops and resumes a real process of this machine (a sleep standing for the database).
     */
    @Test
    void faultsAreListedInTheOrderTheyBeganWhateverOrderTheirInjectionsEndedIn() throws Exception {
        HttpServer application = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        application.setExecutor(Executors.newCachedThreadPool());
        application.createContext("/api/admin/faults/poison-message", exchange -> {
            try {
                Thread.sleep(800);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.sendResponseHeaders(202, -1);
            exchange.close();
        });
        application.start();
        Process database = new ProcessBuilder("sleep", "30").start();
        var faults = List.of(Fault.parse("poison@0s", Durations::parse), Fault.parse("db-stall@200ms:200ms", Durations::parse));
        try (var injector = new FaultInjector(faults, System.nanoTime(), Optional.of(database.pid()), Optional.empty(),
                URI.create("http://127.0.0.1:" + application.getAddress().getPort() + "/"), "Basic dGVzdA==",
                new PrintStream(OutputStream.nullOutputStream()))) {
            injector.start();
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (!(injector.events().size() == 2 && injector.events().stream().noneMatch(e -> Double.isNaN(e.endSeconds())))
                    && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            List<FaultEvent> events = injector.events();
            assertEquals(List.of("poison", "db-stall"), events.stream().map(FaultEvent::kind).toList(), events.toString());
            assertEquals("one poison message sent to the replenish queue", events.get(0).outcome());
            assertEquals("stopped (SIGSTOP), resumed (SIGCONT)", events.get(1).outcome());
            assertTrue(events.get(1).startSeconds() < 1, "the stall began at its time, not behind the poison's call: " + events.get(1));
        } finally {
            database.destroyForcibly();
            application.stop(0);
        }
    }
}

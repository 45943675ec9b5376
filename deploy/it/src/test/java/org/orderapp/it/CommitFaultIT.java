package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The faults that cut an order's commit off, under load with the transactional outbox, in one run of the order
 * transaction in plain JDBC (order.services.mode=jdbc; FaultIT takes the JPA one through a killed database and a
 * killed server): the link to the database hung for 30 s (db-hang), the database's filesystem full for 15 s
 * (db-disk-full; the experiment mounts one of its own for its data, which takes root, as CI runs), then the server
 * halted inside an order's commit, after the database committed and before the answer (server-kill-in-commit). After
 * each, orders flow again; the audit finds every acknowledged order, none placed twice under the driver's same-key
 * retries, and every replenish request applied exactly once. The hang outlasts the datasource's bound of a wait (25 s),
 * so that the bound, not the heal, must end the requests' waits. The definition holds the JPA implementation too, as the
 * experiment's other variant: {@code ./order experiment FILE} runs both (about twice as long).
 *
 * <p>It starts a stack of its own (on ports of its own) but runs in the stream of the classes that share the test
 * server, one after another with them, not among the {@link OwnStackTest} classes: those took 1,536 s in CI against the
 * shared stream's 1,050, which then left a core idle for eight minutes; with this class's 281 s moved, the two are
 * about even.
 */
class CommitFaultIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    /**
     * The bound of a wait on a hung link, datasource.cli's query and socket timeouts together (order.ds.query-timeout-seconds,
     * order.ds.socket-timeout-ms): the query timeout's KILL QUERY goes on a new connection, which waits for the
     * database's greeting up to the socket timeout while the statement waits for it.
     */
    private static final double HUNG_LINK_BOUND_SECONDS = 10 + 15;
    private static final Path WORK = Path.of(System.getProperty("order.it.dir", "target")).resolve("commit-fault-it").toAbsolutePath();

    // The faults begin once the driver has read the data's state, which has taken 20 s on a loaded machine: an earlier
    // fault comes late, and the next ones leave it room. A full disk can crash mariadbd (InnoDB out of space in a
    // rollback); the stack starts it again at once, a few seconds since it makes no TLS key at start (30-50 s before).
    // A restarted server has taken 38-104 s to serve at half speed again beside other tests: the kill at 100 s leaves it
    // 150 s. The audit decides validity, so the error rules are relaxed. One run, the control's (--variants jdbc).
    private static final String FAULTS = """
            varies: the order transaction's implementation; each runs through a hung link, a full disk and a kill inside a commit
            guide: {reference: none, figure: none}
            data: {scale: 0.001}
            load:
              users: 6
              warm-up: 2s
              measure: 250s
              steady-state: false
              mix: neworder=70,inquiry=30
              mix-tolerance: 20%
              max-error-rate: 100%
              rt-limit: all=120s
              fault: db-hang@25s:30s,db-disk-full@70s:15s,server-kill-in-commit@100s
              drain-timeout: 180s
            rounds: 1
            control: jdbc
            variants:
              - name: jdbc
                profile: baseline
                properties: {order.replenish.delivery: "outbox", order.services.mode: "jdbc"}
              - name: jpa
                profile: baseline
                properties: {order.replenish.delivery: "outbox", order.services.mode: "jpa"}
            """;

    @Test
    void ordersCutOffInTheirCommitAreStoredOnceWithTheirReplenishmentsOnce() throws Exception {
        OrderCli.deleteRecursively(WORK);
        Files.createDirectories(WORK);
        Path definition = WORK.resolve("faults.yaml");
        Files.writeString(definition, FAULTS);
        Path results = WORK.resolve("results");
        Path console = WORK.resolve("console.log");

        int exit = OrderCli.run(console, Duration.ofMinutes(12), "experiment", definition.toString(), "--variants", "jdbc",
                "--output", results.toString(), "--state-dir", WORK.resolve("state").toString(), "--port-offset", OrderCli.portOffset(250));
        String log = Files.readString(console);
        assertEquals(0, exit, "the run valid, its audit passed (see " + console + "):\n" + OrderCli.whyNotZero(console));
        assertTrue(log.contains("data directory on a filesystem of its own"), "the database's data on a small filesystem");
        assertTrue(log.contains("Server: the server JVM is gone; starting it again"), "the halted server was started again");

        Path folder = OrderCli.experimentFolder(results);
        JsonNode runs = JSON.readTree(folder.resolve("comparison.json").toFile()).path("runs");
        assertEquals(1, runs.size(), "the control alone: " + runs);
        assertEquals("jdbc", runs.get(0).path("variant").asText());
        for (JsonNode run : runs) {
            JsonNode summary = JSON.readTree(folder.resolve(run.path("folder").asText()).resolve("summary.json").toFile());
            check(run.path("variant").asText(), summary);
        }
        assertTrue(fullTablesLogged(), "the database refused writes for want of space (the server log names a full table)");
    }

    private static void check(String variant, JsonNode summary) {
        JsonNode audit = summary.path("audit");
        assertEquals("PASS", summary.path("run").path("audit").asText(), variant + ": audit: " + audit);
        List<String> kinds = new ArrayList<>();
        JsonNode faults = summary.path("faults");
        faults.forEach(f -> kinds.add(f.path("kind").asText()));
        assertEquals(List.of("db-hang", "db-disk-full", "server-kill-in-commit"), kinds, variant + ": every fault injected: " + faults);
        assertTrue(faults.get(0).path("outcome").asText().startsWith("hung, healed"), faults.get(0).toString());
        assertTrue(faults.get(1).path("outcome").asText().matches("filled \\(\\d+ MiB\\), emptied.*"), faults.get(1).toString());
        assertTrue(faults.get(2).path("outcome").asText().startsWith("kill 1 of 1: halted (Runtime.halt) after the database "
                + "committed an order, before its answer"), faults.get(2).toString());
        for (JsonNode fault : faults) {
            assertFalse(fault.path("secondsUntilServedAgain").isNull(), variant + ": orders flowed again within the run: " + fault);
        }
        // The hung link: every request answered (most with 503) within the datasource's bound and a second.
        double hangWait = faults.get(0).path("longestWaitSeconds").asDouble(Double.NaN);
        assertTrue(hangWait > 0 && hangWait <= HUNG_LINK_BOUND_SECONDS + 1, variant + ": the longest wait while the link hung, "
                + hangWait + " s, within the datasource's bound (" + HUNG_LINK_BOUND_SECONDS + " s) and a second: " + faults.get(0));

        assertTrue(audit.path("acknowledged").asLong() > 0, "orders were acknowledged: " + audit);
        assertEquals(audit.path("acknowledged").asLong(), audit.path("acknowledgedFound").asLong(), "none lost: " + audit);
        assertEquals(0, audit.path("duplicates").asLong(), "no order placed twice: " + audit);
        assertEquals(audit.path("ordersPlaced").asLong(), audit.path("keysStored").asLong(),
                "every order placed stored its one idempotency key: " + audit);
        assertTrue(audit.path("replenishRequested").asLong() > 0, "the load asked for replenishment: " + audit);
        assertEquals(audit.path("replenishRequested").asLong(), audit.path("replenishApplied").asLong(),
                "every replenish request of a committed order took effect once: " + audit);
        assertEquals(0, audit.path("replenishOrphaned").asLong(), "no replenishment of a rolled-back order: " + audit);

        var figures = new StringBuilder(String.format(Locale.ROOT, "%s: %d acknowledged, %d lost, %d duplicates, %d orders placed, "
                        + "%d acknowledged after a retry; replenish requests %d, applied %d", variant, audit.path("acknowledged").asLong(),
                audit.path("acknowledgedMissing").asLong(), audit.path("duplicates").asLong(), audit.path("ordersPlaced").asLong(),
                audit.path("acknowledgedAfterRetry").asLong(), audit.path("replenishRequested").asLong(),
                audit.path("replenishApplied").asLong()));
        for (JsonNode f : faults) {
            figures.append(String.format(Locale.ROOT, "%n  %s at %.0f s: served again after %.0f s, %d errors, longest wait %.1f s; %s",
                    f.path("kind").asText(), f.path("startSeconds").asDouble(), f.path("secondsUntilServedAgain").asDouble(),
                    f.path("errorsDuring").asLong(), f.path("longestWaitSeconds").asDouble(), f.path("outcome").asText()));
        }
        System.out.println(figures);
    }

    /** MariaDB's "The table ... is full", as the server logged the failed statements. */
    private static boolean fullTablesLogged() throws Exception {
        try (Stream<Path> logs = Files.walk(WORK.resolve("state"))) {
            for (Path log : logs.filter(p -> p.getFileName().toString().startsWith("server.log")).toList()) {
                if (new String(Files.readAllBytes(log), StandardCharsets.ISO_8859_1).contains(" is full")) {
                    return true;
                }
            }
        }
        return false;
    }
}

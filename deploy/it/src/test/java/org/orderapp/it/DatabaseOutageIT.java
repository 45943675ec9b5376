package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.as.arquillian.container.ManagementClient;
import org.jboss.as.controller.client.helpers.Operations;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.orderapp.driver.LoadDriver;
import org.orderapp.driver.audit.AuditResult;
import org.orderapp.driver.report.RunResult;
import org.orderapp.driver.settings.LoadConfig;
import org.orderapp.driver.settings.LoadOptions;
import org.orderapp.target.Target;

/**
 * A database outage of 60 s under 20 users with a replenish backlog, on the shared server. The backlog: the replenish
 * queue is paused from the run's start, so the requests of the first orders wait on it. The outage: the test database
 * refuses the application for exactly 60 s (its account locked, its connections ended: to the server, a database that
 * went away, whose every new connection fails at once), and the queue is resumed as it begins, so every waiting
 * message meets it at once, its deliveries failing fast and backing off (messaging.cli: 10 deliveries, 79.5 s of
 * delays). A database killed and started again would add its own start time, a minute and more on a busy machine, so
 * the outage would not be 60 s. None may reach the dead-letter queue; afterwards the audit finds nothing lost, no order
 * twice, every replenishment applied once, and orders flow again. No request was answered 404 meanwhile: the database's
 * failure is never taken for a missing customer.
 */
@ExtendWith(ArquillianExtension.class)
class DatabaseOutageIT {

    private static final int CENTER = 9700;
    private static final long FIRST_CUSTOMER = 9_700_001L;
    private static final int CUSTOMERS = 40;
    private static final long FIRST_PRODUCT = 9_700_001L;
    /** Each product asks for replenishment once when its stock falls below the reorder point: the backlog's bound. */
    private static final int PRODUCTS = 60;
    /**
     * The outage begins once this many messages wait and the load has run LOAD_BEFORE (the throughput that orders must
     * find again is that of the seconds before the outage), or at the latest BACKLOG_WAIT after the run began.
     */
    private static final int BACKLOG = 30;
    private static final Duration LOAD_BEFORE = Duration.ofSeconds(15);
    private static final Duration BACKLOG_WAIT = Duration.ofSeconds(40);
    private static final Duration OUTAGE = Duration.ofSeconds(60);
    /** Long enough for the backlog, the outage and 20 s or more after it. */
    private static final String MEASURE = "105s";

    @Deployment(testable = false, name = OrderDeployment.NAME)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @ArquillianResource
    @OperateOnDeployment(OrderDeployment.NAME)
    URL base;

    @ArquillianResource
    @OperateOnDeployment(OrderDeployment.NAME)
    ManagementClient management;

    @Test
    void aSixtySecondOutageUnderLoadParksNoReplenishMessageAndLosesNothing() throws Exception {
        assumeTrue(TestDatabase.embedded(), "the outage locks the application's account, which needs the tests' own database");
        referenceData();
        long parkedBefore = dlq("message-count");
        long deadLetteredBefore = dlq("messages-added");
        long failedBefore = replenishFailures();

        ExecutorService driver = Executors.newSingleThreadExecutor();
        Instant down;
        Instant up;
        long backlog;
        Future<RunResult> load;
        try {
            queue("pause");
            load = driver.submit(() -> new LoadDriver(config(), target(), System.out).run());
            try {
                backlog = awaitBacklog(load);
                TestDatabase.refuseApplication();
                down = Instant.now(); // from when the application is refused: locking takes seconds on a busy machine
            } finally {
                queue("resume");
            }
            System.out.printf(Locale.ROOT, "Database outage: the application refused for %d s from now; %d replenish messages "
                    + "waiting on the queue%n", OUTAGE.toSeconds(), backlog);
            Thread.sleep(Math.max(0, OUTAGE.toMillis() - Duration.between(down, Instant.now()).toMillis()));
        } finally {
            TestDatabase.admitApplication(); // whatever failed above, the tests after this one need the database
            up = Instant.now();
            driver.shutdown();
        }
        RunResult run = load.get(10, TimeUnit.MINUTES);
        // The time until orders flow again is the fault tests' figure (the driver's own clock); this test is about the queue.
        double outageSeconds = Duration.between(down, up).toMillis() / 1000.0;
        assertTrue(outageSeconds >= OUTAGE.toSeconds(), "the application was refused for the whole outage: " + outageSeconds + " s");

        assertTrue(backlog >= 10, "a replenish backlog met the outage: " + backlog + " messages waited on the queue");
        long failedDeliveries = replenishFailures() - failedBefore;
        assertTrue(failedDeliveries >= backlog, "the backlog's deliveries failed against the database: " + failedDeliveries
                + " failed deliveries");

        // No message parked: the back-off outlasted the outage. Read as the broker, the readiness check and the admin API count.
        long deadLettered = dlq("messages-added") - deadLetteredBefore;
        assertEquals(0, deadLettered, "no replenish message reached the dead-letter queue during the outage");
        ReadinessProbe.assertReadyWithDepth(management, parkedBefore);
        long adminDepth = deadLetterDepthFromAdminApi();
        assertEquals(parkedBefore, adminDepth, "the admin API counts no new dead letter");

        AuditResult audit = run.audit();
        assertNotNull(audit);
        assertTrue(audit.pass(), "audit: " + audit);
        assertTrue(audit.drained(), "the replenish queue drained after the outage: " + audit);
        assertTrue(audit.acknowledged() > 0, "orders were acknowledged: " + audit);
        assertEquals(0, audit.acknowledgedMissing(), "no acknowledged order lost: " + audit);
        assertEquals(0, audit.duplicates(), "no order placed twice under the driver's retries: " + audit);
        assertTrue(audit.replenishRequested() >= backlog, "the backlog's requests are the acknowledged orders': " + audit);
        assertEquals(audit.replenishRequested(), audit.replenishApplied(), "every replenish request applied, once: " + audit);
        assertEquals(0, audit.outbox().unpublished(), "jms delivery writes nothing to the outbox: " + audit.outbox());

        // A database that refuses is no missing customer: every look-up failed as a failure, none as "not found".
        var errors = run.steps().get(0).client().errors();
        assertTrue(errors.keySet().stream().noneMatch(kind -> kind.endsWith("HTTP 404")), "no request answered 404: " + errors);

        JsonNode summary = new ObjectMapper().readTree(run.folder().resolve("summary.json").toFile());
        assertEquals(0, summary.path("audit").path("outbox").path("unpublished").asLong(-1), "summary.json: " + summary.path("audit"));
        System.out.printf(Locale.ROOT, "Database outage of %.1f s under 20 users: backlog %d messages, %d failed "
                        + "deliveries (%.1f per replenish request of the run); dead-lettered %d (readiness depth %d, admin API %d, "
                        + "before %d); audit %s: %d acknowledged, %d lost, %d duplicates, replenish requests %d applied %d; errors %s%n",
                outageSeconds, backlog, failedDeliveries, failedDeliveries / (double) Math.max(1, audit.replenishRequested()),
                deadLettered, parkedBefore, adminDepth, parkedBefore, audit.pass() ? "PASS" : "FAIL", audit.acknowledged(),
                audit.acknowledgedMissing(), audit.duplicates(), audit.replenishRequested(), audit.replenishApplied(),
                errors);
    }

    /** Waits until BACKLOG messages wait on the paused queue after LOAD_BEFORE, or BACKLOG_WAIT; answers how many wait. */
    private long awaitBacklog(Future<RunResult> load) throws Exception {
        long started = System.nanoTime();
        long deadline = started + BACKLOG_WAIT.toNanos();
        long waiting = 0;
        while (System.nanoTime() < deadline && ((waiting = queueDepth()) < BACKLOG || System.nanoTime() - started < LOAD_BEFORE.toNanos())) {
            if (load.isDone()) {
                load.get(); // the driver's failure, if it failed
                throw new AssertionError("the run ended before the outage");
            }
            Thread.sleep(200);
        }
        return waiting;
    }

    private long queueDepth() throws Exception {
        return Management.readResolved(management, replenishQueue(), "message-count").asLong();
    }

    private static void referenceData() throws Exception {
        try (var c = TestDatabase.connect()) {
            TestData.distributionCenter(c, CENTER);
            TestData.pricingMethod(c, CENTER, "0.2500");
            TestData.supplier(c, CENTER);
            for (int i = 0; i < CUSTOMERS; i++) {
                TestData.customer(c, FIRST_CUSTOMER + i, CENTER, CENTER);
            }
            for (int i = 0; i < PRODUCTS; i++) {
                // One above the reorder point: the first order of two or more takes it below, and asks for replenishment.
                TestData.product(c, FIRST_PRODUCT + i, "Outage " + i, "2.00", 100, 60);
                TestData.inventory(c, FIRST_PRODUCT + i, CENTER, 101);
                TestData.supplierInventory(c, CENTER, FIRST_PRODUCT + i, 1_000_000);
            }
        }
    }

    /** 20 users, orders mostly; errors are expected while the database is down, so the audit decides, not the run rules. */
    private static LoadConfig config() {
        List<String> args = List.of("--users", "20", "--connections", "24", "--warm-up", "2s", "--measure", MEASURE,
                "--mix", "neworder=70,inquiry=30", "--lines", "1-3", "--customers", FIRST_CUSTOMER + "-" + (FIRST_CUSTOMER + CUSTOMERS - 1),
                "--seed", "11", "--sample-interval", "1s", "--drain-timeout", "90s", "--max-error-rate", "100%",
                "--rt-limit", "all=120s", "--label", "database-outage-it");
        return LoadOptions.parse(Path.of(System.getProperty("order.it.dir", "target")).resolve("load-runs"), args);
    }

    private Target target() {
        var db = TestDatabase.target();
        return new Target(URI.create(base.toString()), URI.create("http://127.0.0.1:" + System.getProperty("order.it.management-port",
                "10090") + "/management"), db.url(), db.user(), db.password(), TestAdmin.admin().authorization());
    }

    private void queue(String operation) throws Exception {
        Management.execute(management, Operations.createOperation(operation, replenishQueue()));
    }

    private static org.jboss.dmr.ModelNode replenishQueue() {
        return Management.address("subsystem", "messaging-activemq", "server", "default", "jms-queue", "replenish");
    }

    private long dlq(String attribute) throws Exception {
        return Management.readResolved(management, Management.address("subsystem", "messaging-activemq", "server", "default",
                "jms-queue", "ReplenishDLQ"), attribute).asLong();
    }

    /** Deliveries the replenish MDB failed since the server started (the application's own counter). */
    private long replenishFailures() throws Exception {
        return get("api/monitor/replenish", null).path("failures").asLong();
    }

    private long deadLetterDepthFromAdminApi() throws Exception {
        return get("api/admin/replenish/dead-letters", TestAdmin.admin().authorization()).path("depth").asLong();
    }

    private JsonNode get(String path, String authorization) throws Exception {
        var request = HttpRequest.newBuilder(URI.create(base.toString()).resolve(path)).header("Accept", "application/json");
        if (authorization != null) {
            request.header("Authorization", authorization).header("X-Order-Admin", "1");
        }
        var answer = HttpClient.newHttpClient().send(request.GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode(), path + ": " + answer.body());
        return new ObjectMapper().readTree(answer.body());
    }
}

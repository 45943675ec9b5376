package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.as.arquillian.container.ManagementClient;
import org.jboss.as.controller.client.helpers.Operations;
import org.jboss.dmr.ModelNode;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.orderapp.driver.LoadDriver;
import org.orderapp.driver.audit.AuditResult;
import org.orderapp.driver.fault.FaultEvent;
import org.orderapp.driver.report.RunResult;
import org.orderapp.driver.settings.LoadConfig;
import org.orderapp.driver.settings.LoadOptions;
import org.orderapp.driver.workload.RequestType;
import org.orderapp.target.Target;

/**
 * The load driver end to end against the server under test: a short closed-model run (two small steps, every
 * transaction of the mix, lock recording and CPU profile on) and a short open-model run, each ending with the audit. Stock is
 * set low so orders trigger replenishments during the run, and the audit must balance them too.
 */
@ExtendWith(ArquillianExtension.class)
class LoadDriverIT {

    private static final int CENTER = 9800;
    private static final long FIRST_CUSTOMER = 9_800_001L;
    private static final int CUSTOMERS = 50;
    private static final long FIRST_PRODUCT = 9_800_001L;
    private static final int PRODUCTS = 30;

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

    @BeforeAll
    static void referenceData() throws Exception {
        try (var c = TestDatabase.connect()) {
            TestData.distributionCenter(c, CENTER);
            TestData.pricingMethod(c, CENTER, "0.2500");
            TestData.supplier(c, CENTER);
            for (int i = 0; i < CUSTOMERS; i++) {
                TestData.customer(c, FIRST_CUSTOMER + i, CENTER, CENTER);
            }
            for (int i = 0; i < PRODUCTS; i++) {
                // Just above the reorder point: the first orders take it below, and a replenishment follows.
                TestData.product(c, FIRST_PRODUCT + i, "Load " + i, "3.50", 100, 500);
                TestData.inventory(c, FIRST_PRODUCT + i, CENTER, 130);
                TestData.supplierInventory(c, CENTER, FIRST_PRODUCT + i, 1_000_000);
            }
        }
    }

    @Test
    void closedModelRunWritesItsFolderAndPassesTheAudit() throws Exception {
        var config = config(LoadConfig.Model.CLOSED, "1,4", 1, 9, true, "closed-it");
        Set<String> sessionsBefore = webSessions();
        RunResult run = new LoadDriver(config, target(), System.out).run();

        assertAudit(run);
        // Every user browses; the one user of the first step is user 0 of the second too, and comes back with its
        // session: four sessions for the run, not one per user per step (five), which the server would keep for 30
        // minutes and an experiment of many windows would pile up to the web module's bound.
        var opened = new HashSet<>(webSessions());
        opened.removeAll(sessionsBefore);
        assertTrue(opened.size() >= 1 && opened.size() <= 4, "HTTP sessions the run opened, at most one per user: " + opened.size());
        assertEquals(2, run.steps().size());
        for (var step : run.steps()) {
            assertTrue(step.client().successes() > 0, "requests succeeded in " + step.client().name());
            assertNotNull(step.server().get("db.statementsPerTx"), "statements per transaction from the database's counters");
            assertNotNull(step.server().get("ds.inUse.max"), "the datasource pool, read through the management interface");
            assertNotNull(step.server().get("ejb.OrderService.poolInUse.max"), "the EJB pool");
            // The figures the guide's experiments compare (gc, fetch-size, statement-cache, pool-size), from the real server.
            var f = step.server();
            assertNotNull(f.get("jvm.gc.pauseMs.delta"), "the collectors' pause time, from the platform MBeans: " + f);
            assertTrue(f.get("jvm.allocMbPerSecond") != null && f.get("jvm.allocMbPerSecond") > 0, "the server allocates: " + f);
            assertTrue(f.get("jvm.allocKbPerTx") > 1 && f.get("jvm.allocKbPerTx") < 100_000, "plausible KB per transaction: " + f);
            assertTrue(f.get("db.bytesSentPerTx") > 0 && f.get("db.questionsPerTx") >= 1, "the database's bytes and statements: " + f);
            assertTrue(f.get("jdbc.psCacheHits.delta") > 0, "the datasource's statement cache answers prepares: " + f);
            assertNotNull(f.get("ds.waitsPerSecond"), "pool waits per second: " + f);
            assertNotNull(step.contention(), "a lock-contention recording of the window: " + step.recording());
            // CPU per transaction by role, read from the operating system: server, database and driver run here.
            Map<String, Double> cpu = step.server().cpuPerTransaction();
            for (String role : List.of("server", "db", "driver")) {
                assertNotNull(cpu.get(role), role + " CPU per transaction: " + cpu);
                assertTrue(cpu.get(role) > 0 && cpu.get(role) < 1_000, role + " CPU ms per transaction is plausible: " + cpu);
            }
            assertNotNull(cpu.get("other"), "the rest of the machine: " + cpu);
        }
        assertNotNull(run.validity(), "the run rules were applied");
        var summary = new ObjectMapper().readTree(run.folder().resolve("summary.json").toFile());
        assertTrue(summary.path("validity").has("valid") && summary.path("validity").path("reasons").isArray(), "summary.json says valid or not");
        assertTrue(summary.path("steps").get(0).path("cpu_ms_per_tx").path("server").isNumber(), "summary.json has CPU per transaction");
        assertEquals("checked", summary.path("config").path("durability").asText(),
                "the server, started without the allowance, says it refuses an unsafe database: " + summary.path("config"));
        String stepsCsv = Files.readString(run.folder().resolve("steps.csv"));
        List<String> header = List.of(stepsCsv.lines().findFirst().orElseThrow().split(","));
        assertTrue(String.join(",", header).endsWith("cpu_server_ms_per_tx,cpu_db_ms_per_tx,cpu_driver_ms_per_tx,cpu_other_ms_per_tx,"
                + "cpu_server_requests_ms_per_tx,cpu_server_io_ms_per_tx,cpu_server_gc_ms_per_tx,cpu_server_jit_ms_per_tx,"
                + "cpu_server_rest_ms_per_tx,cpu_server_system_ms_per_tx"), stepsCsv);
        // The server runs on this machine: its CPU is cut by part, most of it on the request threads WildFly names.
        String[] all = stepsCsv.lines().filter(l -> l.contains(",All,")).reduce((a, b) -> b).orElseThrow().split(",");
        double server = Double.parseDouble(all[header.indexOf("cpu_server_ms_per_tx")]);
        double requests = Double.parseDouble(all[header.indexOf("cpu_server_requests_ms_per_tx")]);
        assertTrue(requests > 0.2 * server && requests < server, "the request threads' part of the server's CPU: " + requests
                + " of " + server + "\n" + stepsCsv);
        Path folder = run.folder();
        for (String file : List.of("config.json", "summary.json", "steps.csv", "aggregate.csv", "errors.csv", "server.csv", "report.html")) {
            assertTrue(Files.size(folder.resolve(file)) > 0, file + " is written");
        }
        assertEquals(2, count(folder.resolve("histograms"), ".hlog"), "one histogram log per step");
        assertEquals(2, count(folder.resolve("jfr"), ".jfr"), "one lock recording per window");
        String report = Files.readString(folder.resolve("report.html"));
        String profiler = summary.path("run").path("cpuProfiler").asText();
        assertTrue(profiler.startsWith("async-profiler ") || profiler.equals("jfr"), "the engine is named: " + summary.path("run"));
        for (JsonNode step : summary.path("steps")) {
            String file = step.path("cpuProfile").asText();
            assertTrue(file.startsWith("flamegraphs/") && file.endsWith(".html"), "a flame graph per step: " + step.path("cpuProfileUnavailable"));
            String flameGraph = Files.readString(folder.resolve(file));
            assertTrue(flameGraph.startsWith("<!DOCTYPE html>") && flameGraph.length() > 20_000, "a flame graph of real stacks: "
                    + flameGraph.length() + " characters");
            assertTrue(flameGraph.toLowerCase(Locale.ROOT).contains("undertow"), "the server's own frames are in it");
        }
        String start = "<script type=\"application/json\" id=\"summary\">";
        JsonNode embedded = new ObjectMapper().readTree(report.substring(report.indexOf(start) + start.length(),
                report.indexOf("</script>", report.indexOf(start))));
        for (int i = 0; i < summary.path("steps").size(); i++) {
            assertEquals(summary.path("steps").get(i).path("cpuProfile"), embedded.path("steps").get(i).path("cpuProfile"),
                    "report.html links the step's flame graph");
        }
        assertTrue(report.contains("class=\"flamegraph\""), "the report draws the links");
        assertTrue(report.contains("Chart.js") || report.contains("chart.js"), "Chart.js is inlined");
        assertFalse(report.contains("src=\"http"), "the report loads nothing from the network");
        assertEquals(2, count(folder.resolve("histograms"), "users.hgrm"), "one percentile distribution (.hgrm) per step");
        if (ReportInBrowser.available()) { // as BrowserIT, which says how to install it
            // Two steps: against load is drawn; errors and queues only when the run had some.
            ReportInBrowser.assertDrawn(ReportInBrowser.charts(folder.resolve("report.html")), List.of("throughput", "latency",
                    "distribution", "histogram", "timeline", "latencyOverTime", "poolsOverTime"));
        }
        String steps = Files.readString(folder.resolve("steps.csv"));
        assertTrue(steps.contains(",NewOrder,") && steps.contains(",OrderInquiry,") && steps.contains(",BrowseSearch,"),
                "every transaction of the mix is measured:\n" + steps);
    }

    @Test
    void openModelRunAtAFixedRatePassesTheAudit() throws Exception {
        var config = config(LoadConfig.Model.OPEN, "20", 5, 5, false, "open-it");
        RunResult run = new LoadDriver(config, target(), System.out).run();

        assertAudit(run);
        var step = run.steps().get(0).client();
        assertTrue(step.successes() > 0, "requests succeeded");
        // An arrival is one transaction of the mix; a browse turns up to --browse-pages pages after its search once
        // its customer has more than a page of orders, which the other runs of this class may have created.
        long searches = step.response().get(RequestType.BROWSE_SEARCH).getTotalCount();
        long transactions = step.response().get(RequestType.NEW_ORDER).getTotalCount()
                + step.response().get(RequestType.ORDER_INQUIRY).getTotalCount() + searches;
        long pageTurns = step.response().get(RequestType.BROWSE_NEXT).getTotalCount();
        assertTrue(pageTurns <= config.browsePages() * searches, "at most " + config.browsePages()
                + " page turns after each search: " + pageTurns + " after " + searches);
        // 20 arrivals per second (a late start may catch up within the window); a driver that ignored the schedule
        // would send thousands per second on 8 connections.
        double arrivalsPerSecond = (transactions + step.errorCount() + step.refused()) / step.windowSeconds();
        assertTrue(arrivalsPerSecond > 10 && arrivalsPerSecond < 40, "the mix's transactions arrive at the step's rate: "
                + arrivalsPerSecond + " per second");
    }

    /**
     * Faults db-stall (the database frozen with SIGSTOP under load, then resumed) and poison (a replenish message
     * the MDB cannot process): nothing acknowledged is lost, orders flow again, the poison ends on the DLQ; moved back
     * to the replenish queue by the administrator's redrive, it fails again and is parked again.
     */
    @Test
    void aDatabaseStallAndAPoisonMessageUnderLoadLoseNoOrderAndTheReportShowsThem() throws Exception {
        long parkedBefore = dlqCount();
        var config = config(LoadConfig.Model.CLOSED, "4", 1, 3, false, "faults-it", "15s", List.of("poison@2s", "db-stall@5s:5s"));
        RunResult run = new LoadDriver(config, target(), System.out).run();

        assertAudit(run);
        assertEquals(2, run.faults().size(), "both faults were injected: " + run.faults());
        assertEquals("one poison message sent to the replenish queue", run.faults().get(0).outcome());
        // The redeliveries back off for 79.5 s in all (messaging.cli) before the broker parks the message.
        long deadline = System.nanoTime() + 100_000_000_000L;
        while (dlqCount() == parkedBefore && System.nanoTime() < deadline) {
            Thread.sleep(500);
        }
        assertEquals(parkedBefore + 1, dlqCount(), "the poison message ended on the dead-letter queue");
        assertEquals(parkedBefore + 1, adminJson("GET", "api/admin/replenish/dead-letters").path("depth").asLong(),
                "the admin API reads the dead-letter depth");
        JsonNode redrive = adminJson("POST", "api/admin/replenish/dead-letters/redrive");
        assertEquals(parkedBefore + 1, redrive.path("moved").asLong(), "every parked message moved back: " + redrive);
        assertEquals(0, dlqCount(), "the dead-letter queue is empty once the redrive committed");
        // Still poison: redelivered and parked again after the same 79.5 s of back-off (the test's longest wait). The
        // redrive moved every parked message, and on this shared server every one is a test's poison message (this
        // one, ReplenishDeliveryIT's when it ran first): each fails again and is parked again.
        deadline = System.nanoTime() + 100_000_000_000L;
        while (dlqCount() < parkedBefore + 1 && System.nanoTime() < deadline) {
            Thread.sleep(500);
        }
        assertEquals(parkedBefore + 1, dlqCount(), "every redriven poison message failed again and was parked again");
        FaultEvent event = run.faults().get(1);
        assertTrue(event.outcome().contains("resumed (SIGCONT)"), event.toString());
        double stalled = event.endSeconds() - event.startSeconds();
        assertTrue(stalled >= 4.9 && stalled < 7, "stopped for the fault's 5 s: " + event);
        assertTrue(event.startSeconds() >= 4.9 && event.startSeconds() < 7, "at its time: " + event);
        assertNotNull(event.secondsUntilServedAgain(), "orders flowed again within the run: " + event);
        assertTrue(event.secondsUntilServedAgain() <= 5, "soon after the database came back: " + event);
        var stalledTicks = run.steps().get(0).client().timeline().stream()
                .filter(t -> t.seconds() > event.startSeconds() + 1.5 && t.seconds() < event.endSeconds() - 0.5).toList();
        assertFalse(stalledTicks.isEmpty());
        assertTrue(stalledTicks.stream().allMatch(t -> t.txPerSecond() < 1), "nothing completed while it was stopped: " + stalledTicks);
        JsonNode summary = new ObjectMapper().readTree(run.folder().resolve("summary.json").toFile());
        assertEquals("db-stall", summary.path("faults").path(1).path("kind").asText(), "summary.json lists the faults");
    }

    /** An admin API call as the administrator, with the header every admin change needs; answers its JSON body. */
    private JsonNode adminJson(String method, String path) throws Exception {
        var request = java.net.http.HttpRequest.newBuilder(URI.create(base.toString()).resolve(path))
                .header("Authorization", TestAdmin.admin().authorization()).header("X-Order-Admin", "1")
                .method(method, java.net.http.HttpRequest.BodyPublishers.noBody()).build();
        var answer = java.net.http.HttpClient.newHttpClient().send(request, java.net.http.HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode(), method + " " + path + ": " + answer.body());
        return new ObjectMapper().readTree(answer.body());
    }

    /** The HTTP sessions the web module holds now. */
    private Set<String> webSessions() throws Exception {
        ModelNode web = Management.address("deployment", OrderDeployment.NAME, "subdeployment", "order-web.war", "subsystem", "undertow");
        var ids = new HashSet<String>();
        Management.execute(management, Operations.createOperation("list-sessions", web)).asList().forEach(id -> ids.add(id.asString()));
        return ids;
    }

    private long dlqCount() throws Exception {
        return Management.readResolved(management, Management.address("subsystem", "messaging-activemq", "server", "default",
                "jms-queue", "ReplenishDLQ"), "message-count").asLong();
    }

    private static void assertAudit(RunResult run) {
        AuditResult audit = run.audit();
        assertNotNull(audit);
        assertTrue(audit.pass(), "audit: " + audit);
        assertTrue(audit.acknowledged() > 0, "orders were acknowledged");
        assertEquals(audit.acknowledged(), audit.acknowledgedFound());
        assertTrue(audit.ordersPlaced() >= audit.acknowledged(), "every acknowledged order was placed during the run");
        var center = audit.centers().stream().filter(c -> c.center() == CENTER).findFirst().orElseThrow();
        assertTrue(center.ordered() > 0, "stock was ordered at the test's center");
    }

    private LoadConfig config(LoadConfig.Model model, String steps, int minLines, int maxLines, boolean profiles,
                              String label) {
        return config(model, steps, minLines, maxLines, profiles, label, "3s", List.of());
    }

    /** The run as ./order load would take it: these options, every other at its default. */
    private LoadConfig config(LoadConfig.Model model, String steps, int minLines, int maxLines, boolean profiles,
                              String label, String measure, List<String> faults) {
        var args = new ArrayList<>(List.of("--model", model.name().toLowerCase(Locale.ROOT),
                model == LoadConfig.Model.CLOSED ? "--users" : "--rates", steps, "--connections", "8", "--warm-up", "1s",
                "--measure", measure, "--mix", "neworder=50,inquiry=35,browse=15", "--lines", minLines + "-" + maxLines,
                "--customers", FIRST_CUSTOMER + "-" + (FIRST_CUSTOMER + CUSTOMERS - 1), "--seed", "7",
                "--sample-interval", "500ms", "--drain-timeout", "60s", "--label", label));
        if (profiles) { // the lock recording and the CPU profile together, as an experiment may ask
            args.addAll(List.of("--lock-profile", "--cpu-profile"));
        }
        faults.forEach(fault -> args.addAll(List.of("--fault", fault)));
        return LoadOptions.parse(Path.of(System.getProperty("order.it.dir", "target")).resolve("load-runs"), args);
    }

    private Target target() {
        var db = TestDatabase.target();
        return new Target(URI.create(base.toString()), URI.create("http://127.0.0.1:" + System.getProperty("order.it.management-port",
                "10090") + "/management"), db.url(), db.user(), db.password(), TestAdmin.admin().authorization());
    }

    private static long count(Path dir, String suffix) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.toString().endsWith(suffix)).count();
        }
    }
}

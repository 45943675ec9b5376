package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.orderapp.it.OwnStack.url;

import java.net.URI;
import java.net.URL;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.orderapp.driver.LoadDriver;
import org.orderapp.driver.fault.FaultEvent;
import org.orderapp.driver.report.RunResult;
import org.orderapp.driver.settings.LoadOptions;
import org.orderapp.stack.ApplicationStack;
import org.orderapp.stack.StackOptions;
import org.orderapp.stack.database.DatabaseTarget;
import org.orderapp.stack.layout.ServerProfile;
import org.orderapp.target.GaleraNodes;
import org.orderapp.target.Target;

/**
 * The server on a MariaDB Galera cluster of three nodes, started by the launcher as ./order run --db-nodes 3 starts it:
 * Connector/J's load-balancing URL spreads the transactions over every node; orders that meet on the same stock on
 * different nodes fail Galera's certification and are retried, answered 201 or, after every attempt, 409, never as an
 * error; and, under load, a node killed with SIGKILL costs only the transactions in flight on it, loses no
 * acknowledged order (the audit, on a surviving node once the others agree), and rejoins by incremental state
 * transfer holding every order (the audit again, on it); cut off from the others by a partition, a node rejoins by
 * itself, and neither an acknowledged order nor an update of the stock is lost.
 *
 * It needs Debian's galera-4, mariadb-server (its rsync state transfer script) and rsync, which .ci/run installs: on a
 * machine without them it fails, naming them, rather than pass without having run. The partition needs root and nft
 * (nftables, installed by .ci/run too; CI runs as root): without them the driver refuses the run, and the test fails.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@OwnStackTest
@Order(5)
class GaleraIT {

    private static final int USERS = 6;

    private static ApplicationStack stack;
    private static OwnStack own;
    private static URI application;
    private static DatabaseTarget database;
    private static GaleraNodes nodes;

    @BeforeAll
    static void startTheServerOnACluster() throws Exception {
        List<String> missing = ApplicationStack.databaseClusterNeeds();
        assertTrue(missing.isEmpty(), "a database cluster needs " + missing);
        own = OwnStack.start("galera-it", (layout, work) -> new StackOptions(layout, work.resolve("server"),
                    work.resolve("mariadb"),
                    ServerProfile.load(layout, ServerProfile.DEFAULT), 8080,
                    List.of("jboss.socket.binding.port-offset=" + OrderCli.portOffset(300)), List.of(), Duration.ofMinutes(8),
                    TestAdmin.admin(), List.of(), 1, 3));
        stack = own.stack();
        application = stack.address().applicationUrl();
        database = stack.database();
        nodes = GaleraNodes.of(database.url()).orElseThrow(() -> new AssertionError("not a cluster's URL: " + database.url()));
        assertEquals(3, nodes.nodes().size());
        new ReferenceDataApi(url(application)).loadAndWait("scale=0.002&resetAll=true");
    }

    @AfterAll
    static void stopTheServerAndTheCluster() {
        if (own != null) {
            own.close();
        }
    }

    /** Orders placed through the one server are committed on every node, and every node took some as the first. */
    @Test
    @Order(1)
    void everyNodeTakesTransactionsAndHoldsEveryOrder() throws Exception {
        Map<String, Long> localBefore = perNode("wsrep_local_commits");
        long product = anyProduct();
        var api = new Api(url(application));
        for (int i = 0; i < 30; i++) {
            var reply = api.order(11 + i % 5, product, 1);
            assertEquals(201, reply.status(), reply.body());
        }
        var states = nodes.awaitAgreement(nodes.nodes(), database.user(), database.password(), Duration.ofMinutes(1));
        assertTrue(GaleraNodes.agreed(nodes.nodes(), states), GaleraNodes.describe(nodes.nodes(), states));
        Map<String, Long> orders = new HashMap<>();
        for (GaleraNodes.Node n : nodes.nodes()) {
            orders.put(n.name(), count(n, "select count(*) from orders"));
        }
        assertEquals(1, orders.values().stream().distinct().count(), "every node holds the same orders: " + orders);
        Map<String, Long> localAfter = perNode("wsrep_local_commits");
        for (GaleraNodes.Node n : nodes.nodes()) {
            assertTrue(localAfter.get(n.name()) > localBefore.get(n.name()), n.name() + " committed some of the transactions "
                    + "itself (Connector/J balanced them): before " + localBefore + ", after " + localAfter);
        }
    }

    /**
     * Clients order the same product at once; their transactions land on different nodes, where FOR UPDATE locks only
     * the node's own rows, and the later commit fails Galera's certification (a deadlock error). Each such order is
     * tried again as an optimistic-lock conflict is: every order is accepted (201) or, after order.max-attempts,
     * refused (409), never failed (500), and the stock of the accepted ones is exactly what was taken.
     */
    @Test
    @Order(2)
    void aCertificationFailureIsRetriedAsAConflict() throws Exception {
        long product = anyProduct();
        long customer = 11;
        long netBefore = netStock(product, customer);
        Map<String, Long> certBefore = perNode("wsrep_local_cert_failures");
        Map<String, Long> abortsBefore = perNode("wsrep_local_bf_aborts");
        int clients = 3;
        int perClient = 40;
        var outcome = new RacingOrders(customer, product).place(
                Stream.generate(() -> new Api(url(application))).limit(clients).toList(), perClient);
        int accepted = outcome.accepted();
        int refused = outcome.refused();
        long certificationFailures = delta(certBefore, perNode("wsrep_local_cert_failures"));
        long bruteForceAborts = delta(abortsBefore, perNode("wsrep_local_bf_aborts"));
        System.out.printf("certification conflicts: %d orders accepted, %d refused after every attempt; %d certification failures "
                + "and %d brute-force aborts on the nodes, each retried%n", accepted, refused, certificationFailures, bruteForceAborts);
        assertEquals(clients * perClient, outcome.total());
        assertTrue(accepted > 0, "orders were accepted");
        assertTrue(certificationFailures + bruteForceAborts > 0, "orders on different nodes met at certification");
        nodes.awaitAgreement(nodes.nodes(), database.user(), database.password(), Duration.ofMinutes(1));
        assertEquals(netBefore - accepted, netStock(product, customer), "each accepted order took its one unit, once");
    }

    /**
     * A short load; database node db1 is killed with SIGKILL in the middle. Orders flow on through the other nodes; the
     * errors are the transactions in flight on db1, at most one per user; every acknowledged order is on a surviving node
     * once the others agree, and on db1 once it has rejoined, which it did by incremental state transfer.
     */
    @Test
    @Order(3)
    void aDatabaseNodeKilledUnderLoadLosesNoAcknowledgedOrderAndRejoins() throws Exception {
        var config = LoadOptions.parse(own.work().resolve("results"), List.of("--users", Integer.toString(USERS), "--warm-up", "2s",
                "--measure", "60s", "--mix", "neworder=70,inquiry=30", "--mix-tolerance", "20%", "--max-error-rate", "100%",
                "--rt-limit", "all=120s", "--fault", "db-node-kill@20s", "--drain-timeout", "240s"));
        var target = new Target(application, stack.address().managementUrl(), database.url(), database.user(), database.password(),
                TestAdmin.admin().authorization());
        RunResult result = new LoadDriver(config, target, System.out).run();

        var audit = result.audit();
        assertNotNull(audit);
        assertTrue(audit.pass(), "audit of " + result.folder() + " on a surviving node and on the rejoined one: " + audit);
        assertTrue(audit.acknowledged() > 0, "orders were acknowledged: " + audit);
        assertEquals(audit.acknowledged(), audit.acknowledgedFound(), "no acknowledged order lost: " + audit);
        assertTrue(result.notes().stream().anyMatch(n -> n.contains("again on db1 (killed) after it rejoined: PASS")),
                "the audit ran again on the rejoined node: " + result.notes());
        assertEquals(1, result.faults().size(), result.faults().toString());
        FaultEvent kill = result.faults().get(0);
        assertEquals("db-node-kill", kill.kind());
        assertTrue(kill.outcome().startsWith("killed (SIGKILL)"), kill.outcome());
        assertNotNull(kill.secondsUntilServedAgain(), "orders flowed again within the run: " + kill);
        assertTrue(kill.errorsDuring() <= USERS, "errors only for the transactions in flight on the killed node, at most one per "
                + "user: " + kill);
        // The stack's watcher says so once its own poll of db1 (a client process a poll) sees it Synced; the driver's audit,
        // reading db1 over JDBC, may have seen it first on a busy machine (CI of 2026-12-02: no such line yet when asked).
        var back = own.awaitLine(l -> l.startsWith("Database: db1 back and Synced"), Duration.ofMinutes(2));
        assertTrue(back.isPresent() && back.get().contains("incremental state transfer"),
                "db1 rejoined by incremental state transfer: " + own.console());
        System.out.printf("db-node-kill under load: %d orders acknowledged, %d lost; %d errors during the fault; served again %.0f s "
                + "after the kill; %s%n", audit.acknowledged(), audit.acknowledgedMissing(), kill.errorsDuring(),
                kill.secondsUntilServedAgain(), own.console().stream().filter(l -> l.startsWith("Database: db1 back")).findFirst().orElse(""));
    }

    /**
     * A short load; database node db1 is cut off from the other two for 25 s by the fault db-partition (nftables rules
     * dropping its group communication on loopback), then healed. The other two go on as the primary component (they
     * saw a cluster of two: the partition took effect); every acknowledged order is on them and, once db1 has rejoined
     * and is Synced in a cluster of three again, on db1; no order twice; and the stock of every product at every center
     * moved by exactly what was ordered and replenished: the lost-update check, whose count is printed.
     */
    @Test
    @Order(4)
    void aDatabaseNodeCutOffUnderLoadLosesNoAcknowledgedOrderNorAnUpdateAndRejoins() throws Exception {
        var synced = nodes.awaitAgreement(nodes.nodes(), database.user(), database.password(), Duration.ofMinutes(3));
        assertTrue(GaleraNodes.agreed(nodes.nodes(), synced), "every node Synced before the partition: "
                + GaleraNodes.describe(nodes.nodes(), synced));
        var config = LoadOptions.parse(own.work().resolve("results"), List.of("--users", Integer.toString(USERS), "--warm-up", "2s",
                "--measure", "50s", "--mix", "neworder=70,inquiry=30", "--mix-tolerance", "20%", "--max-error-rate", "100%",
                "--rt-limit", "all=120s", "--fault", "db-partition@10s:25s", "--drain-timeout", "240s"));
        var target = new Target(application, stack.address().managementUrl(), database.url(), database.user(), database.password(),
                TestAdmin.admin().authorization());
        GaleraNodes.Node other = nodes.nodes().get(1);
        var smallest = new java.util.concurrent.atomic.AtomicInteger(Integer.MAX_VALUE);
        var watch = java.util.concurrent.Executors.newSingleThreadScheduledExecutor();
        watch.scheduleWithFixedDelay(() -> GaleraNodes.state(other, database.user(), database.password())
                .ifPresent(s -> smallest.accumulateAndGet(s.clusterSize(), Math::min)), 0, 500, java.util.concurrent.TimeUnit.MILLISECONDS);
        RunResult result;
        try {
            result = new LoadDriver(config, target, System.out).run();
        } finally {
            watch.shutdownNow();
        }

        var audit = result.audit();
        assertNotNull(audit);
        assertEquals(1, result.faults().size(), result.faults().toString());
        FaultEvent cut = result.faults().get(0);
        assertEquals("db-partition", cut.kind());
        assertTrue(cut.outcome().startsWith("partitioned") && cut.outcome().contains("healed"), cut.outcome());
        assertEquals(2, smallest.get(), "db2 saw a cluster of two while db1 was cut off");
        assertTrue(audit.acknowledged() > 0, "orders were acknowledged: " + audit);
        assertEquals(audit.acknowledged(), audit.acknowledgedFound(), "no acknowledged order lost: " + audit);
        assertEquals(0, audit.duplicates(), "no order twice: " + audit);
        assertTrue(audit.pass(), "audit of " + result.folder() + " on db2 and on the rejoined db1, stock per product included: " + audit);
        assertTrue(result.notes().stream().anyMatch(n -> n.contains("again on db1 (partitioned) after it rejoined: PASS")),
                "the audit ran again on the rejoined node: " + result.notes());
        for (GaleraNodes.Node n : nodes.nodes()) {
            var state = GaleraNodes.state(n, database.user(), database.password()).orElseThrow(() -> new AssertionError(n.name() + " answers"));
            assertTrue(state.synced() && state.clusterSize() == 3, n.name() + " Synced in a cluster of three: " + state);
        }
        assertTrue(new String(new ProcessBuilder("nft", "list", "tables").start().getInputStream().readAllBytes())
                .lines().noneMatch(l -> l.contains("order_partition_")), "the partition's rules are gone");
        System.out.printf("db-partition under load: %d orders acknowledged, %d lost, %d duplicates; %d errors during the fault; "
                + "served again %s s after the heal; lost updates seen: %d%n", audit.acknowledged(), audit.acknowledgedMissing(),
                audit.duplicates(), cut.errorsDuring(), cut.secondsUntilServedAgain(), audit.lostUpdates());
    }

    private static Map<String, Long> perNode(String status) throws Exception {
        Map<String, Long> values = new HashMap<>();
        for (GaleraNodes.Node n : nodes.nodes()) {
            try (Connection c = connect(n); var r = c.createStatement().executeQuery("show global status like '" + status + "'")) {
                assertTrue(r.next(), n.name() + " has no " + status);
                values.put(n.name(), r.getLong(2));
            }
        }
        return values;
    }

    private static long delta(Map<String, Long> before, Map<String, Long> after) {
        return after.keySet().stream().mapToLong(k -> after.get(k) - before.get(k)).sum();
    }

    private static long count(GaleraNodes.Node n, String sql) throws Exception {
        try (Connection c = connect(n); var r = c.createStatement().executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }

    private static long anyProduct() throws Exception {
        return count(nodes.nodes().get(0), "select min(id) from product");
    }

    /** On hand less backordered at the customer's center: what orders took and replenishment gave back. */
    private static long netStock(long product, long customer) throws Exception {
        try (Connection c = connect(nodes.nodes().get(0)); var s = c.prepareStatement("select quantity_on_hand - backorder_quantity "
                + "from inventory where product_id = ? and distribution_center_id = (select distribution_center_id from customer "
                + "where id = ?)")) {
            s.setLong(1, product);
            s.setLong(2, customer);
            var r = s.executeQuery();
            r.next();
            return r.getLong(1);
        }
    }

    private static Connection connect(GaleraNodes.Node n) throws Exception {
        return DriverManager.getConnection(n.url(), database.user(), database.password());
    }

    /**
     * Every process the tests started, this stack's too (a Galera cluster of three database nodes (./order run --db-nodes 3), its databases, servers, state transfers), has
     * listened on loopback only, from its start until now.
     */
    @Test
    @Order(99)
    void everyProcessListensOnLoopbackOnly() {
        own.assertListenedOnLoopbackOnly();
    }

}

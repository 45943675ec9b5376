package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.orderapp.it.OwnStack.url;

import jakarta.json.JsonObject;
import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.jboss.as.controller.client.ModelControllerClient;
import org.jboss.as.controller.client.helpers.Operations;
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
import org.orderapp.target.Target;

/**
 * A cluster of two nodes behind WildFly's load balancer, started by the launcher as ./order run --nodes 2 starts it,
 * with its own embedded database: the balancer spreads sessions and sticks each to its node; a change committed on
 * one node is never read stale on the other; an optimistic-lock conflict between the nodes is retried; and, under
 * load, a node killed with SIGKILL loses no acknowledged order, its users go on on the other node, a browse at the
 * page it had reached, and the killed node is started again.
 *
 * The nodes take optimistic locking (the guide's way), so that two nodes' orders for the same stock conflict.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@OwnStackTest
@Order(4)
class ClusterIT {

    private static ApplicationStack stack;
    private static OwnStack own;
    private static URI balancer;
    private static List<Target.Node> nodes;
    private static DatabaseTarget database;

    @BeforeAll
    static void startTheCluster() throws Exception {
        own = OwnStack.start("cluster-it", (layout, work) -> new StackOptions(layout, work.resolve("server"),
                    work.resolve("mariadb"),
                    ServerProfile.load(layout, ServerProfile.DEFAULT), 8080,
                    List.of("jboss.socket.binding.port-offset=" + OrderCli.portOffset(200), "order.inventory.locking=optimistic"),
                    List.of(), Duration.ofMinutes(8), TestAdmin.admin(), 2));
        stack = own.stack();
        balancer = stack.address().applicationUrl();
        nodes = stack.clusterNodes();
        database = stack.database();
        assertEquals(2, nodes.size());
        new ReferenceDataApi(url(nodes.get(0).application())).loadAndWait("scale=0.002&resetAll=true");
    }

    @AfterAll
    static void stopTheCluster() {
        if (own != null) {
            own.close();
        }
    }

    @Test
    @Order(1)
    void theBalancerSpreadsSessionsOverTheNodesAndSticksEachToItsNode() {
        Set<String> routes = new HashSet<>();
        for (int i = 0; i < 8; i++) {
            var client = new Api(url(balancer));
            var first = client.post("api/browse/products?name=S");
            assertEquals(200, first.status(), first.body());
            String route = route(client);
            for (int page = 2; page <= 3; page++) {
                var next = client.get("api/browse/next");
                assertEquals(page, next.object().getInt("number"), next.body());
                assertEquals(route, route(client), "a session stays on its node");
            }
            routes.add(route);
        }
        assertEquals(Set.of("node1", "node2"), routes, "the balancer sends new sessions to both nodes");
    }

    /**
     * Customer 7 and an order's product are read (and cached) on node2; node1 empties every table, then reloads the
     * reference data from another seed: node2 answers from the new rows at once, never from its cache. The customer
     * is in a read-write region, the product, pricing method and distribution center in read-only ones.
     */
    @Test
    @Order(2)
    void aChangeCommittedOnOneNodeIsNeverReadStaleOnTheOther() throws Exception {
        var node1 = new ReferenceDataApi(url(nodes.get(0).application()));
        var onNode2 = new Api(url(nodes.get(1).application()));
        long product = anyProduct();
        JsonObject before = onNode2.get("api/customers/7").object();
        Price priceBefore = price(onNode2.order(7, product, 1));
        assertEquals(before, onNode2.get("api/customers/7").object(), "read twice on node2: from its cache the second time");

        node1.resetAll();
        long removed = System.nanoTime();
        var gone = onNode2.get("api/customers/7");
        long readMs = (System.nanoTime() - removed) / 1_000_000;
        assertEquals(404, gone.status(), "node2 read customer 7 " + readMs + " ms after node1 removed it: " + gone.body());
        assertTrue(readMs < 1000, "the read on node2 came within the second: " + readMs + " ms");

        node1.loadAndWait("scale=0.002&seed=43&resetAll=true");
        JsonObject after = onNode2.get("api/customers/7").object();
        assertNotEquals(before.getString("lastName") + before.getString("firstName"),
                after.getString("lastName") + after.getString("firstName"), "another seed, another customer 7: " + after);
        try (Connection db = DriverManager.getConnection(database.url(), database.user(), database.password());
             var s = db.prepareStatement("select last_name from customer where id = 7")) {
            var rows = s.executeQuery();
            rows.next();
            assertEquals(rows.getString(1), after.getString("lastName"), "node2 answers the database's row");
        }
        Price onTwo = price(onNode2.order(7, product, 1));
        Price onOne = price(new Api(url(nodes.get(0).application())).order(7, product, 1));
        assertEquals(onOne, onTwo, "both nodes price the reloaded product alike");
        assertNotEquals(priceBefore, onTwo, "the product's price came from the new rows on node2");
    }

    /**
     * One client on each node places orders for the same stock at once: a conflict is always between the nodes. The
     * loser's transaction rolls back and is tried again, as on one server; every order is accepted (201) or, after
     * order.max-attempts attempts, refused (409), and the stock of the accepted ones is exactly what was taken.
     */
    @Test
    @Order(3)
    void anOptimisticLockConflictBetweenTheNodesIsRetried() throws Exception {
        long product = anyProduct();
        long customer = 11;
        int center = centerOf(customer);
        long netBefore = netStock(product, center);
        long abortedBefore = aborted();
        int perNode = 60;
        var outcome = new RacingOrders(customer, product).place(nodes.stream().map(n -> new Api(url(n.application()))).toList(),
                perNode);
        int accepted = outcome.accepted();
        int refused = outcome.refused();
        long rolledBack = aborted() - abortedBefore;
        System.out.printf("optimistic conflicts between two nodes: %d orders accepted, %d refused after every attempt; "
                + "%d transactions rolled back and retried%n", accepted, refused, rolledBack);
        assertEquals(2 * perNode, outcome.total());
        assertTrue(accepted > 0, "orders were accepted");
        assertTrue(rolledBack > 0, "the nodes' orders conflicted and were rolled back to be tried again");
        assertEquals(netBefore - accepted, netStock(product, center), "each accepted order took its one unit, once");
    }

    /**
     * A short load through the balancer; node1 is killed with SIGKILL in the middle. A browse stuck to node1 before the
     * kill goes on at its next page on node2. Every order acknowledged before or after the kill is in the database,
     * stock is conserved, replenishment took effect once per request (the audit); the errors of the switch and the
     * time until orders flowed again are measured; node1 is started again and rejoins.
     */
    @Test
    @Order(4)
    void aNodeKilledUnderLoadLosesNoAcknowledgedOrderAndItsBrowseGoesOnOnTheOther() throws Exception {
        String search = "api/browse/products?name=" + prefixOfMostProducts();
        var browse = new Api(url(nodes.get(0).application())); // the session is made on node1 ...
        JsonObject first = browse.post(search).object();
        assertTrue(first.getInt("pageCount") >= 3, "a search of three pages at least: " + first);
        assertEquals("node1", route(browse));
        var viaBalancer = browse.rebased(url(balancer)); // ... and the balancer sticks it there
        assertEquals(2, viaBalancer.get("api/browse/next").object().getInt("number"));
        var expected = new Api(url(nodes.get(1).application()));
        expected.post(search);
        expected.get("api/browse/next");
        JsonObject page3 = expected.get("api/browse/next").object();
        assertEquals(3, page3.getInt("number"), page3.toString());

        var config = LoadOptions.parse(own.work().resolve("results"), List.of("--users", "6", "--warm-up", "2s", "--measure", "60s",
                "--mix", "neworder=60,inquiry=30,browse=10", "--mix-tolerance", "20%", "--max-error-rate", "100%",
                "--rt-limit", "all=120s", "--fault", "node-kill@20s", "--drain-timeout", "240s"));
        var target = new Target(balancer, nodes.get(0).management(), database.url(), database.user(), database.password(),
                TestAdmin.admin().authorization()).withNodes(nodes);
        var load = Executors.newSingleThreadExecutor();
        Future<RunResult> running = load.submit(() -> new LoadDriver(config, target, System.out).run());
        awaitKilled();
        JsonObject after = nextPageOnceServed(viaBalancer);
        assertEquals(3, after.getInt("number"), "the browse went on at its page after node1 was killed: " + after);
        assertEquals(page3.getJsonArray("items"), after.getJsonArray("items"), "the same search's third page");
        assertEquals("node2", route(viaBalancer), "node2 serves the session now");

        RunResult result = running.get();
        load.shutdown();
        var audit = result.audit();
        assertNotNull(audit);
        assertTrue(audit.pass(), "audit of " + result.folder() + ": " + audit);
        assertTrue(audit.acknowledged() > 0, "orders were acknowledged: " + audit);
        assertEquals(audit.acknowledged(), audit.acknowledgedFound(), "no acknowledged order lost: " + audit);
        assertEquals(audit.replenishRequested(), audit.replenishApplied(), "every replenish request took effect once: " + audit);
        assertEquals(0, audit.replenishOrphaned(), audit.toString());
        assertEquals(1, result.faults().size(), result.faults().toString());
        FaultEvent kill = result.faults().get(0);
        assertEquals("node-kill", kill.kind());
        assertTrue(kill.outcome().startsWith("killed (SIGKILL)"), kill.outcome());
        assertTrue(kill.outcome().endsWith("the transaction manager's log holds 0 transactions, the broker 0 prepared (in-doubt)"),
                "every in-doubt transaction of the nodes was recovered: " + kill.outcome());
        assertNotNull(kill.secondsUntilServedAgain(), "orders flowed again within the run: " + kill);
        assertTrue(own.console().stream().anyMatch(l -> l.startsWith("Cluster: node1 back")), "node1 was started again: " + own.console());
        double dropped = secondsUntilDropped();
        assertTrue(dropped < FD_ALL3_TIMEOUT_SECONDS / 2.0, "node2 excluded the killed node1 when its sockets closed (FD_SOCK2), "
                + "not after " + FD_ALL3_TIMEOUT_SECONDS + " s without heartbeats (FD_ALL3): " + dropped + " s");
        System.out.printf("node-kill under load: %d orders acknowledged, %d lost; %d errors during the switch; served again %.0f s "
                        + "after the kill; replenish requests %d, applied %d; %s%n", audit.acknowledged(), audit.acknowledgedMissing(),
                kill.errorsDuring(), kill.secondsUntilServedAgain(), audit.replenishRequested(), audit.replenishApplied(), kill.outcome());
    }

    /** The heartbeat detector's timeout in WildFly's tcp stack: what a survivor waits when FD_SOCK2 missed a death. */
    private static final int FD_ALL3_TIMEOUT_SECONDS = 40;

    /** When the supervisor saw node1 leave node2's view, counted from when it found node1 gone. */
    private static double secondsUntilDropped() {
        String prefix = "Cluster: node1 dropped from the others' view after ";
        return own.console().stream().filter(l -> l.startsWith(prefix)).findFirst()
                .map(l -> Double.parseDouble(l.substring(prefix.length()).replace(" s", "").replace(',', '.')))
                .orElseThrow(() -> new AssertionError("node1 was never dropped from node2's view: " + own.console()));
    }

    /** Waits until the supervisor reports node1 gone (the fault came). */
    private static void awaitKilled() throws InterruptedException {
        if (own.awaitLine(l -> l.startsWith("Cluster: node1 is gone"), Duration.ofMinutes(3)).isEmpty()) {
            throw new AssertionError("node1 was not killed: " + own.console());
        }
    }

    /**
     * The browse's next page once the balancer serves it again. Until it has noticed that node1 is gone, it may answer
     * the session's request with 503 (the switch's errors, which the load counts too); the page must not have moved.
     */
    private static JsonObject nextPageOnceServed(Api browse) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            var reply = browse.get("api/browse/next");
            if (reply.status() != 503 || System.nanoTime() > deadline) {
                assertEquals(200, reply.status(), "the browse's next page after node1 was killed: " + reply.body());
                return reply.object();
            }
            Thread.sleep(250);
        }
    }

    /** The node a session is stuck to: JSESSIONID's route. */
    private static String route(Api client) {
        String id = client.cookie("JSESSIONID");
        assertNotNull(id, "the client holds a session");
        return id.substring(id.lastIndexOf('.') + 1);
    }

    private record Price(String unitPrice) {
    }

    private static Price price(Api.Reply order) {
        assertEquals(201, order.status(), order.body());
        return new Price(order.object().getJsonArray("lines").getJsonObject(0).getJsonNumber("unitPrice").bigDecimalValue()
                .stripTrailingZeros().toPlainString());
    }

    /** The first letter most product names start with (the data's seed decides). */
    private static String prefixOfMostProducts() throws Exception {
        try (Connection db = connect(); var r = db.createStatement().executeQuery(
                "select left(name, 1), count(*) from product group by left(name, 1) order by 2 desc limit 1")) {
            r.next();
            return r.getString(1);
        }
    }

    private static long anyProduct() throws Exception {
        try (Connection db = connect(); var r = db.createStatement().executeQuery("select min(id) from product")) {
            r.next();
            return r.getLong(1);
        }
    }

    private static int centerOf(long customer) throws Exception {
        try (Connection db = connect(); var s = db.prepareStatement("select distribution_center_id from customer where id = ?")) {
            s.setLong(1, customer);
            var r = s.executeQuery();
            r.next();
            return r.getInt(1);
        }
    }

    /**
     * Request smuggling through the balancer: a POST carrying both Content-Length and Transfer-Encoding: chunked, a
     * second request hidden in its body. The balancer must refuse it (400) rather than pass on a body the nodes could
     * read differently; no order is stored, and the balancer answers the next request.
     */
    @Test
    @Order(5)
    void aSmuggledRequestIsRefusedByTheBalancer() throws Exception {
        String path = balancer.getPath();
        String request = "POST " + path + "api/orders HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Content-Length: 4\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n"
                + "GET " + path + "api/admin/reference-data HTTP/1.1\r\nHost: localhost\r\n\r\n";
        long orders = orderCount();
        assertEquals(400, rawStatus(request), "Content-Length with Transfer-Encoding: chunked, through the balancer");
        assertEquals(orders, orderCount(), "nothing stored");
        assertEquals(200, rawStatus("GET " + path + "api/ping HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"),
                "the balancer answers the next request");
    }

    /** The status of the first answer to raw bytes sent to the balancer; -1 when it closes without one. */
    private static int rawStatus(String request) throws Exception {
        try (var socket = new java.net.Socket(balancer.getHost(), balancer.getPort())) {
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write(request.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            var in = new java.io.BufferedReader(new java.io.InputStreamReader(socket.getInputStream(),
                    java.nio.charset.StandardCharsets.US_ASCII));
            String status = in.readLine();
            return status == null ? -1 : Integer.parseInt(status.split(" ")[1]);
        }
    }

    private static long orderCount() throws Exception {
        try (Connection db = connect(); var r = db.createStatement().executeQuery("select count(*) from orders")) {
            r.next();
            return r.getLong(1);
        }
    }

    /** On hand less backordered: what orders took and replenishment gave back. */
    private static long netStock(long product, int center) throws Exception {
        try (Connection db = connect(); var s = db.prepareStatement("select quantity_on_hand - backorder_quantity from inventory "
                + "where product_id = ? and distribution_center_id = ?")) {
            s.setLong(1, product);
            s.setInt(2, center);
            var r = s.executeQuery();
            r.next();
            return r.getLong(1);
        }
    }

    /** Transactions rolled back on every node since it started. */
    private static long aborted() throws Exception {
        long sum = 0;
        for (Target.Node n : nodes) {
            try (var client = ModelControllerClient.Factory.create("remote+http", n.management().getHost(), n.management().getPort())) {
                var result = client.execute(Operations.createReadAttributeOperation(
                        Operations.createAddress("subsystem", "transactions"), "number-of-aborted-transactions"));
                assertTrue(Operations.isSuccessfulOutcome(result), result.toString());
                sum += Operations.readResult(result).asLong();
            }
        }
        return sum;
    }

    private static Connection connect() throws Exception {
        return DriverManager.getConnection(database.url(), database.user(), database.password());
    }

    /**
     * Every process the tests started, this stack's too (a cluster of two nodes behind the balancer (./order run --nodes 2), its databases, servers, state transfers), has
     * listened on loopback only, from its start until now.
     */
    @Test
    @Order(99)
    void everyProcessListensOnLoopbackOnly() {
        own.assertListenedOnLoopbackOnly();
    }

}

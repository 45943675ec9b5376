package org.orderapp.stack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.jboss.as.controller.client.ModelControllerClient;
import org.jboss.as.controller.client.helpers.Operations;
import org.orderapp.stack.layout.Folders;
import org.orderapp.stack.layout.ProjectLayout;
import org.orderapp.stack.layout.ServerAddress;
import org.orderapp.target.Target;

/**
 * The application tier as a cluster on this machine: N nodes (the profile's cluster configuration, order-ha.xml or
 * order-ha-tuned.xml, each with its base directory and ports) behind one load balancer on the usual HTTP port. The
 * nodes find each other through a discovery directory of this cluster (JGroups FILE_PING) and register with the
 * balancer themselves (mod_cluster); the brokers authenticate each other with a password made for this cluster.
 * A node or the balancer that dies is started again on the same settings by {@link #restartWhatDied}.
 */
public final class ApplicationCluster implements AutoCloseable {

    /** Nodes on one machine: each takes a share of its cores and memory; a few show what clustering costs. */
    public static final int MAX_NODES = 8;

    /** The nodes' secret, read by cluster.cli: the brokers' cluster password. */
    static final String PASSWORD_SETTING = "ORDER_CLUSTER_PASSWORD";

    /** A node: its name (jboss.node.name), its settings, the server now running it. */
    static final class Node {
        final String name;
        final ApplicationServer.Settings settings;
        final ServerAddress address;
        volatile ApplicationServer server;

        Node(String name, ApplicationServer.Settings settings, ServerAddress address) {
            this.name = name;
            this.settings = settings;
            this.address = address;
        }
    }

    private final ProjectLayout layout;
    private final Path discovery;
    private final Path balancerBase;
    private final int httpPort;
    private final List<String> balancerProperties;
    private final List<Node> nodes;
    /** The JDK of the balancer, the nodes' own. */
    private final Path javaHome;
    private volatile LoadBalancer balancer;
    private volatile boolean closed;

    private ApplicationCluster(ProjectLayout layout, Path discovery, Path balancerBase, int httpPort,
                               List<String> balancerProperties, List<Node> nodes, Path javaHome) {
        this.layout = layout;
        this.discovery = discovery;
        this.balancerBase = balancerBase;
        this.httpPort = httpPort;
        this.balancerProperties = balancerProperties;
        this.nodes = nodes;
        this.javaHome = javaHome;
    }

    /**
     * The cluster's processes, not started yet.
     *
     * @param node  a node's settings; its base directory, system properties and environment are made per node
     * @param count the number of nodes
     * @param base  the cluster's folder: balancer/, node1/, node2/, ... and discovery/
     */
    static ApplicationCluster of(ApplicationServer.Settings node, int count, Path base) {
        List<String> properties = node.systemProperties().stream().map(p -> p.startsWith("-D") ? p.substring(2) : p).toList();
        Path discovery = base.resolve("discovery");
        String password = newPassword();
        var nodes = new ArrayList<Node>();
        for (int i = 1; i <= count; i++) {
            String name = "node" + i;
            var own = new ArrayList<>(ServerAddress.nodeProperties(properties, i));
            own.add("jboss.node.name=" + name);
            own.add("order.cluster.discovery-dir=" + discovery);
            own.add("order.balancer.mcmp-port=" + ServerAddress.mcmpPort(properties));
            // The content repository beside the configuration copied at every start: it holds the deployment
            // overlay that makes the web module distributable (cluster.cli).
            own.add("jboss.server.content.dir=" + base.resolve(name).resolve("configuration/content"));
            var settings = new ApplicationServer.Settings(node.layout(), base.resolve(name), node.profile().clusterNode(),
                    node.database(), node.dialect(), node.httpPort(), node.admin(), own.stream().map(p -> "-D" + p).toList(),
                    node.jvmOptions(), node.serverCli(), Map.of(PASSWORD_SETTING, password), node.javaHome());
            nodes.add(new Node(name, settings, ServerAddress.of(node.httpPort(), own)));
        }
        return new ApplicationCluster(node.layout(), discovery, base.resolve("balancer"), node.httpPort(), properties,
                List.copyOf(nodes), node.javaHome());
    }

    /** 24 random characters; a new cluster, a new password (the nodes restarted in it keep theirs). */
    private static String newPassword() {
        byte[] bytes = new byte[18];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /**
     * Starts the balancer, then the first node, and the others as soon as its channel is connected, so that they join
     * its group; then waits until each has deployed the application and the balancer forwards to all of them.
     * Nodes started at the same instant each found a group of their own (FILE_PING: the first view of each emptied
     * the discovery directory) and merged about 50 s later; after such a merge the survivor of a killed node went on
     * waiting for it until FD_ALL3's 40 s timeout, FD_SOCK2 never suspecting it, while every session request on the
     * survivor timed out (seen in ClusterIT). Joined members are watched by FD_SOCK2 from their first view.
     */
    void start(Duration timeout, Consumer<String> say) throws IOException, InterruptedException {
        Folders.deleteRecursively(discovery); // addresses of an earlier run's members
        Files.createDirectories(discovery);
        say.accept("Cluster: starting the load balancer (" + LoadBalancer.SERVER_CONFIG + ", mod_cluster) on port "
                + ServerAddress.of(httpPort, balancerProperties).httpPort() + " ...");
        balancer = LoadBalancer.start(layout, balancerBase, httpPort, balancerProperties, javaHome);
        balancer.awaitListening(timeout);
        say.accept("Cluster: starting " + nodes.size() + " nodes (" + nodes.get(0).settings.profile().serverConfig() + ") on ports "
                + String.join(", ", nodes.stream().map(n -> n.name + " " + n.address.httpPort()).toList()) + " ...");
        Node first = nodes.get(0);
        first.server = ApplicationServer.start(first.settings);
        awaitOwnView(first, timeout);
        for (Node n : nodes.subList(1, nodes.size())) {
            n.server = ApplicationServer.start(n.settings);
        }
        for (Node n : nodes) {
            n.server.awaitDeployment(timeout);
        }
        awaitOneView(timeout, say);
        awaitBalanced(timeout);
    }

    /** Waits until a node's channel is connected: its view holds itself, and a node started now joins it. */
    private static void awaitOwnView(Node node, Duration timeout) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            if (!node.server.process().isAlive()) {
                throw new IOException(node.name + " stopped while starting; see its log");
            }
            if (ClusterView.of(node.address.managementUrl()).map(v -> v.holds(node.name)).orElse(false)) {
                return;
            }
            Thread.sleep(250);
        }
        throw new IOException(node.name + " did not connect its cluster channel within " + timeout.toSeconds() + " s; see its log");
    }

    /** Waits until the first node sees every node in its view. */
    private void awaitOneView(Duration timeout, Consumer<String> say) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        String last = "nothing";
        while (Instant.now().isBefore(deadline)) {
            ClusterView view = ClusterView.of(nodes.get(0).address.managementUrl()).orElse(null);
            if (view != null && nodes.stream().allMatch(n -> view.holds(n.name))) {
                say.accept("Cluster: one view of " + nodes.size() + " nodes: " + view.view());
                return;
            }
            last = view == null ? last : view.view();
            Thread.sleep(500);
        }
        throw new IOException("the nodes did not form one cluster within " + timeout.toSeconds() + " s: " + nodes.get(0).name
                + " sees " + last + "; see the nodes' logs");
    }

    /**
     * Waits until the balancer forwards /Order to every node. Nodes registering at the same instant can have the
     * balancer refuse one's context ("MEM: Can't update or insert context", seen once in seven starts here, and not
     * retried within minutes): a node still missing after NUDGE_AFTER is told to register again (mod_cluster's reset).
     */
    private void awaitBalanced(Duration timeout) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        Instant nudge = Instant.now().plus(NUDGE_AFTER);
        List<String> serving = List.of();
        while (Instant.now().isBefore(deadline)) {
            serving = balancer.nodesServingTheApplication();
            if (serving.size() >= nodes.size()) {
                return;
            }
            if (Instant.now().isAfter(nudge)) {
                for (Node n : nodes) {
                    if (!serving.contains(n.name)) {
                        registerAgain(n);
                    }
                }
                nudge = Instant.now().plus(NUDGE_AFTER);
            }
            Thread.sleep(500);
        }
        throw new IOException("the load balancer forwards to " + serving + " only, not to all " + nodes.size()
                + " nodes, after " + timeout.toSeconds() + " s; see " + balancer.consoleLog() + " and the nodes' logs");
    }

    private static final Duration NUDGE_AFTER = Duration.ofSeconds(30);

    /** mod_cluster's reset on a node: it registers with the balancer again and announces its contexts. */
    private static void registerAgain(Node n) {
        var management = n.address.managementUrl();
        try (var client = ModelControllerClient.Factory.create("remote+http", management.getHost(), Target.managementPort(management))) {
            client.execute(Operations.createOperation("reset", Operations.createAddress("subsystem", "modcluster", "proxy", "default")));
        } catch (IOException | RuntimeException e) {
            // not answering: the next nudge tries again
        }
    }

    /**
     * Starts again whatever has died (the balancer, a node: a crash, SIGKILL, the fault node-kill), each on its
     * settings, and waits until it serves again; countRestart is told first and may refuse by throwing.
     */
    void restartWhatDied(Consumer<String> countRestart, Consumer<String> say) throws IOException, InterruptedException {
        LoadBalancer b = balancer;
        if (b != null && !b.process().isAlive() && !closed) {
            countRestart.accept("the load balancer");
            say.accept("Cluster: the load balancer is gone; starting it again (the nodes register again by themselves) ...");
            balancer = LoadBalancer.start(layout, balancerBase, httpPort, balancerProperties, javaHome);
            balancer.awaitListening(Duration.ofMinutes(2));
        }
        for (Node n : nodes) {
            ApplicationServer s = n.server;
            if (s != null && !s.process().isAlive() && !closed) {
                long started = System.nanoTime();
                countRestart.accept(n.name);
                say.accept("Cluster: " + n.name + " is gone; the other nodes serve its users. Starting it again with the same "
                        + "settings, its transaction log and message journal kept, once the others have dropped it ...");
                awaitDroppedByTheOthers(n, say);
                ApplicationServer restarted;
                synchronized (this) {
                    if (closed) {
                        return;
                    }
                    restarted = ApplicationServer.start(n.settings);
                    n.server = restarted;
                }
                restarted.awaitDeployment(Duration.ofMinutes(5));
                say.accept(String.format("Cluster: %s back, order.ear deployed in %.1f s", n.name, (System.nanoTime() - started) / 1e9));
            }
        }
    }

    /**
     * Waits until every other node's view no longer holds a dead node, at most DROP_WAIT. The node comes back with the
     * same name and ports: started sooner, it would answer for its dead self (its failure detector's and transport's
     * ports) and the others would keep waiting for the old member's replies instead of excluding it.
     */
    private void awaitDroppedByTheOthers(Node dead, Consumer<String> say) throws InterruptedException {
        long start = System.nanoTime();
        while (System.nanoTime() - start < DROP_WAIT.toNanos() && !closed) {
            boolean held = false;
            for (Node other : nodes) {
                ApplicationServer s = other.server;
                if (other != dead && s != null && s.process().isAlive()) {
                    held |= ClusterView.of(other.address.managementUrl()).map(v -> v.holds(dead.name)).orElse(false);
                }
            }
            if (!held) {
                say.accept(String.format("Cluster: %s dropped from the others' view after %.1f s", dead.name,
                        (System.nanoTime() - start) / 1e9));
                return;
            }
            Thread.sleep(250);
        }
        say.accept("Cluster: " + dead.name + " still in the others' view after " + DROP_WAIT.toSeconds() + " s; starting it anyway");
    }

    private static final Duration DROP_WAIT = Duration.ofSeconds(90);

    /** Where users go: the balancer. */
    ServerAddress address() {
        return balancer.address();
    }

    List<Node> nodes() {
        return nodes;
    }

    /** The nodes as the load driver knows them: name, application URL, management URL. */
    public List<Target.Node> targets() {
        return nodes.stream().map(n -> new Target.Node(n.name, n.address.applicationUrl(), n.address.managementUrl())).toList();
    }

    /** Stops the balancer first (users get no answer rather than a half-stopped node), then the nodes, all at once. */
    @Override
    public synchronized void close() {
        closed = true;
        var failures = new CopyOnWriteArrayList<String>();
        LoadBalancer b = balancer;
        if (b != null) {
            try {
                b.close();
            } catch (Exception e) {
                failures.add("the load balancer: " + e);
            }
        }
        List<Thread> stopping = new ArrayList<>();
        for (Node n : nodes) {
            ApplicationServer s = n.server;
            if (s == null) {
                continue;
            }
            Thread t = new Thread(() -> {
                try {
                    s.close();
                } catch (Exception e) {
                    failures.add(n.name + ": " + e);
                }
            }, "order-stop-" + n.name);
            t.start();
            stopping.add(t);
        }
        for (Thread t : stopping) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        failures.forEach(f -> System.err.println("Stopping " + f + " failed"));
    }
}

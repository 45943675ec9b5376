package org.orderapp.stack;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jboss.as.controller.client.ModelControllerClient;
import org.jboss.as.controller.client.helpers.Operations;
import org.jboss.dmr.ModelNode;
import org.orderapp.stack.layout.ProjectLayout;
import org.orderapp.stack.layout.ServerAddress;

/**
 * The cluster's load balancer: the provisioned WildFly with order-balancer.xml (standalone-load-balancer.xml plus
 * balancer.cli), a child process with its own base directory. It holds no application: the nodes register with it
 * (mod_cluster's MCMP) and it forwards the users' requests to them, sticking a session to its node.
 */
public final class LoadBalancer implements AutoCloseable {

    static final String SERVER_CONFIG = "order-balancer.xml";

    private final Process process;
    private final Path base;
    private final ServerAddress address;
    private final int mcmpPort;

    private LoadBalancer(Process process, Path base, ServerAddress address, int mcmpPort) {
        this.process = process;
        this.base = base;
        this.address = address;
        this.mcmpPort = mcmpPort;
    }

    /**
     * @param serverProperties "name=value" properties (the cluster's port offset among them)
     * @param javaHome         the JDK it runs on, the nodes' (null: the caller's environment's)
     */
    static LoadBalancer start(ProjectLayout layout, Path base, int httpPort, List<String> serverProperties, Path javaHome)
            throws IOException {
        ApplicationServer.prepareBaseDirectory(layout.serverHome(), base);
        List<String> command = new ArrayList<>(List.of(layout.serverHome().resolve("bin/standalone.sh").toString(),
                "-c", SERVER_CONFIG, "-Djboss.server.base.dir=" + base));
        serverProperties.forEach(p -> command.add("-D" + p));
        var builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(base.resolve("log/console.log").toFile());
        Map<String, String> env = builder.environment();
        env.put("JBOSS_HOME", layout.serverHome().toString());
        ApplicationServer.onJdk(env, javaHome);
        env.put("LAUNCH_JBOSS_IN_BACKGROUND", "true");
        env.put(ServerAddress.HTTP_PORT_SETTING, Integer.toString(httpPort));
        return new LoadBalancer(builder.start(), base, ServerAddress.of(httpPort, serverProperties),
                ServerAddress.mcmpPort(serverProperties));
    }

    /** Waits until the balancer accepts users (its HTTP port) and nodes (its MCMP port). */
    void awaitListening(Duration timeout) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IOException("the load balancer stopped during start-up (exit " + process.exitValue() + "); see "
                        + consoleLog());
            }
            if (accepts(address.httpPort()) && accepts(mcmpPort)) {
                return;
            }
            Thread.sleep(250);
        }
        throw new IOException("the load balancer did not listen within " + timeout.toSeconds() + " s; see " + consoleLog());
    }

    private static boolean accepts(int port) {
        try (var socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The nodes registered with the balancer that serve /Order (their names, jboss.node.name), read through its
     * management interface with local authentication, as jboss-cli does; empty when it cannot be read.
     */
    List<String> nodesServingTheApplication() {
        var nodes = new ArrayList<String>();
        try (var client = ModelControllerClient.Factory.create("remote+http", "127.0.0.1", address.managementPort())) {
            ModelNode op = Operations.createReadResourceOperation(Operations.createAddress("subsystem", "undertow",
                    "configuration", "filter", "mod-cluster", "load-balancer"), true);
            op.get("include-runtime").set(true);
            ModelNode result = client.execute(op);
            if (!Operations.isSuccessfulOutcome(result)) {
                return nodes;
            }
            ModelNode balancers = Operations.readResult(result).get("balancer");
            if (!balancers.isDefined()) {
                return nodes;
            }
            for (var balancer : balancers.asPropertyList()) {
                ModelNode registered = balancer.getValue().get("node");
                if (!registered.isDefined()) {
                    continue;
                }
                for (var node : registered.asPropertyList()) {
                    ModelNode contexts = node.getValue().get("context");
                    if (contexts.isDefined() && contexts.has("/Order")
                            && "enabled".equalsIgnoreCase(contexts.get("/Order").get("status").asString())
                            && "up".equalsIgnoreCase(node.getValue().get("status").asString("up").replace("NODE_", ""))) {
                        nodes.add(node.getName());
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // not answering yet
        }
        return nodes;
    }

    ServerAddress address() {
        return address;
    }

    Process process() {
        return process;
    }

    Path consoleLog() {
        return base.resolve("log/console.log");
    }

    @Override
    public void close() throws InterruptedException {
        ApplicationServer.stop(process);
    }
}

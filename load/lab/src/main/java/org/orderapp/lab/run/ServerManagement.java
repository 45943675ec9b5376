package org.orderapp.lab.run;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import org.jboss.as.controller.client.ModelControllerClient;
import org.jboss.as.controller.client.helpers.Operations;
import org.jboss.dmr.ModelNode;
import org.orderapp.driver.rules.Durability;
import org.orderapp.observation.ManagementReader;
import org.orderapp.target.Target;

/**
 * The server's management API (WildFly's controller client over HTTP upgrade, authenticated as the local user, as
 * jboss-cli does), for what a benchmark must change between runs: a system property, then a reload.
 */
public final class ServerManagement implements AutoCloseable {

    private static final ModelNode REWRITE_PROPERTY = Operations.createAddress("subsystem", "datasources",
            "data-source", "OrderDS", "connection-properties", "rewriteBatchedStatements");

    private final String host;
    private final int port;
    private ModelControllerClient client;

    ServerManagement(URI management) throws IOException {
        this.host = management.getHost();
        this.port = management.getPort() > 0 ? management.getPort() : Target.DEFAULT_MANAGEMENT_PORT;
        this.client = connect();
    }

    private ModelControllerClient connect() throws IOException {
        return ModelControllerClient.Factory.create("remote+http", host, port);
    }

    /** The rewriteBatchedStatements connection property of OrderDS as the server resolves it now. */
    boolean rewriteBatchedStatements() throws IOException {
        ModelNode op = Operations.createReadAttributeOperation(REWRITE_PROPERTY, "value");
        op.get("resolve-expressions").set(true);
        return Boolean.parseBoolean(execute(op).asString());
    }

    /**
     * Whether the server refuses a database that may lose committed transactions, as its JVM's system properties say
     * (read as every load run reads them); not known when they cannot be read.
     */
    Durability durability() {
        try (var reader = ManagementReader.connect(host, port)) {
            return Durability.of(reader.systemProperties());
        }
    }

    /** Sets a server system property (a -D of the running server), added or overwritten. */
    void setSystemProperty(String name, String value) throws IOException {
        ModelNode address = Operations.createAddress("system-property", name);
        ModelNode exists = client.execute(Operations.createReadResourceOperation(address));
        ModelNode op;
        if (Operations.isSuccessfulOutcome(exists)) {
            op = Operations.createWriteAttributeOperation(address, "value", value);
        } else {
            op = Operations.createAddOperation(address);
            op.get("value").set(value);
        }
        execute(op);
    }

    /** Reloads the server (services restart, the JVM stays) and waits until it runs again with its deployments. */
    void reload(Duration timeout) throws IOException, InterruptedException {
        try {
            execute(Operations.createOperation("reload"));
        } finally {
            client.close();
        }
        Instant deadline = Instant.now().plus(timeout);
        Thread.sleep(500);
        while (Instant.now().isBefore(deadline)) {
            try {
                client = connect();
                ModelNode state = client.execute(Operations.createReadAttributeOperation(new ModelNode().setEmptyList(), "server-state"));
                if (Operations.isSuccessfulOutcome(state) && "running".equals(Operations.readResult(state).asString())) {
                    return;
                }
            } catch (IOException e) {
                // the management interface restarts with the server
            }
            client.close();
            Thread.sleep(500);
        }
        throw new IOException("the server did not come back within " + timeout.toSeconds() + " s after a reload");
    }

    private ModelNode execute(ModelNode op) throws IOException {
        ModelNode result = client.execute(op);
        if (!Operations.isSuccessfulOutcome(result)) {
            throw new IOException(op.get("operation").asString() + " failed: "
                    + Operations.getFailureDescription(result).asString());
        }
        return Operations.readResult(result);
    }

    @Override
    public void close() throws IOException {
        client.close();
    }
}

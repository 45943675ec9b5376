package org.orderapp.it;

import java.io.IOException;
import org.jboss.as.arquillian.container.ManagementClient;
import org.jboss.as.controller.client.helpers.Operations;
import org.jboss.dmr.ModelNode;

/** Reads the server's management model, the way an administrator checks what is really deployed. */
final class Management {

    private Management() {
    }

    /** The attribute's value with expressions resolved, as the running server uses it. */
    static ModelNode readResolved(ManagementClient client, ModelNode address, String attribute) throws IOException {
        ModelNode op = Operations.createReadAttributeOperation(address, attribute);
        op.get("resolve-expressions").set(true);
        ModelNode result = client.getControllerClient().execute(op);
        if (!Operations.isSuccessfulOutcome(result)) {
            throw new AssertionError("reading " + attribute + " of " + address + " failed: "
                    + Operations.getFailureDescription(result));
        }
        return Operations.readResult(result);
    }

    /** Whether the resource exists in the management model. */
    static boolean exists(ManagementClient client, ModelNode address) throws IOException {
        return Operations.isSuccessfulOutcome(client.getControllerClient().execute(Operations.createReadResourceOperation(address)));
    }

    /** Runs an operation that must succeed; answers its result. */
    static ModelNode execute(ManagementClient client, ModelNode op) throws IOException {
        ModelNode result = client.getControllerClient().execute(op);
        if (!Operations.isSuccessfulOutcome(result)) {
            throw new AssertionError(op.get("operation").asString() + " on " + op.get("address") + " failed: "
                    + Operations.getFailureDescription(result));
        }
        return Operations.readResult(result);
    }

    static ModelNode address(String... pairs) {
        return Operations.createAddress(pairs);
    }
}

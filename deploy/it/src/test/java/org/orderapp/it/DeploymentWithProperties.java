package org.orderapp.it;

import java.util.Map;
import java.util.concurrent.Callable;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.as.arquillian.container.ManagementClient;
import org.jboss.as.controller.client.helpers.Operations;
import org.jboss.dmr.ModelNode;

/**
 * Runs work against a deployment made while some server system properties are set — the way a user changes
 * one tunable (persistence.xml reads them at deployment) without rebuilding — and restores the server after.
 */
final class DeploymentWithProperties {

    private DeploymentWithProperties() {
    }

    static <T> T run(ManagementClient management, Deployer deployer, String deployment, Map<String, String> properties,
                     Callable<T> work) throws Exception {
        properties.forEach((name, value) -> {
            ModelNode add = Operations.createAddOperation(address(name));
            add.get("value").set(value);
            execute(management, add);
        });
        try {
            deployer.deploy(deployment);
            try {
                return work.call();
            } finally {
                deployer.undeploy(deployment);
            }
        } finally {
            properties.keySet().forEach(name -> execute(management, Operations.createRemoveOperation(address(name))));
        }
    }

    private static ModelNode address(String property) {
        return Operations.createAddress("system-property", property);
    }

    private static void execute(ManagementClient management, ModelNode op) {
        try {
            ModelNode result = management.getControllerClient().execute(op);
            if (!Operations.isSuccessfulOutcome(result)) {
                throw new AssertionError(Operations.getFailureDescription(result).asString());
            }
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }
}

package org.orderapp.observation;

import java.util.Map;
import org.jboss.as.controller.client.helpers.Operations;
import org.jboss.dmr.ModelNode;

/** The management model's read operations that include runtime attributes, and the figures taken from their answers. */
final class RuntimeReads {

    private RuntimeReads() {
    }

    static ModelNode runtime(ModelNode address) {
        ModelNode op = Operations.createReadResourceOperation(address);
        op.get("include-runtime").set(true);
        return op;
    }

    static ModelNode childrenRuntime(ModelNode address, String childType) {
        ModelNode op = Operations.createOperation("read-children-resources", address);
        op.get("child-type").set(childType);
        op.get("include-runtime").set(true);
        return op;
    }

    static ModelNode recursiveRuntime(ModelNode address) {
        ModelNode op = Operations.createReadResourceOperation(address, true);
        op.get("include-runtime").set(true);
        return op;
    }

    /** The attribute as a number under name; left out when the node lacks it or it is not numeric. */
    static void put(Map<String, Double> values, String name, ModelNode node, String attribute) {
        if (node.hasDefined(attribute)) {
            try {
                values.put(name, node.get(attribute).asDouble());
            } catch (IllegalArgumentException notANumber) {
                // an attribute that is not numeric here is left out
            }
        }
    }
}

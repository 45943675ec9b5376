package org.orderapp.observation;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jboss.as.controller.client.helpers.Operations;
import org.jboss.dmr.ModelNode;

/**
 * Reads sent to the server as one composite operation: one request, one answer, one operation context on the server
 * instead of one each. Sampling a loaded server once a second with a dozen single reads cost its management threads
 * about 2.5 % of a core, CPU the measured transactions then lacked. A composite fails as a whole when one step fails
 * (a deployment being redeployed, a resource that is not there); then each read is sent alone, so one missing
 * resource never hides the others.
 */
public final class CompositeRead {

    private final Function<ModelNode, Optional<ModelNode>> send;
    private final List<ModelNode> operations = new ArrayList<>();
    private final List<Optional<ModelNode>> results = new ArrayList<>();

    /**
     * @param send sends an operation and gives its whole answer (outcome, result, failure); empty when the server
     *             cannot be reached
     */
    CompositeRead(Function<ModelNode, Optional<ModelNode>> send) {
        this.send = send;
    }

    /** A read to send; its result is there after {@link #execute()}. */
    Supplier<Optional<ModelNode>> add(ModelNode operation) {
        int index = operations.size();
        operations.add(operation);
        return () -> index < results.size() ? results.get(index) : Optional.empty();
    }

    void execute() {
        results.clear();
        ModelNode composite = Operations.createCompositeOperation();
        operations.forEach(op -> composite.get("steps").add(op));
        Optional<ModelNode> answer = send.apply(composite);
        if (answer.isPresent() && Operations.isSuccessfulOutcome(answer.get())) {
            ModelNode steps = Operations.readResult(answer.get());
            for (int i = 1; i <= operations.size(); i++) {
                results.add(result(Optional.of(steps.has("step-" + i) ? steps.get("step-" + i) : new ModelNode())));
            }
        } else {
            operations.forEach(op -> results.add(result(send.apply(op))));
        }
    }

    /** An answer's result; empty when the operation failed or had no answer. */
    private static Optional<ModelNode> result(Optional<ModelNode> answer) {
        return answer.filter(Operations::isSuccessfulOutcome).map(Operations::readResult);
    }
}

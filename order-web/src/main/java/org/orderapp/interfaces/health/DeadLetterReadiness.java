package org.orderapp.interfaces.health;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.orderapp.application.replenish.DeadLetters;

/**
 * The application's readiness check (MicroProfile Health, in the server's {@code /health/ready} on the management
 * port beside WildFly's own): the replenish dead-letter queue's depth, as {@code depth} in the check's data.
 * <p>
 * A non-empty dead-letter queue does not make the server not ready: the check stays UP and reports the depth. A parked
 * message is one the replenish consumer failed on through all its backed-off redeliveries (messaging.cli): it waits
 * for an operator to fix its cause and move it back (the admin API's redrive), and taking the node out of the
 * balancer fixes nothing of that. Worse, the cause (a bad message, a bug) is usually the same on every node, so every
 * node would leave the balancer together and a parked replenishment would become a full outage for orders, which
 * the node still takes correctly. Readiness says whether to send the node traffic; the depth is for monitoring to
 * alert on. The check is DOWN only when the queue cannot be read at all: then the broker in this server is not
 * working, and neither is the replenish delivery.
 */
@Readiness
@ApplicationScoped
public class DeadLetterReadiness implements HealthCheck {

    /** The check's name in /health/ready. */
    public static final String NAME = "replenish-dead-letters";

    @EJB
    DeadLetters deadLetters;

    @Override
    public HealthCheckResponse call() {
        var response = HealthCheckResponse.named(NAME).withData("queue", "ReplenishDLQ");
        try {
            return response.withData("depth", deadLetters.depth()).up().build();
        } catch (RuntimeException e) {
            return response.withData("error", String.valueOf(e.getMessage())).down().build();
        }
    }
}

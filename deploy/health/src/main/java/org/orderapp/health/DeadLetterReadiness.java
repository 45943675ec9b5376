package org.orderapp.health;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import java.util.Enumeration;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * The readiness check {@value #NAME}: how many replenish messages are parked on ReplenishDLQ, in the check's data
 * ({@code depth}). Read with {@code curl http://127.0.0.1:9990/health/ready} (the management port).
 * <p>
 * Always UP, whatever the depth: a parked message waits for an operator (fix its cause, then redrive it), and taking
 * the node out of the balancer moves nothing; the cause is usually the same on every node, so every node would leave
 * the balancer at once, an outage for orders that are still taken. Alert on the depth instead.
 * <p>
 * A browse that fails is UP too, with an {@code error} entry in place of the depth: the check reports the dead
 * letters, not the broker, and a broker fault the order path feels already fails the orders themselves and shows in
 * the server's figures; making it DOWN would take every node out over a report. An alert on the depth must therefore
 * also fire on a missing depth.
 */
@Readiness
@ApplicationScoped
public class DeadLetterReadiness implements HealthCheck {

    static final String NAME = "replenish-dead-letters";

    /**
     * The most messages one call counts; beyond it the data says {@code "depth-at-least": true}. Probes run every few
     * seconds on every node, and a browse reads every message (from disk once the queue pages): an exact count of a
     * huge queue could outlast the probe's timeout and take the node out after all, for a number that changes nothing
     * an operator does.
     */
    static final int MOST_COUNTED = 10_000;

    /**
     * The broker's plain in-VM factory, not the application's pooled java:/JmsXA: a connection of its own per call,
     * so a probe never waits for a pooled connection that orders hold under load, and never takes one from them.
     */
    @Resource(lookup = "java:/ConnectionFactory")
    private ConnectionFactory connections;

    /** The queue as the application names it (messaging.cli). */
    @Resource(lookup = "java:/jms/queue/ReplenishDLQ")
    private Queue deadLetters;

    @Override
    public HealthCheckResponse call() {
        var response = HealthCheckResponse.named(NAME).up().withData("queue", "ReplenishDLQ");
        try (JMSContext jms = connections.createContext(); QueueBrowser browser = jms.createBrowser(deadLetters)) {
            Enumeration<?> parked = browser.getEnumeration();
            long depth = 0;
            while (depth < MOST_COUNTED && parked.hasMoreElements()) {
                parked.nextElement();
                depth++;
            }
            response.withData("depth", depth);
            if (parked.hasMoreElements()) {
                response.withData("depth-at-least", true);
            }
        } catch (JMSException | JMSRuntimeException e) {
            response.withData("error", String.valueOf(e));
        }
        return response.build();
    }
}

package org.orderapp.infrastructure.messaging;

import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.jms.JMSConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import java.util.Collections;
import org.orderapp.application.replenish.DeadLetters;

/**
 * {@link DeadLetters} on the broker: ReplenishDLQ read and moved through the XA connection factory, so a redrive's
 * receives and sends commit together with the method's transaction.
 */
@Stateless
public class JmsDeadLetters implements DeadLetters {

    /** How long a receive waits for the next message before the queue counts as empty (the consumer's first fetch). */
    private static final long RECEIVE_WAIT_MS = 500;

    @Inject
    @JMSConnectionFactory("java:/JmsXA")
    private JMSContext jms;

    @Resource(lookup = "java:/jms/queue/ReplenishDLQ")
    private Queue deadLetters;

    @Resource(lookup = "java:/jms/queue/replenish")
    private Queue replenish;

    @Override
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public long depth() {
        try (var browser = jms.createBrowser(deadLetters)) {
            return Collections.list(browser.getEnumeration()).size();
        } catch (JMSException e) {
            throw new JMSRuntimeException(e.getMessage(), e.getErrorCode(), e);
        }
    }

    @Override
    public int redrive(int limit) {
        int most = Math.max(0, Math.min(limit, MAX_REDRIVE));
        int moved = 0;
        try (var consumer = jms.createConsumer(deadLetters)) {
            var producer = jms.createProducer();
            for (Message m; moved < most && (m = consumer.receive(RECEIVE_WAIT_MS)) != null; moved++) {
                producer.send(replenish, m);
            }
        }
        return moved;
    }
}

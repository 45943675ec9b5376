package org.orderapp.infrastructure.messaging;

import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.jms.JMSConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Queue;
import org.orderapp.application.replenish.ReplenishFaults;

/**
 * The fault "poison" of {@link ReplenishFaults}: a map without the request's fields, sent to the replenish queue; the
 * MDB fails on it every time.
 */
@Stateless
public class PoisonMessages implements ReplenishFaults {

    /** The one property of a poison message, so that a person reading the DLQ knows where it came from. */
    public static final String MARK = "injectedPoison";

    @Inject
    @JMSConnectionFactory("java:/JmsXA")
    private JMSContext jms;

    @Resource(lookup = "java:/jms/queue/replenish")
    private Queue queue;

    /** Committed with this method's transaction. */
    @Override
    public void sendPoisonMessage() {
        var message = jms.createMapMessage();
        try {
            message.setBoolean(MARK, true);
        } catch (JMSException e) {
            throw new JMSRuntimeException(e.getMessage(), e.getErrorCode(), e);
        }
        jms.createProducer().send(queue, message);
    }
}

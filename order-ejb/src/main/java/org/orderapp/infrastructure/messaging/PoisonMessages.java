package org.orderapp.infrastructure.messaging;

import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.jms.JMSConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Queue;

/**
 * The fault "poison" (./order load --fault poison@T): a replenish message the MDB can never process — a map without
 * the request's fields — sent to the replenish queue. The MDB fails on it every time, the broker redelivers it
 * order.replenish.max-delivery-attempts times and then parks it on ReplenishDLQ, while orders keep flowing.
 */
@Stateless
public class PoisonMessages {

    /** The one property of a poison message, so that a person reading the DLQ knows where it came from. */
    public static final String MARK = "injectedPoison";

    @Inject
    @JMSConnectionFactory("java:/JmsXA")
    private JMSContext jms;

    @Resource(lookup = "java:/jms/queue/replenish")
    private Queue queue;

    /** Sends one poison message, committed with this method's transaction. */
    public void send() {
        var message = jms.createMapMessage();
        try {
            message.setBoolean(MARK, true);
        } catch (JMSException e) {
            throw new JMSRuntimeException(e.getMessage(), e.getErrorCode(), e);
        }
        jms.createProducer().send(queue, message);
    }
}

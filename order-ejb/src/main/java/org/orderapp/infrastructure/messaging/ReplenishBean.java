package org.orderapp.infrastructure.messaging;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import java.util.UUID;
import java.util.logging.Logger;
import org.orderapp.application.replenish.ReplenishRequests;
import org.orderapp.application.replenish.Replenisher;
import org.orderapp.domain.model.InventoryId;

/**
 * Consumes the replenish queue. Its maxSession is the server's {@code order.replenish.sessions}, the same value
 * that sizes its strict-max pool {@code replenish-pool} (bound in jboss-ejb3.xml), so the two cannot drift
 * apart. A message that fails rolls back and is redelivered; after the configured number of deliveries the
 * broker moves it to ReplenishDLQ.
 */
@MessageDriven(name = "ReplenishBean", activationConfig = {
        @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue"),
        @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = "java:/jms/queue/replenish"),
        @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "${order.replenish.sessions}")})
public class ReplenishBean implements MessageListener {

    private static final Logger LOG = Logger.getLogger(ReplenishBean.class.getName());

    @EJB
    private Replenisher replenisher;

    @EJB
    private ReplenishActivity activity;

    @Override
    public void onMessage(Message message) {
        activity.started();
        try {
            var request = parse(message);
            var outcome = replenisher.replenish(request.id, request.orderId, request.inventory, request.quantity);
            if (outcome == Replenisher.Outcome.APPLIED) {
                activity.applied();
            } else {
                activity.duplicate();
            }
        } catch (RuntimeException e) {
            activity.failed();
            LOG.warning(() -> "replenish message " + messageId(message) + " failed and will be redelivered: " + e);
            throw e;
        } finally {
            activity.finished();
        }
    }

    private record Request(UUID id, UUID orderId, InventoryId inventory, int quantity) {
    }

    /** A malformed (poison) message fails here, every time, until the broker parks it on the DLQ. */
    private static Request parse(Message message) {
        if (!(message instanceof MapMessage map)) {
            throw new IllegalArgumentException("not a MapMessage: " + message.getClass().getName());
        }
        try {
            String id = map.getString(ReplenishRequests.REQUEST_ID);
            if (id == null || !map.itemExists(ReplenishRequests.PRODUCT_ID)
                    || !map.itemExists(ReplenishRequests.DISTRIBUTION_CENTER_ID) || !map.itemExists(ReplenishRequests.QUANTITY)) {
                throw new IllegalArgumentException("replenish message lacks requestId, productId, distributionCenterId or quantity");
            }
            int quantity = map.getInt(ReplenishRequests.QUANTITY);
            if (quantity <= 0) {
                throw new IllegalArgumentException("replenish quantity must be positive, got " + quantity);
            }
            String orderId = map.getString(ReplenishRequests.ORDER_ID);
            return new Request(UUID.fromString(id), orderId == null ? null : UUID.fromString(orderId), new InventoryId(map.getLong(ReplenishRequests.PRODUCT_ID),
                    map.getInt(ReplenishRequests.DISTRIBUTION_CENTER_ID)), quantity);
        } catch (JMSException | NumberFormatException e) {
            throw new IllegalArgumentException("unreadable replenish message: " + e.getMessage(), e);
        }
    }

    private static String messageId(Message message) {
        try {
            return message.getJMSMessageID();
        } catch (JMSException e) {
            return "?";
        }
    }
}

package org.orderapp.application.replenish;

import com.fasterxml.uuid.Generators;
import com.fasterxml.uuid.impl.TimeBasedEpochGenerator;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.jms.JMSConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.Queue;
import java.util.UUID;
import org.orderapp.application.Settings;
import org.orderapp.domain.model.InventoryId;

/**
 * An order's replenish requests, by order.replenish.delivery. jms: sent to the {@code replenish} queue through
 * java:/JmsXA, the broker's XA connection factory, joining the order's JTA transaction (the datasource takes part as
 * its one non-XA, last resource): delivered only if the order commits, and lost if the server dies between the
 * database's commit and the transaction log's write. outbox: written to the outbox in the order's transaction, which
 * then holds the database alone; the relay publishes it later ({@link #publish}), at least once.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.MANDATORY)
public class ReplenishRequests {

    public static final String REQUEST_ID = "requestId";
    /** The order that asked; optional (a request without it is applied all the same). */
    public static final String ORDER_ID = "orderId";
    public static final String PRODUCT_ID = "productId";
    public static final String DISTRIBUTION_CENTER_ID = "distributionCenterId";
    public static final String QUANTITY = "quantity";

    private static final TimeBasedEpochGenerator REQUEST_IDS = Generators.timeBasedEpochGenerator();

    private final boolean throughOutbox = Settings.replenishThroughOutbox();

    /** A proxy: it opens a context, and joins a transaction, only when a message is sent. */
    @Inject
    @JMSConnectionFactory("java:/JmsXA")
    private JMSContext jms;

    @Resource(lookup = "java:/jms/queue/replenish")
    private Queue queue;

    @EJB
    private ReplenishOutbox outbox;

    /** Requests stock on behalf of an order and returns the request's id, which the order's line records. */
    public UUID request(UUID orderId, InventoryId inventory, int quantity) {
        var request = new ReplenishRequest(REQUEST_IDS.generate(), orderId, inventory, quantity);
        if (throughOutbox) {
            outbox.add(request);
        } else {
            send(request);
        }
        return request.requestId();
    }

    /**
     * Sends a request from the outbox outside any transaction: the broker has it durably when this returns (a durable
     * message is sent blocking), before the relay marks it sent.
     */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public void publish(ReplenishRequest request) {
        send(request);
    }

    private void send(ReplenishRequest request) {
        var message = jms.createMapMessage();
        try {
            message.setString(REQUEST_ID, request.requestId().toString());
            if (request.orderId() != null) {
                message.setString(ORDER_ID, request.orderId().toString());
            }
            message.setLong(PRODUCT_ID, request.inventory().getProductId());
            message.setInt(DISTRIBUTION_CENTER_ID, request.inventory().getDistributionCenterId());
            message.setInt(QUANTITY, request.quantity());
        } catch (jakarta.jms.JMSException e) {
            throw new jakarta.jms.JMSRuntimeException(e.getMessage(), e.getErrorCode(), e);
        }
        jms.createProducer().send(queue, message);
    }
}

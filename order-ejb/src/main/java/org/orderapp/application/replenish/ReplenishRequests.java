package org.orderapp.application.replenish;

import com.fasterxml.uuid.Generators;
import com.fasterxml.uuid.impl.TimeBasedEpochGenerator;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.jms.JMSConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.Queue;
import java.util.UUID;
import org.orderapp.domain.model.InventoryId;

/**
 * Sends replenish requests to the {@code replenish} queue. The context comes from java:/JmsXA, the broker's
 * XA connection factory, and joins the caller's JTA transaction: the message is delivered only if that
 * transaction commits. The datasource takes part as the transaction's one non-XA (last) resource.
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

    @Inject
    @JMSConnectionFactory("java:/JmsXA")
    private JMSContext jms;

    @Resource(lookup = "java:/jms/queue/replenish")
    private Queue queue;

    /** Sends a request on behalf of an order and returns its id, which the order's line records. */
    public UUID request(UUID orderId, InventoryId inventory, int quantity) {
        UUID requestId = REQUEST_IDS.generate();
        var message = jms.createMapMessage();
        try {
            message.setString(REQUEST_ID, requestId.toString());
            message.setString(ORDER_ID, orderId.toString());
            message.setLong(PRODUCT_ID, inventory.getProductId());
            message.setInt(DISTRIBUTION_CENTER_ID, inventory.getDistributionCenterId());
            message.setInt(QUANTITY, quantity);
        } catch (jakarta.jms.JMSException e) {
            throw new jakarta.jms.JMSRuntimeException(e.getMessage(), e.getErrorCode(), e);
        }
        jms.createProducer().send(queue, message);
        return requestId;
    }
}

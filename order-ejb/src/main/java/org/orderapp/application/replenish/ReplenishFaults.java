package org.orderapp.application.replenish;

/**
 * Faults the load driver injects into replenishment (./order load --fault poison@T), to see that orders keep flowing
 * while a message fails; sent by the messaging infrastructure.
 */
public interface ReplenishFaults {

    /**
     * Sends one replenish message the MDB can never process. The broker redelivers it
     * order.replenish.max-delivery-attempts times and then parks it on ReplenishDLQ.
     */
    void sendPoisonMessage();
}

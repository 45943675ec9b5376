package org.orderapp.application.replenish;

import java.util.UUID;
import org.orderapp.domain.model.InventoryId;

/** One request for stock, as an order makes it and the replenish queue carries it. orderId may be null. */
public record ReplenishRequest(UUID requestId, UUID orderId, InventoryId inventory, int quantity) {
}

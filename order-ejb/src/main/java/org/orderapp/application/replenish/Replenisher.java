package org.orderapp.application.replenish;

import java.util.UUID;
import org.orderapp.domain.model.InventoryId;

/**
 * Applies a replenish request: moves stock from the supplier with most of the product to the distribution center,
 * filling backorders first. Each request is applied at most once; one already applied is ignored. Runs in the
 * caller's transaction (the replenish MDB's delivery).
 */
public interface Replenisher {

    enum Outcome { APPLIED, ALREADY_APPLIED }

    Outcome replenish(UUID requestId, UUID orderId, InventoryId inventoryId, int reorderQuantity);
}

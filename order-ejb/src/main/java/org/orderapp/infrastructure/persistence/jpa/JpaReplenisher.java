package org.orderapp.infrastructure.persistence.jpa;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.time.Instant;
import java.util.UUID;
import org.orderapp.application.replenish.Replenisher;
import org.orderapp.domain.model.Inventory;
import org.orderapp.domain.model.InventoryId;
import org.orderapp.domain.model.Product;
import org.orderapp.domain.model.Replenishment;
import org.orderapp.domain.model.SupplierInventory;

/**
 * {@link Replenisher} through JPA. Each request is applied at most once: its id is recorded in the same transaction,
 * and a request already recorded is ignored.
 */
@Stateless(name = "Replenisher")
@TransactionAttribute(TransactionAttributeType.MANDATORY)
public class JpaReplenisher implements Replenisher {

    @PersistenceContext(unitName = "services")
    private EntityManager em;

    @Override
    public Outcome replenish(UUID requestId, UUID orderId, InventoryId inventoryId, int reorderQuantity) {
        // EntityLookup, not em.find: a failed read is thrown (the message is redelivered), never taken for a missing row.
        if (EntityLookup.byId(em, Replenishment.class, requestId).isPresent()) {
            return Outcome.ALREADY_APPLIED;
        }
        // Locked for the transaction: orders racing for this row then lose their version check and retry,
        // instead of sending the replenishment back to the queue again and again.
        Inventory stock = EntityLookup.byIdForUpdate(em, Inventory.class, inventoryId).orElse(null);
        if (stock == null || EntityLookup.byId(em, Product.class, inventoryId.getProductId()).isEmpty()) {
            throw new IllegalArgumentException("replenish request " + requestId + " names no stocked " + inventoryId);
        }
        int wanted = reorderQuantity + stock.getBackorderQuantity();
        var source = em.createNamedQuery(SupplierInventory.BEST_SOURCE, SupplierInventory.class)
                .setParameter("productId", inventoryId.getProductId())
                .setLockMode(LockModeType.PESSIMISTIC_WRITE)
                .setMaxResults(1)
                .getResultStream()
                .findFirst();
        int moved = source.map(s -> s.ship(wanted)).orElse(0);
        stock.receive(moved);
        em.persist(new Replenishment(requestId, orderId, inventoryId, source.map(s -> s.getId().getSupplierId()).orElse(null),
                moved, Instant.now()));
        return Outcome.APPLIED;
    }
}

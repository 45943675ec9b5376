package org.orderapp.infrastructure.persistence.jpa;

import com.fasterxml.uuid.Generators;
import com.fasterxml.uuid.impl.TimeBasedEpochGenerator;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.orderapp.application.IdempotencyKey;
import org.orderapp.application.IdempotencyKeys;
import org.orderapp.application.NewOrder;
import org.orderapp.application.OrderAttempt;
import org.orderapp.application.OrderDetails;
import org.orderapp.application.OrderRejectedException;
import org.orderapp.application.OrderRejectedException.Reason;
import org.orderapp.application.Settings;
import org.orderapp.application.replenish.ReplenishRequests;
import org.orderapp.domain.model.Customer;
import org.orderapp.domain.model.Inventory;
import org.orderapp.domain.model.InventoryId;
import org.orderapp.domain.model.Order;
import org.orderapp.domain.model.Pricing;
import org.orderapp.domain.model.Product;
import org.orderapp.infrastructure.faults.CommitHalt;

/**
 * One attempt at taking an order ({@link OrderAttempt}) through JPA, in one JTA transaction: price the lines, store the order and its lines,
 * take the stock, and ask for replenishment where stock fell below its reorder point. The replenish message
 * is sent through the XA connection factory, so it is delivered if and only if this transaction commits.
 */
@Stateless(name = "OrderTransaction")
public class JpaOrderTransaction {

    /** Version 7 UUIDs: time-ordered, so new orders append to the clustered index instead of splitting pages. */
    private static final TimeBasedEpochGenerator ORDER_IDS = Generators.timeBasedEpochGenerator();

    /**
     * How concurrent orders for the same stock are kept apart. Pessimistic: the stock rows are locked when read
     * (SELECT ... FOR UPDATE), so contenders wait instead of redoing work; every writer locks stock rows before
     * supplier rows, so no deadlock cycle can form. Optimistic (the guide's way): the version check at commit
     * fails for the later writer, whose order is retried and, after too many attempts, refused. The version check
     * stays in force in both modes.
     */
    private final boolean pessimisticStock = Settings.pessimisticStock();

    /**
     * The stock query for an order of n lines, at index n - 1: one positional parameter per product instead of a list
     * parameter. Hibernate caches no plan for a query bound to a list and translates it anew at every execution
     * (its interpretation was 2 % of the server's CPU samples); each of these texts is translated once.
     */
    private final String[] stockOf = IntStream.rangeClosed(1, Settings.integer(Settings.MAX_LINES))
            .mapToObj(n -> "select i from Inventory i where i.id.distributionCenterId = ?1 and i.id.productId in ("
                    + IntStream.rangeClosed(2, n + 1).mapToObj(p -> "?" + p).collect(Collectors.joining(", ")) + ")")
            .toArray(String[]::new);

    @PersistenceContext(unitName = "services")
    private EntityManager em;

    @EJB
    private ReplenishRequests replenish;

    @EJB
    private IdempotencyKeys keys;

    @Inject
    private CommitHalt commitHalt;

    @TransactionAttribute(TransactionAttributeType.REQUIRED)
    /** The request has passed {@link NewOrder}'s constraints where it came in. */
    public OrderDetails createOrder(NewOrder request, IdempotencyKey key) throws OrderRejectedException {
        UUID orderId = ORDER_IDS.generate();
        if (key != null) {
            keys.claim(key, orderId); // first: a concurrent request with the key waits here, before taking any stock
        }
        // EntityLookup, not em.find: a database failure is thrown, never refused as an unknown customer or product.
        Customer customer = EntityLookup.byId(em, Customer.class, request.customerId()).orElseThrow(() ->
                new OrderRejectedException(Reason.NOT_FOUND, "customerId", "no customer with id " + request.customerId()));
        int center = customer.getDistributionCenter().getId();
        // Milliseconds, as the column stores them: the answer shows the date a later read will show.
        var order = new Order(orderId, customer, Instant.now().truncatedTo(ChronoUnit.MILLIS));
        for (NewOrder.Line line : request.lines()) {
            Product product = EntityLookup.byId(em, Product.class, line.productId()).orElseThrow(() ->
                    new OrderRejectedException(Reason.NOT_FOUND, "productId", "no product with id " + line.productId()));
            order.addLine(product, line.quantity(), Pricing.unitPrice(product, customer.getPricingMethod()));
        }
        // All the stock rows in one statement; the updates go out as one batch at commit, in key order.
        var query = em.createQuery(stockOf[order.getLines().size() - 1], Inventory.class).setParameter(1, center);
        int position = 2;
        for (var line : order.getLines()) {
            query.setParameter(position++, line.getProduct().getId());
        }
        if (pessimisticStock) {
            query.setLockMode(LockModeType.PESSIMISTIC_WRITE); // SELECT ... FOR UPDATE
        }
        Map<InventoryId, Inventory> stocks = new HashMap<>();
        query.getResultList().forEach(stock -> stocks.put(stock.getId(), stock));
        var byProduct = order.getLines().stream()
                .sorted(Comparator.comparing(l -> l.getProduct().getId()))
                .toList();
        for (var line : byProduct) {
            Inventory stock = stocks.get(new InventoryId(line.getProduct().getId(), center));
            if (stock == null) {
                throw new OrderRejectedException(Reason.NOT_FOUND, "productId", "product " + line.getProduct().getId()
                        + " is not stocked at distribution center " + center);
            }
            int reorderPoint = line.getProduct().getReorderPoint();
            boolean wasBelow = stock.isBelow(reorderPoint);
            line.recordBackorder(stock.take(line.getQuantity()));
            if (!wasBelow && stock.isBelow(reorderPoint)) {
                line.recordReplenishRequest(replenish.request(order.getId(), stock.getId(), line.getProduct().getReorderQuantity()));
            }
        }
        em.persist(order); // cascades to the lines: one batched (and rewritten) INSERT for all of them
        commitHalt.enlist();
        return OrderDetails.of(order);
    }
}

package org.orderapp.infrastructure.persistence.jdbc;

import com.fasterxml.uuid.Generators;
import com.fasterxml.uuid.impl.TimeBasedEpochGenerator;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.EJBException;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.OptimisticLockException;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.orderapp.application.IdempotencyKey;
import org.orderapp.application.IdempotencyKeys;
import org.orderapp.application.NewOrder;
import org.orderapp.application.OrderDetails;
import org.orderapp.application.OrderRejectedException;
import org.orderapp.application.OrderRejectedException.Reason;
import org.orderapp.application.Settings;
import org.orderapp.application.replenish.ReplenishRequests;
import org.orderapp.domain.model.Inventory;
import org.orderapp.domain.model.InventoryId;
import org.orderapp.domain.model.Pricing;
import org.orderapp.infrastructure.faults.CommitHalt;

/**
 * The JPA order transaction in plain JDBC (order.services.mode=jdbc): the ceiling that shows what Hibernate and its
 * second-level cache cost. The same transaction, row for row: the customer with its pricing method, the products and
 * the stock rows each in one statement (the stock locked when read under pessimistic locking), the stock taken in
 * product order by the domain's rule with the replenish request sent where it falls below its reorder point, then, as
 * Hibernate flushes, the order, its lines as one batch (rewritten into one INSERT) and the stock updates as one batch.
 * Each update names the version it read; a row changed since updates nothing, and that is reported as JPA reports a
 * failed version check, an OptimisticLockException, so OrderService (Conflicts) retries it the same way.
 * <p>
 * The second-level cache: this path writes inventory, orders and order_line only, and none of those entities is
 * cached (only the customers and the reference data are, which it reads from the database and never writes). So the
 * JPA beans of the same server (the replenisher, the browse pages, GET /api/orders/{id}) cannot read a cached row this
 * path changed, and nothing needs evicting. EntityMappingTest keeps it so.
 */
@Stateless
public class JdbcOrderTransaction {

    private static final TimeBasedEpochGenerator ORDER_IDS = Generators.timeBasedEpochGenerator();

    private static final String CUSTOMER = """
            select c.distribution_center_id, m.markup_rate, c.address_line1, c.address_line2, c.city, c.state, c.zip_code,
                   c.zip_plus_four
            from customer c join pricing_method m on m.id = c.pricing_method_id
            where c.id = ?""";
    private static final String INSERT_ORDER = """
            insert into orders (id, customer_id, distribution_center_id, order_date, total_amount, address_line1,
                                address_line2, city, state, zip_code, zip_plus_four)
            values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""";
    private static final String INSERT_LINE = """
            insert into order_line (order_id, line_number, product_id, quantity, unit_price, extended_price,
                                    backordered_quantity, replenish_request_id)
            values (?, ?, ?, ?, ?, ?, ?, ?)""";
    private static final String UPDATE_STOCK = """
            update inventory set quantity_on_hand = ?, backorder_quantity = ?, version = version + 1
            where product_id = ? and distribution_center_id = ? and version = ?""";

    private final boolean pessimisticStock = Settings.pessimisticStock();

    /** The product and stock queries for an order of n lines, at index n - 1 (one text each, prepared and cached alike). */
    private final String[] productsOf = texts(n -> "select id, name, unit_cost, reorder_point, reorder_quantity from product"
            + " where id in (" + placeholders(n) + ")");
    private final String[] stockOf = texts(n -> "select product_id, quantity_on_hand, backorder_quantity, version from inventory"
            + " where distribution_center_id = ? and product_id in (" + placeholders(n) + ")"
            + (pessimisticStock ? " for update" : ""));

    /** The persistence unit's JTA datasource: the connection joins the container's transaction. */
    @Resource(lookup = "java:jboss/datasources/OrderDS")
    private DataSource dataSource;

    @EJB
    private ReplenishRequests replenish;

    @EJB
    private IdempotencyKeys keys;

    @Inject
    private CommitHalt commitHalt;

    @TransactionAttribute(TransactionAttributeType.REQUIRED)
    public OrderDetails createOrder(NewOrder request, IdempotencyKey key) throws OrderRejectedException {
        UUID orderId = ORDER_IDS.generate();
        if (key != null) {
            keys.claim(key, orderId); // first: a concurrent request with the key waits here, before taking any stock
        }
        try (Connection connection = dataSource.getConnection()) {
            return createOrder(connection, request, orderId);
        } catch (SQLException e) {
            throw new EJBException("order of customer " + request.customerId() + " failed: " + e.getMessage(), e);
        }
    }

    private OrderDetails createOrder(Connection connection, NewOrder request, UUID orderId) throws SQLException, OrderRejectedException {
        Customer customer = customer(connection, request.customerId());
        Map<Long, Product> products = products(connection, request);
        // Milliseconds, as the column stores them: the answer shows the date a later read will show.
        var order = new PendingOrder(orderId, customer, Instant.now().truncatedTo(ChronoUnit.MILLIS));
        for (NewOrder.Line requested : request.lines()) {
            Product product = products.get(requested.productId());
            if (product == null) {
                throw new OrderRejectedException(Reason.NOT_FOUND, "productId", "no product with id " + requested.productId());
            }
            order.addLine(product, requested.quantity(), Pricing.unitPrice(product.unitCost(), customer.markupRate()));
        }
        Map<Long, Inventory> stocks = stocks(connection, customer.center(), order.lines);
        var byProduct = order.lines.stream().sorted(Comparator.comparingLong(l -> l.product.id())).toList();
        for (var line : byProduct) {
            Inventory stock = stocks.get(line.product.id());
            if (stock == null) {
                throw new OrderRejectedException(Reason.NOT_FOUND, "productId", "product " + line.product.id()
                        + " is not stocked at distribution center " + customer.center());
            }
            boolean wasBelow = stock.isBelow(line.product.reorderPoint());
            line.backordered = stock.take(line.quantity);
            if (!wasBelow && stock.isBelow(line.product.reorderPoint())) {
                line.replenishRequestId = replenish.request(order.id, stock.getId(), line.product.reorderQuantity());
            }
        }
        insert(connection, order);
        update(connection, byProduct.stream().map(line -> stocks.get(line.product.id())).toList());
        commitHalt.enlist();
        return order.details();
    }

    private static Customer customer(Connection connection, long id) throws SQLException, OrderRejectedException {
        try (PreparedStatement statement = connection.prepareStatement(CUSTOMER)) {
            statement.setLong(1, id);
            try (ResultSet row = statement.executeQuery()) {
                if (!row.next()) {
                    throw new OrderRejectedException(Reason.NOT_FOUND, "customerId", "no customer with id " + id);
                }
                return new Customer(id, row.getInt(1), row.getBigDecimal(2), row.getString(3), row.getString(4),
                        row.getString(5), row.getString(6), row.getString(7), row.getString(8));
            }
        }
    }

    private Map<Long, Product> products(Connection connection, NewOrder request) throws SQLException {
        Map<Long, Product> products = new HashMap<>();
        try (PreparedStatement statement = connection.prepareStatement(productsOf[request.lines().size() - 1])) {
            int position = 1;
            for (var line : request.lines()) {
                statement.setLong(position++, line.productId());
            }
            try (ResultSet row = statement.executeQuery()) {
                while (row.next()) {
                    var product = new Product(row.getLong(1), row.getString(2), row.getBigDecimal(3), row.getInt(4), row.getInt(5));
                    products.put(product.id(), product);
                }
            }
        }
        return products;
    }

    private Map<Long, Inventory> stocks(Connection connection, int center, List<PendingLine> lines) throws SQLException {
        Map<Long, Inventory> stocks = new HashMap<>();
        try (PreparedStatement statement = connection.prepareStatement(stockOf[lines.size() - 1])) {
            statement.setInt(1, center);
            int position = 2;
            for (var line : lines) {
                statement.setLong(position++, line.product.id());
            }
            try (ResultSet row = statement.executeQuery()) {
                while (row.next()) {
                    long product = row.getLong(1);
                    stocks.put(product, new Inventory(new InventoryId(product, center), row.getInt(2), row.getInt(3), row.getInt(4)));
                }
            }
        }
        return stocks;
    }

    private static void insert(Connection connection, PendingOrder order) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(INSERT_ORDER)) {
            Customer customer = order.customer;
            JdbcValues.setUuid(statement, 1, order.id);
            statement.setLong(2, customer.id());
            statement.setInt(3, customer.center());
            JdbcValues.setInstant(statement, 4, order.date);
            statement.setBigDecimal(5, order.total);
            statement.setString(6, customer.line1());
            statement.setString(7, customer.line2());
            statement.setString(8, customer.city());
            statement.setString(9, customer.state());
            statement.setString(10, customer.zipCode());
            statement.setString(11, customer.zipPlusFour());
            statement.executeUpdate();
        }
        try (PreparedStatement statement = connection.prepareStatement(INSERT_LINE)) {
            for (var line : order.lines) {
                JdbcValues.setUuid(statement, 1, order.id);
                statement.setInt(2, line.number);
                statement.setLong(3, line.product.id());
                statement.setInt(4, line.quantity);
                statement.setBigDecimal(5, line.unitPrice);
                statement.setBigDecimal(6, line.extendedPrice);
                statement.setInt(7, line.backordered);
                JdbcValues.setUuid(statement, 8, line.replenishRequestId);
                statement.addBatch();
            }
            statement.executeBatch();
        }
    }

    /** The stock rows in key order, as Hibernate orders its updates; each must still have the version read. */
    private static void update(Connection connection, List<Inventory> stocks) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(UPDATE_STOCK)) {
            for (Inventory stock : stocks) {
                statement.setInt(1, stock.getQuantityOnHand());
                statement.setInt(2, stock.getBackorderQuantity());
                statement.setLong(3, stock.getId().getProductId());
                statement.setInt(4, stock.getId().getDistributionCenterId());
                statement.setInt(5, stock.getVersion());
                statement.addBatch();
            }
            int[] counts = statement.executeBatch();
            for (int i = 0; i < counts.length; i++) {
                if (counts[i] != 1) {
                    throw new OptimisticLockException("stock of " + stocks.get(i).getId() + " changed since it was read");
                }
            }
        }
    }

    private static String[] texts(IntFunction<String> text) {
        return IntStream.rangeClosed(1, Settings.integer(Settings.MAX_LINES)).mapToObj(text).toArray(String[]::new);
    }

    private static String placeholders(int n) {
        return IntStream.range(0, n).mapToObj(i -> "?").collect(Collectors.joining(", "));
    }

    private record Customer(long id, int center, BigDecimal markupRate, String line1, String line2, String city,
                            String state, String zipCode, String zipPlusFour) {
    }

    private record Product(long id, String name, BigDecimal unitCost, int reorderPoint, int reorderQuantity) {
    }

    /** The order being taken; its total follows its lines, as Order's does. */
    private static final class PendingOrder {
        final UUID id;
        final Customer customer;
        final Instant date;
        final List<PendingLine> lines = new ArrayList<>();
        BigDecimal total = Pricing.NO_TOTAL;

        PendingOrder(UUID id, Customer customer, Instant date) {
            this.id = id;
            this.customer = customer;
            this.date = date;
        }

        void addLine(Product product, int quantity, BigDecimal unitPrice) {
            var line = new PendingLine(lines.size() + 1, product, quantity, unitPrice);
            lines.add(line);
            total = total.add(line.extendedPrice);
        }

        OrderDetails details() {
            return new OrderDetails(id.toString(), customer.id(), customer.center(), date, total, lines.stream()
                    .map(l -> new OrderDetails.Line(l.number, l.product.id(), l.product.name(), l.quantity, l.unitPrice,
                            l.extendedPrice, l.backordered))
                    .toList());
        }
    }

    private static final class PendingLine {
        final int number;
        final Product product;
        final int quantity;
        final BigDecimal unitPrice;
        final BigDecimal extendedPrice;
        int backordered;
        UUID replenishRequestId;

        PendingLine(int number, Product product, int quantity, BigDecimal unitPrice) {
            this.number = number;
            this.product = product;
            this.quantity = quantity;
            this.unitPrice = unitPrice;
            this.extendedPrice = Pricing.extendedPrice(unitPrice, quantity);
        }
    }
}

package org.orderapp.batch.referencedata;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import org.orderapp.domain.model.Address;
import org.orderapp.domain.model.Customer;
import org.orderapp.domain.model.DistributionCenter;
import org.orderapp.domain.model.Inventory;
import org.orderapp.domain.model.InventoryId;
import org.orderapp.domain.model.PricingMethod;
import org.orderapp.domain.model.Product;
import org.orderapp.domain.model.Supplier;
import org.orderapp.domain.model.SupplierInventory;
import org.orderapp.domain.model.SupplierInventoryId;

/**
 * One generated row of reference data, written either as an entity through Hibernate (the loader) or as bound
 * values of INSERTs (the JDBC writers of the benchmark). Every writer gets exactly the same rows.
 */
public sealed interface ReferenceRow {

    /** The entity the Hibernate writers insert; what it refers to comes from {@code references}. */
    Object toEntity(References references);

    /**
     * How a writer names an entity a row refers to by its key: a proxy of the entity manager, or an instance its
     * stateless session read once. Only the key reaches the row's foreign key column.
     */
    @FunctionalInterface
    interface References {
        <T> T to(Class<T> type, Object id);
    }

    /** Binds the values in the order of the table's columns, from parameter {@code first}; answers the next index. */
    int bind(PreparedStatement statement, int first) throws SQLException;

    /** Rows are created in the version the database defaults to; an update then increments it. */
    int INITIAL_VERSION = 0;

    record DistributionCenterRow(int id, String name, Address address) implements ReferenceRow {
        @Override
        public Object toEntity(References references) {
            return new DistributionCenter(id, name, address);
        }

        @Override
        public int bind(PreparedStatement s, int i) throws SQLException {
            s.setInt(i, id);
            s.setString(i + 1, name);
            return bindAddress(s, i + 2, address);
        }
    }

    record PricingMethodRow(int id, String name, BigDecimal markupRate) implements ReferenceRow {
        @Override
        public Object toEntity(References references) {
            return new PricingMethod(id, name, markupRate);
        }

        @Override
        public int bind(PreparedStatement s, int i) throws SQLException {
            s.setInt(i, id);
            s.setString(i + 1, name);
            s.setBigDecimal(i + 2, markupRate);
            return i + 3;
        }
    }

    record SupplierRow(int id, String name, Address address) implements ReferenceRow {
        @Override
        public Object toEntity(References references) {
            return new Supplier(id, name, address);
        }

        @Override
        public int bind(PreparedStatement s, int i) throws SQLException {
            s.setInt(i, id);
            s.setString(i + 1, name);
            return bindAddress(s, i + 2, address);
        }
    }

    record ProductRow(long id, String name, BigDecimal unitCost, int reorderPoint, int reorderQuantity)
            implements ReferenceRow {
        @Override
        public Object toEntity(References references) {
            return new Product(id, name, unitCost, reorderPoint, reorderQuantity);
        }

        @Override
        public int bind(PreparedStatement s, int i) throws SQLException {
            s.setLong(i, id);
            s.setString(i + 1, name);
            s.setBigDecimal(i + 2, unitCost);
            s.setInt(i + 3, reorderPoint);
            s.setInt(i + 4, reorderQuantity);
            return i + 5;
        }
    }

    record CustomerRow(long id, String firstName, String lastName, Address address, int pricingMethodId,
                       int distributionCenterId) implements ReferenceRow {
        @Override
        public Object toEntity(References references) {
            return new Customer(id, firstName, lastName, address,
                    references.to(PricingMethod.class, pricingMethodId),
                    references.to(DistributionCenter.class, distributionCenterId));
        }

        @Override
        public int bind(PreparedStatement s, int i) throws SQLException {
            s.setLong(i, id);
            s.setString(i + 1, firstName);
            s.setString(i + 2, lastName);
            int next = bindAddress(s, i + 3, address);
            s.setInt(next, pricingMethodId);
            s.setInt(next + 1, distributionCenterId);
            s.setInt(next + 2, INITIAL_VERSION);
            return next + 3;
        }
    }

    record InventoryRow(long productId, int distributionCenterId, int quantityOnHand) implements ReferenceRow {
        @Override
        public Object toEntity(References references) {
            return new Inventory(new InventoryId(productId, distributionCenterId), quantityOnHand);
        }

        @Override
        public int bind(PreparedStatement s, int i) throws SQLException {
            s.setLong(i, productId);
            s.setInt(i + 1, distributionCenterId);
            s.setInt(i + 2, quantityOnHand);
            s.setInt(i + 3, 0);
            s.setInt(i + 4, INITIAL_VERSION);
            return i + 5;
        }
    }

    record SupplierInventoryRow(int supplierId, long productId, int quantityOnHand) implements ReferenceRow {
        @Override
        public Object toEntity(References references) {
            return new SupplierInventory(new SupplierInventoryId(supplierId, productId), quantityOnHand);
        }

        @Override
        public int bind(PreparedStatement s, int i) throws SQLException {
            s.setInt(i, supplierId);
            s.setLong(i + 1, productId);
            s.setInt(i + 2, quantityOnHand);
            s.setInt(i + 3, INITIAL_VERSION);
            return i + 4;
        }
    }

    private static int bindAddress(PreparedStatement s, int i, Address a) throws SQLException {
        s.setString(i, a.getLine1());
        s.setString(i + 1, a.getLine2());
        s.setString(i + 2, a.getCity());
        s.setString(i + 3, a.getState());
        s.setString(i + 4, a.getZipCode());
        s.setString(i + 5, a.getZipPlusFour());
        return i + 6;
    }
}

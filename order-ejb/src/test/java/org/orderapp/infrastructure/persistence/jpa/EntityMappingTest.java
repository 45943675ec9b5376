package org.orderapp.infrastructure.persistence.jpa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.hibernate.boot.Metadata;
import org.hibernate.boot.MetadataSources;
import org.hibernate.boot.registry.StandardServiceRegistryBuilder;
import org.hibernate.mapping.BasicValue;
import org.hibernate.mapping.Column;
import org.hibernate.mapping.Component;
import org.hibernate.mapping.PersistentClass;
import org.hibernate.mapping.Value;
import org.hibernate.type.SqlTypes;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.orderapp.domain.model.Customer;
import org.orderapp.domain.model.DistributionCenter;
import org.orderapp.domain.model.Inventory;
import org.orderapp.domain.model.Order;
import org.orderapp.domain.model.OrderLine;
import org.orderapp.domain.model.PricingMethod;
import org.orderapp.domain.model.Product;
import org.orderapp.domain.model.Replenishment;
import org.orderapp.domain.model.Supplier;
import org.orderapp.domain.model.SupplierInventory;

/**
 * The mapping each persistence unit builds from the plain entities, META-INF/orm.xml and its settings in
 * persistence.xml: what Hibernate's annotations said before they left domain.model.
 */
class EntityMappingTest {

    private static final List<Class<?>> ENTITIES = List.of(Customer.class, DistributionCenter.class, PricingMethod.class,
            Product.class, Supplier.class, Inventory.class, SupplierInventory.class, Order.class, OrderLine.class,
            Replenishment.class);
    private static final List<Class<?>> REFERENCE_DATA = List.of(DistributionCenter.class, PricingMethod.class,
            Product.class, Supplier.class);

    @ParameterizedTest
    @ValueSource(strings = {"services", "batch-services"})
    void referenceDataIsCachedReadOnlyAndImmutable(String unit) throws IOException {
        Metadata metadata = mapping(unit);
        for (Class<?> entity : REFERENCE_DATA) {
            PersistentClass binding = metadata.getEntityBinding(entity.getName());
            assertEquals("read-only", binding.getRootClass().getCacheConcurrencyStrategy(), entity.getSimpleName());
            assertFalse(binding.isMutable(), entity.getSimpleName() + " is immutable");
        }
        PersistentClass customer = metadata.getEntityBinding(Customer.class.getName());
        assertEquals("read-write", customer.getRootClass().getCacheConcurrencyStrategy());
        assertTrue(customer.isMutable());
    }

    /** The JDBC order transaction writes these tables behind Hibernate's back; cached, they would go stale. */
    @ParameterizedTest
    @ValueSource(strings = {"services", "batch-services"})
    void entitiesTheJdbcPathWritesAreNotCached(String unit) throws IOException {
        Metadata metadata = mapping(unit);
        for (Class<?> entity : List.of(Inventory.class, Order.class, OrderLine.class)) {
            PersistentClass binding = metadata.getEntityBinding(entity.getName());
            assertFalse(binding.isCached(), entity.getSimpleName() + " is cached: JdbcOrderTransaction would leave it stale");
            assertEquals(null, binding.getRootClass().getCacheConcurrencyStrategy(), entity.getSimpleName());
        }
    }

    /** Every UUID as BINARY, in its BINARY(16) column under its own name. */
    @ParameterizedTest
    @ValueSource(strings = {"services", "batch-services"})
    void uuidsAreStoredAsBinary(String unit) throws IOException {
        Metadata metadata = mapping(unit);
        assertBinary("id", metadata.getEntityBinding(Order.class.getName()).getIdentifier());
        assertBinary("replenish_request_id", metadata.getEntityBinding(OrderLine.class.getName())
                .getProperty("replenishRequestId").getValue());
        assertBinary("request_id", metadata.getEntityBinding(Replenishment.class.getName()).getIdentifier());
        assertBinary("order_id", metadata.getEntityBinding(Replenishment.class.getName()).getProperty("orderId").getValue());
        var lineKey = (Component) metadata.getEntityBinding(OrderLine.class.getName()).getIdentifier();
        assertBinary("order_id", lineKey.getProperty("orderId").getValue());
    }

    private static void assertBinary(String column, Value value) {
        assertEquals(SqlTypes.BINARY, ((BasicValue) value).resolve().getJdbcType().getDefaultSqlTypeCode(), column);
        var mapped = (Column) value.getColumns().get(0);
        assertEquals(column, mapped.getName());
        assertEquals("binary(16)", mapped.getSqlType());
    }

    /** The unit's mapping with its literal properties and shared-cache-mode, after the integrator ran. */
    private static Metadata mapping(String unit) throws IOException {
        String xml;
        try (var in = EntityMappingTest.class.getResourceAsStream("/META-INF/persistence.xml")) {
            xml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        var unitXml = Pattern.compile("<persistence-unit name=\"" + unit + "\".*?</persistence-unit>", Pattern.DOTALL).matcher(xml);
        assertTrue(unitXml.find(), unit);
        Map<String, Object> settings = new HashMap<>();
        var property = Pattern.compile("<property name=\"([^\"]+)\"\\s+value=\"([^\"$]*)\"/>").matcher(unitXml.group());
        while (property.find()) {
            settings.put(property.group(1), property.group(2));
        }
        var cacheMode = Pattern.compile("<shared-cache-mode>(\\w+)</shared-cache-mode>").matcher(unitXml.group());
        assertTrue(cacheMode.find(), unit + "'s shared-cache-mode");
        settings.put("jakarta.persistence.sharedCache.mode", cacheMode.group(1));
        settings.put("hibernate.dialect", "org.hibernate.dialect.MariaDBDialect");
        settings.put("hibernate.boot.allow_jdbc_metadata_access", "false");
        var registry = new StandardServiceRegistryBuilder().applySettings(settings).build();
        var sources = new MetadataSources(registry).addResource("META-INF/orm.xml");
        ENTITIES.forEach(sources::addAnnotatedClass);
        Metadata metadata = sources.buildMetadata();
        metadata.getEntityBindings().forEach(ImmutableReferenceData::applyTo);
        return metadata;
    }
}

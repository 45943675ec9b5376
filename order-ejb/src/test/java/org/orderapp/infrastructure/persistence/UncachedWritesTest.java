package org.orderapp.infrastructure.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.persistence.Cacheable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;
import org.hibernate.annotations.Cache;
import org.junit.jupiter.api.Test;
import org.orderapp.domain.model.Inventory;
import org.orderapp.domain.model.Order;
import org.orderapp.domain.model.OrderLine;

/**
 * The JDBC order transaction writes these entities' tables behind Hibernate's back; it needs no cache eviction only as
 * long as none of them is in the second-level cache (the services unit caches only what is marked, ENABLE_SELECTIVE).
 */
class UncachedWritesTest {

    @Test
    void servicesUnitCachesOnlyWhatIsMarked() throws IOException {
        String xml;
        try (var in = getClass().getResourceAsStream("/META-INF/persistence.xml")) {
            xml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        var unit = Pattern.compile("<persistence-unit name=\"services\".*?</persistence-unit>", Pattern.DOTALL).matcher(xml);
        assertTrue(unit.find(), "the services unit in persistence.xml");
        var mode = Pattern.compile("<shared-cache-mode>(\\w+)</shared-cache-mode>").matcher(unit.group());
        assertTrue(mode.find(), "the services unit's shared-cache-mode");
        assertEquals("ENABLE_SELECTIVE", mode.group(1));
    }

    @Test
    void entitiesTheJdbcPathWritesAreNotCached() {
        for (Class<?> entity : List.of(Inventory.class, Order.class, OrderLine.class)) {
            assertFalse(entity.isAnnotationPresent(Cacheable.class) || entity.isAnnotationPresent(Cache.class),
                    entity.getSimpleName() + " is cached: JdbcOrderTransaction would leave it stale (evict it there)");
        }
    }
}

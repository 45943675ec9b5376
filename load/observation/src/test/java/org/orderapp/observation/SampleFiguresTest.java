package org.orderapp.observation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.LinkedHashMap;
import java.util.Map;
import org.jboss.dmr.ModelNode;
import org.junit.jupiter.api.Test;

/** The figures a sample takes from the management model's answers, as the server gives them. */
class SampleFiguresTest {

    private final Map<String, Double> values = new LinkedHashMap<>();

    @Test
    void aPoolInUseIsItsSizeLessWhatIsAvailable() {
        var ejb = new ModelNode();
        ModelNode service = ejb.get("stateless-session-bean", "OrderService");
        service.get("pool-max-size").set(20);
        service.get("pool-available-count").set(15);
        service.get("invocations").set(1000L);
        ModelNode mdb = ejb.get("message-driven-bean", ServerMetrics.REPLENISH_MDB);
        mdb.get("pool-max-size").set(8);
        mdb.get("pool-available-count").set(8);
        ejb.get("stateful-session-bean", "Browser", "cache-size").set(3);

        SampleFigures.ejbPools(values, ejb);

        assertEquals(5.0, values.get(ServerMetrics.ejbPool("OrderService", "poolInUse")));
        assertEquals(1000.0, values.get(ServerMetrics.ejbPool("OrderService", "invocations")));
        assertEquals(0.0, values.get(ServerMetrics.mdbPool(ServerMetrics.REPLENISH_MDB, "poolInUse")));
        assertEquals(3.0, values.get("sfsb.Browser.cacheSize"));
        assertFalse(values.containsKey(ServerMetrics.ejbPool("OrderService", "waitTimeMs")), "what the answer lacks is left out");
    }

    @Test
    void theReplenishPoolAloneGivesTheSameFiguresAsTheFullSample() {
        var bean = new ModelNode();
        bean.get("pool-max-size").set(16);
        bean.get("pool-available-count").set(10);

        SampleFigures.replenishPool(values, bean);

        String prefix = ServerMetrics.mdbPool(ServerMetrics.REPLENISH_MDB, "");
        assertEquals(Map.of(prefix + "poolMax", 16.0, prefix + "poolAvailable", 10.0, prefix + "poolInUse", 6.0), values);
    }

    @Test
    void hibernatesStatisticsOfTheOltpUnitOnlyAndOnlyWhenKept() {
        var jpa = new ModelNode();
        ModelNode services = jpa.get("hibernate-persistence-unit", "order.ear/order-ejb.jar#services");
        services.get("statistics-enabled").set(true);
        services.get("prepared-statement-count").set(42L);
        ModelNode batch = jpa.get("hibernate-persistence-unit", "order.ear/order-ejb.jar#batch");
        batch.get("statistics-enabled").set(true);
        batch.get("prepared-statement-count").set(7L);

        SampleFigures.hibernate(values, jpa);
        assertEquals(Map.of(ServerMetrics.HIBERNATE_PREPARES, 42.0), values);

        values.clear();
        services.get("statistics-enabled").set(false);
        SampleFigures.hibernate(values, jpa);
        assertEquals(Map.of(), values);
    }

    @Test
    void theSecondLevelCacheSumsItsRegionsThatKeepStatistics() {
        var caches = new ModelNode().setEmptyList();
        caches.add().get("result").set(region(90, 10));
        caches.add().get("result").set(region(9, 1));
        caches.add().get("result").set(new ModelNode().setEmptyObject()); // a region without statistics

        SampleFigures.secondLevelCache(values, caches);

        assertEquals(Map.of("cache.hits", 99.0, "cache.misses", 11.0), values);
    }

    @Test
    void noRegionWithStatisticsGivesNoCacheFigures() {
        var caches = new ModelNode().setEmptyList();
        caches.add().get("result").set(new ModelNode().setEmptyObject());

        SampleFigures.secondLevelCache(values, caches);

        assertEquals(Map.of(), values);
    }

    private static ModelNode region(long hits, long misses) {
        var region = new ModelNode();
        region.get("hits").set(hits);
        region.get("misses").set(misses);
        return region;
    }
}

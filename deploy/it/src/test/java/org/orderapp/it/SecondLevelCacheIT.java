package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URL;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A customer look-up reads the three-way join once; after that it is a second-level cache hit with no SQL. */
@ExtendWith(ArquillianExtension.class)
class SecondLevelCacheIT {

    private static final int CENTER = 9200;
    private static final long CUSTOMER = 9_200_001L;

    @Deployment(testable = false, name = OrderDeployment.NAME)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @ArquillianResource
    @OperateOnDeployment(OrderDeployment.NAME)
    URL base;

    @Test
    void repeatedCustomerLookupSendsNoSql() throws Exception {
        try (var c = TestDatabase.connect()) {
            TestData.distributionCenter(c, CENTER);
            TestData.pricingMethod(c, CENTER, "0.1000");
            TestData.customer(c, CUSTOMER, CENTER, CENTER);
        }
        var api = new Api(base);
        try (var counters = new StatusCounters.Probe()) {
            lookups(api, counters);
        }
    }

    private static void lookups(Api api, StatusCounters.Probe counters) throws Exception {
        var before = counters.read();
        assertEquals(200, api.get("api/customers/" + CUSTOMER).status());
        var miss = counters.read().minus(before);
        assertEquals(1, miss.selects(), "a miss reads customer, pricing method and distribution center in one join");

        for (int i = 0; i < 3; i++) {
            before = counters.read();
            var reply = api.get("api/customers/" + CUSTOMER);
            var hit = counters.read().minus(before);
            assertEquals(200, reply.status());
            assertEquals(CENTER, reply.object().getJsonObject("distributionCenter").getInt("id"));
            assertEquals(0, hit.total(), "a hit sends no SQL at all: " + hit);
        }
    }
}

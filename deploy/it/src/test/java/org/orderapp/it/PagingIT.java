package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.URL;
import java.nio.ByteBuffer;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The stateful paging bean through the API: a search holds at most 500 rows, handed out 20 at a time forwards
 * and backwards; a new search reuses the same session's bean.
 */
@ExtendWith(ArquillianExtension.class)
class PagingIT {

    private static final int CENTER = 9500;
    private static final long CUSTOMER = 9_500_001L;
    private static final int ORDERS = 530;
    private static final Instant FIRST = Instant.parse("2025-01-01T00:00:00Z");

    @Deployment(testable = false, name = OrderDeployment.NAME)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @ArquillianResource
    @OperateOnDeployment(OrderDeployment.NAME)
    URL base;

    /** The expected order of results: newest first. Order i is placed i minutes after FIRST. */
    private final List<String> newestFirst = new ArrayList<>();

    @BeforeEach
    void manyOrders() throws Exception {
        try (var c = TestDatabase.connect()) {
            TestData.distributionCenter(c, CENTER);
            TestData.pricingMethod(c, CENTER, "0.2000");
            TestData.customer(c, CUSTOMER, CENTER, CENTER);
            TestData.exec(c, "DELETE FROM orders WHERE customer_id = " + CUSTOMER);
            c.setAutoCommit(false);
            try (var insert = c.prepareStatement("INSERT INTO orders (id, customer_id, distribution_center_id, order_date, "
                    + "total_amount, address_line1, city, state, zip_code) VALUES (?, ?, ?, ?, 1.00, 'a', 'b', 'OR', '97201')")) {
                for (int i = 0; i < ORDERS; i++) {
                    var id = UUID.randomUUID();
                    insert.setBytes(1, ByteBuffer.allocate(16).putLong(id.getMostSignificantBits())
                            .putLong(id.getLeastSignificantBits()).array());
                    insert.setLong(2, CUSTOMER);
                    insert.setInt(3, CENTER);
                    insert.setTimestamp(4, Timestamp.from(FIRST.plus(i, ChronoUnit.MINUTES)));
                    insert.addBatch();
                    newestFirst.add(0, id.toString());
                }
                insert.executeBatch();
            }
            c.commit();
        }
    }

    @Test
    void pagesOfTwentyForwardsAndBackwardsStoppingAt500() {
        var api = new Api(base);
        var page = api.post("api/browse/orders?customerid=" + CUSTOMER).object();
        assertPage(page, 1);
        assertEquals(500, page.getInt("totalRows"));
        assertEquals(25, page.getInt("pageCount"));
        assertTrue(page.getBoolean("truncated"), "530 orders found, 500 held");
        assertFalse(page.getBoolean("hasPrevious"));

        for (int n = 2; n <= 25; n++) {
            page = api.get("api/browse/next").object();
            assertPage(page, n);
        }
        assertFalse(page.getBoolean("hasNext"), "the 500th row is the last");
        assertPage(api.get("api/browse/next").object(), 25); // stays on the last page

        for (int n = 24; n >= 1; n--) {
            assertPage(api.get("api/browse/previous").object(), n);
        }
        assertPage(api.get("api/browse/previous").object(), 1); // stays on the first page
    }

    @Test
    void dateRangeAndNewSearchInTheSameSession() {
        var api = new Api(base);
        // Orders 100..139 (minutes after FIRST): 40 rows, two pages.
        var from = FIRST.plus(100, ChronoUnit.MINUTES);
        var to = FIRST.plus(140, ChronoUnit.MINUTES);
        var page = api.post("api/browse/orders?customerid=" + CUSTOMER + "&from=" + from + "&to=" + to).object();
        assertEquals(40, page.getInt("totalRows"));
        assertFalse(page.getBoolean("truncated"));
        assertEquals(newestFirst.get(ORDERS - 140), page.getJsonArray("items").getJsonObject(0).getString("id"));
        assertEquals(20, api.get("api/browse/next").object().getJsonArray("items").size());

        var products = api.post("api/browse/products?name=Nothing%20is%20called%20this").object();
        assertEquals(0, products.getInt("totalRows"), "a new search replaces the old one");
        assertEquals(0, api.get("api/browse/current").object().getJsonArray("items").size());
    }

    @Test
    void badSearchesAreRefusedNamingTheField() {
        var api = new Api(base);
        var reply = api.post("api/browse/orders?customerid=abc");
        assertEquals(400, reply.status());
        assertEquals("customerid", reply.object().getString("field"));
        reply = api.post("api/browse/orders?customerid=" + CUSTOMER + "&from=yesterday");
        assertEquals(400, reply.status());
        assertEquals("from", reply.object().getString("field"));
        reply = api.post("api/browse/products?name=");
        assertEquals(400, reply.status());
        assertEquals("name", reply.object().getString("field"));
    }

    private void assertPage(JsonObject page, int number) {
        assertEquals(number, page.getInt("number"));
        var items = page.getJsonArray("items");
        assertEquals(20, items.size());
        for (int i = 0; i < 20; i++) {
            assertEquals(newestFirst.get((number - 1) * 20 + i), items.getJsonObject(i).getString("id"),
                    "row " + i + " of page " + number);
        }
        assertEquals(number > 1, page.getBoolean("hasPrevious"));
    }
}

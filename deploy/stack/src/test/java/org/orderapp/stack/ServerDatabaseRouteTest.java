package org.orderapp.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.orderapp.stack.database.DatabaseTarget;

/** The server reaches its database straight, or through the db-hang link when asked and the database is one host. */
class ServerDatabaseRouteTest {

    private static final DatabaseTarget SINGLE = new DatabaseTarget("jdbc:mariadb://127.0.0.1:3399/order?x=1", "order", "secret");
    private static final DatabaseTarget CLUSTER = new DatabaseTarget("jdbc:mariadb:loadbalance://127.0.0.1:14010,127.0.0.1:14020/order",
            "order", "secret");

    private final List<String> said = new ArrayList<>();

    @Test
    void straightUnlessAsked() throws Exception {
        try (var route = new ServerDatabaseRoute()) {
            assertSame(SINGLE, route.open(SINGLE, said::add));
            assertTrue(route.link().isEmpty());
            assertTrue(said.isEmpty());
        }
    }

    @Test
    void throughALinkOnLoopbackWhenAsked() throws Exception {
        try (var route = new ServerDatabaseRoute()) {
            route.throughLink();
            DatabaseTarget server = route.open(SINGLE, said::add);

            int port = route.link().orElseThrow().port();
            assertEquals("jdbc:mariadb://127.0.0.1:" + port + "/order?x=1", server.url());
            assertEquals(SINGLE.user(), server.user());
            assertEquals(SINGLE.password(), server.password());
            assertTrue(said.get(0).contains("127.0.0.1:" + port), said.toString());
        }
    }

    @Test
    void aDatabaseOfSeveralHostsIsReachedStraightEvenWhenAsked() throws Exception {
        try (var route = new ServerDatabaseRoute()) {
            route.throughLink();
            assertSame(CLUSTER, route.open(CLUSTER, said::add));
            assertTrue(route.link().isEmpty());
        }
    }
}

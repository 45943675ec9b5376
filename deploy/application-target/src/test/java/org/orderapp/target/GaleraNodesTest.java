package org.orderapp.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GaleraNodesTest {

    @Test
    void aMultiHostUrlNamesEachNodeWithItsOwnUrl() {
        var nodes = GaleraNodes.of("jdbc:mysql:loadbalance://127.0.0.1:15010,127.0.0.1:15020,localhost/orderdb?sslMode=DISABLED")
                .orElseThrow();
        assertEquals(3, nodes.nodes().size());
        assertEquals(new GaleraNodes.Node("db2", "127.0.0.1", 15020, "jdbc:mysql://127.0.0.1:15020/orderdb?sslMode=DISABLED"),
                nodes.nodes().get(1));
        assertEquals(3306, nodes.nodes().get(2).port());
        assertEquals("db1", nodes.victim().name());
    }

    @Test
    void aSingleHostUrlNamesNoCluster() {
        assertTrue(GaleraNodes.of("jdbc:mysql://127.0.0.1:3306/orderdb?sslMode=DISABLED").isEmpty());
    }
}

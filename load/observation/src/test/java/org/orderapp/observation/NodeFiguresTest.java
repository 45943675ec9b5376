package org.orderapp.observation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A cluster's figures: each node's under its name, their sum under the plain name, and what each node did in a window. */
class NodeFiguresTest {

    @Test
    void eachNodeKeepsItsFiguresAndTheClusterGetsTheirSum() {
        Map<String, Map<String, Double>> byNode = new LinkedHashMap<>();
        byNode.put("node1", Map.of("ds.inUse", 3.0, "http.requests", 100.0, "cluster.viewSize", 2.0));
        byNode.put("node2", Map.of("ds.inUse", 5.0, "http.requests", 50.0, "cluster.viewSize", 2.0));
        var merged = NodeFigures.merge(byNode);
        assertEquals(3.0, merged.get("node.node1.ds.inUse"));
        assertEquals(8.0, merged.get("ds.inUse"));
        assertEquals(150.0, merged.get("http.requests"));
        assertFalse(merged.containsKey("cluster.viewSize"), "a view's size is a node's, not a sum");
        assertEquals(List.of("node1", "node2"), NodeFigures.nodes(merged.keySet()));
        assertEquals("ds.inUse", NodeFigures.figure("node.node2.ds.inUse"));
    }

    @Test
    void aNodeThatDidNotAnswerLeavesTheSumOutRatherThanMakingItDrop() {
        Map<String, Map<String, Double>> byNode = new LinkedHashMap<>();
        byNode.put("node1", Map.of("http.requests", 100.0));
        byNode.put("node2", Map.of());
        var merged = NodeFigures.merge(byNode);
        assertEquals(100.0, merged.get("node.node1.http.requests"));
        assertNull(merged.get("http.requests"));
    }

    @Test
    void aWindowGivesEachNodeItsThroughputCpuPerRequestAndHitRatio() {
        var first = new ServerSample(10, Map.of("node.node1.http.requests", 100.0, "node.node1.cpu.ms", 1000.0,
                "node.node1.cache.hits", 10.0, "node.node1.cache.misses", 10.0, "node.node1.sessions.active", 4.0));
        var last = new ServerSample(20, Map.of("node.node1.http.requests", 600.0, "node.node1.cpu.ms", 2000.0,
                "node.node1.cache.hits", 100.0, "node.node1.cache.misses", 10.0, "node.node1.sessions.active", 6.0));
        var window = ServerWindow.of(List.of(first, last), 500);
        assertEquals(50.0, window.get("node.node1.http.requestsPerSecond"), 1e-9);
        assertEquals(2.0, window.get("node.node1.cpu.msPerRequest"), 1e-9);
        assertEquals(1.0, window.get("node.node1.cache.hitRatio"), 1e-9, "90 hits, no miss in the window");
        assertEquals(5.0, window.get("node.node1.sessions.active.mean"), 1e-9, "sessions active is a gauge");
    }
}

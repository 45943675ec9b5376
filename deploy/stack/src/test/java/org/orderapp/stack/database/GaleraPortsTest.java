package org.orderapp.stack.database;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class GaleraPortsTest {

    @Test
    void theServersPortOffsetMovesTheNodesPorts() {
        var ports = GaleraPorts.of(List.of("jboss.socket.binding.port-offset=1000"));
        assertEquals(15010, ports.sql(1));
        assertEquals(15011, ports.replication(1));
        assertEquals(15012, ports.incrementalTransfer(1));
        assertEquals(15013, ports.stateTransfer(1));
        assertEquals(15030, ports.sql(3));
    }

    @Test
    void noTwoNodesShareAPortAndNoneIsADefaultOfMariaDbOrGalera() {
        var ports = GaleraPorts.of(List.of());
        Set<Integer> all = IntStream.rangeClosed(1, 5).boxed()
                .flatMap(n -> IntStream.of(ports.sql(n), ports.replication(n), ports.incrementalTransfer(n), ports.stateTransfer(n)).boxed())
                .collect(Collectors.toSet());
        assertEquals(20, all.size());
        for (int standard : new int[] {3306, 4444, 4567, 4568}) {
            assertEquals(false, all.contains(standard), "port " + standard);
        }
    }
}

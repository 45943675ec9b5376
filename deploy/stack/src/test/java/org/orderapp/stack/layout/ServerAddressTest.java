package org.orderapp.stack.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ServerAddressTest {

    @Test
    void theOptionWinsOverTheSettingWhichWinsOverTheDefault() {
        assertEquals(9000, ServerAddress.httpPort(9000, Optional.of("8500")));
        assertEquals(8500, ServerAddress.httpPort(null, Optional.of(" 8500 ")));
        assertEquals(8080, ServerAddress.httpPort(null, Optional.empty()));
    }

    @Test
    void aValueThatIsNoPortIsRefusedWithItsSource() {
        var notANumber = assertThrows(IllegalArgumentException.class,
                () -> ServerAddress.httpPort(null, Optional.of("eighty")));
        assertEquals("ORDER_HTTP_PORT must be a port number from 1 to 65535: eighty", notANumber.getMessage());
        var outOfRange = assertThrows(IllegalArgumentException.class, () -> ServerAddress.httpPort(70000, Optional.empty()));
        assertEquals("--http-port must be a port number from 1 to 65535: 70000", outOfRange.getMessage());
    }

    @Test
    void theOffsetMovesBothPorts() {
        assertEquals(new ServerAddress(8280, 10190), ServerAddress.of(8080, List.of("jboss.socket.binding.port-offset=200")));
        assertEquals(new ServerAddress(8080, 9990), ServerAddress.of(8080, List.of()));
    }

    @Test
    void portsNamedAsServerPropertiesWinAsInTheServer() {
        var address = ServerAddress.of(8080, List.of("-Djboss.management.http.port=9000", "ORDER_HTTP_PORT=7000",
                "jboss.socket.binding.port-offset=10"));
        assertEquals(new ServerAddress(7010, 9010), address);
        assertEquals("http://127.0.0.1:9010/management", address.managementUrl().toString());
    }

    @Test
    void withTlsTheApplicationIsNamedOnTheHttpsPortMovedByTheOffset() {
        var address = ServerAddress.of(8080, List.of("jboss.socket.binding.port-offset=5000", "order.tls.enabled=true"));
        assertEquals(new ServerAddress(13080, 14990, 13443), address);
        assertEquals("https://localhost:13443/Order/", address.applicationUrl().toString());
        assertEquals("http://localhost:13080/Order/", address.plainApplicationUrl().toString());
        assertEquals("http://localhost:13080/Order/", ServerAddress.of(8080, List.of("jboss.socket.binding.port-offset=5000",
                "order.tls.enabled=true", "order.tls.enabled=false")).applicationUrl().toString(), "the last setting wins");
    }

    @Test
    void aClusterNodeIsMovedFromTheBalancersOffsetByItsStep() {
        var balancer = List.of("jboss.socket.binding.port-offset=4100");
        assertEquals(new ServerAddress(12180, 14090), ServerAddress.of(8080, balancer));
        assertEquals(12190, ServerAddress.mcmpPort(balancer));
        assertEquals(new ServerAddress(12200, 14110), ServerAddress.of(8080, ServerAddress.nodeProperties(balancer, 1)));
        assertEquals(new ServerAddress(12220, 14130), ServerAddress.of(8080, ServerAddress.nodeProperties(balancer, 2)));
        assertEquals(new ServerAddress(8100, 10010), ServerAddress.of(8080, ServerAddress.nodeProperties(List.of(), 1)));
    }
}

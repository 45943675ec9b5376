package org.orderapp.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class HttpPortTest {

    @Test
    void theOptionWinsOverTheSettingWhichWinsOverTheDefault() {
        assertEquals(9000, RunCommand.httpPort(9000, Optional.of("8500")));
        assertEquals(8500, RunCommand.httpPort(null, Optional.of(" 8500 ")));
        assertEquals(8080, RunCommand.httpPort(null, Optional.empty()));
    }

    @Test
    void aValueThatIsNoPortIsRefusedWithItsSource() {
        var notANumber = assertThrows(IllegalArgumentException.class,
                () -> RunCommand.httpPort(null, Optional.of("eighty")));
        assertEquals("ORDER_HTTP_PORT must be a port number from 1 to 65535: eighty", notANumber.getMessage());
        var outOfRange = assertThrows(IllegalArgumentException.class, () -> RunCommand.httpPort(70000, Optional.empty()));
        assertEquals("--http-port must be a port number from 1 to 65535: 70000", outOfRange.getMessage());
    }
}

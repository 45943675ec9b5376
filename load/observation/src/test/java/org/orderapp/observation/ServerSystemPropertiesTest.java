package org.orderapp.observation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.jboss.dmr.ModelNode;
import org.junit.jupiter.api.Test;

/** The server JVM's system properties as its runtime platform MBean answers them, names and values as strings. */
class ServerSystemPropertiesTest {

    @Test
    void theRuntimesPropertiesAreReadAsTheyAre() {
        var runtime = new ModelNode();
        runtime.get("vm-name").set("OpenJDK 64-Bit Server VM");
        runtime.get("system-properties").get("java.home").set("/usr/lib/jvm/temurin-25");
        runtime.get("system-properties").get("order.db.allow-unsafe-durability").set("true");
        assertEquals(Map.of("java.home", "/usr/lib/jvm/temurin-25", "order.db.allow-unsafe-durability", "true"),
                ManagementReader.systemProperties(runtime));
        assertEquals(Map.of(), ManagementReader.systemProperties(new ModelNode()), "none answered: none");
    }
}

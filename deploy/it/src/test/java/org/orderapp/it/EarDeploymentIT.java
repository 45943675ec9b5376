package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.as.arquillian.container.ManagementClient;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(ArquillianExtension.class)
class EarDeploymentIT {

    @Deployment(testable = false, name = OrderDeployment.NAME)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @ArquillianResource
    ManagementClient management;

    @Test
    void earAndAllItsModulesAreUp() throws Exception {
        assertEquals("OK", Management.readResolved(management,
                Management.address("deployment", OrderDeployment.NAME), "status").asString());
        for (String module : new String[] {"order-ejb.jar", "order-batch.jar", "order-web.war"}) {
            // A subdeployment that failed would make the whole EAR fail; this also proves all three are packaged.
            assertTrue(Management.exists(management,
                    Management.address("deployment", OrderDeployment.NAME, "subdeployment", module)), module);
        }
    }

    @Test
    void webModuleIsServedAtSlashOrder() throws Exception {
        assertEquals("/Order", Management.readResolved(management, Management.address("deployment", OrderDeployment.NAME,
                "subdeployment", "order-web.war", "subsystem", "undertow"), "context-root").asString());
    }

    /**
     * The check in the EAR's lib/ is called (WildFly calls none of its modules') and counts what the broker holds on
     * ReplenishDLQ: none on a fresh server, and whatever other tests parked before on a shared one.
     */
    @Test
    void readinessReportsTheDeadLetterDepth() throws Exception {
        long parked = Management.readResolved(management, Management.address("subsystem", "messaging-activemq", "server",
                "default", "jms-queue", "ReplenishDLQ"), "message-count").asLong();
        ReadinessProbe.assertReadyWithDepth(management, parked);
    }

    @Test
    void serverRunsOnTheJdkTheBuildChose() throws Exception {
        String javaHome = Management.readResolved(management, Management.address("core-service", "platform-mbean", "type", "runtime"),
                "system-properties").get("java.home").asString();
        assertEquals(ServerJdk.home(), Path.of(javaHome).toRealPath(), "the server's java.home");
    }
}

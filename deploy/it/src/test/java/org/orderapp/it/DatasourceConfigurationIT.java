package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.as.arquillian.container.ManagementClient;
import org.jboss.dmr.ModelNode;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** What the deployed OrderDS really is, read back from the running server's management model. */
@ExtendWith(ArquillianExtension.class)
class DatasourceConfigurationIT {

    private static final ModelNode ORDER_DS = Management.address("subsystem", "datasources", "data-source", "OrderDS");

    @Deployment(testable = false, name = OrderDeployment.NAME)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @ArquillianResource
    ManagementClient management;

    @Test
    void rewriteBatchedStatementsIsOn() throws Exception {
        var property = Management.address("subsystem", "datasources", "data-source", "OrderDS",
                "connection-properties", "rewriteBatchedStatements");
        assertEquals("true", Management.readResolved(management, property, "value").asString());
    }

    @Test
    void preparedStatementCacheIsSizedAndShared() throws Exception {
        assertTrue(Management.readResolved(management, ORDER_DS, "prepared-statements-cache-size").asInt() > 0);
        assertTrue(Management.readResolved(management, ORDER_DS, "share-prepared-statements").asBoolean());
    }

    @Test
    void poolIsBoundedReadCommittedAndChecked() throws Exception {
        int min = Management.readResolved(management, ORDER_DS, "min-pool-size").asInt();
        int max = Management.readResolved(management, ORDER_DS, "max-pool-size").asInt();
        assertTrue(min > 0 && max >= min, "min " + min + ", max " + max);
        assertEquals("TRANSACTION_READ_COMMITTED", Management.readResolved(management, ORDER_DS, "transaction-isolation").asString());
        assertEquals("org.jboss.jca.adapters.jdbc.extensions.mysql.MySQLValidConnectionChecker",
                Management.readResolved(management, ORDER_DS, "valid-connection-checker-class-name").asString());
        assertEquals("org.jboss.jca.adapters.jdbc.extensions.mysql.MySQLExceptionSorter",
                Management.readResolved(management, ORDER_DS, "exception-sorter-class-name").asString());
        assertEquals("com.mysql", Management.readResolved(management,
                Management.address("subsystem", "datasources", "jdbc-driver", "mysql"), "driver-module-name").asString());
    }

    @Test
    void hibernateDialectMatchesTheServerFamily() throws Exception {
        // Connector/J calls every server "MySQL"; the dialect is chosen from the server's own version string.
        var family = TestDatabase.target().probe();
        var properties = Management.readResolved(management, Management.address("core-service", "platform-mbean",
                "type", "runtime"), "system-properties");
        assertEquals(family.hibernateDialect(), properties.get("order.db.dialect").asString(), family.version());
    }

    @Test
    void poolReallyConnectsToTheDatabase() throws Exception {
        var op = org.jboss.as.controller.client.helpers.Operations.createOperation("test-connection-in-pool", ORDER_DS);
        var result = management.getControllerClient().execute(op);
        assertTrue(org.jboss.as.controller.client.helpers.Operations.isSuccessfulOutcome(result), result.toString());
    }
}

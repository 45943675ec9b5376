package org.orderapp.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The cause a user reads when order.ear fails to deploy, taken from the deployment scanner's .failed file. */
class DeploymentFailureTest {

    /** The start of order.ear.failed for ./order run -D order.services.mode=jbdc, as WildFly 39 wrote it. */
    private static final String BAD_SETTING = """
            "{
                \\"WFLYCTL0080: Failed services\\" => {\\"jboss.deployment.subunit.\\\\\\"order.ear\\\\\\".\\\\\\"order-ejb.jar\\\\\\".component.SettingsCheck.START\\" => \\"java.lang.IllegalStateException: WFLYEE0042: Failed to construct component instance
                Caused by: java.lang.IllegalStateException: WFLYEE0042: Failed to construct component instance
                Caused by: jakarta.ejb.EJBException: java.lang.IllegalArgumentException: order.services.mode must be jpa or jdbc, not 'jbdc'
                Caused by: java.lang.IllegalArgumentException: order.services.mode must be jpa or jdbc, not 'jbdc'\\"},
                \\"WFLYCTL0412: Required services that are not installed:\\" => [
                    \\"jboss.naming.context.java.comp.order.order-batch.BatchPersistence\\",
            """;

    @Test
    void theRootCauseOfTheFailedServiceComesFirstAndAlone() {
        assertEquals("order.services.mode must be jpa or jdbc, not 'jbdc' (java.lang.IllegalArgumentException)",
                DeploymentFailure.rootCauses(BAD_SETTING));
    }

    @Test
    void eachFailedServiceGivesItsOwnRootCause() {
        String two = """
                "a" => "x
                    Caused by: java.lang.IllegalStateException: outer
                    Caused by: java.sql.SQLException: Access denied for user 'order'\\"},
                "b" => "y
                    Caused by: java.lang.NullPointerException\\"}
                """;
        assertEquals("Access denied for user 'order' (java.sql.SQLException)" + System.lineSeparator()
                + "java.lang.NullPointerException", DeploymentFailure.rootCauses(two));
    }

    @Test
    void withoutACauseTheDescriptionItselfIsShown() {
        String plain = "\"WFLYSRV0153: Failed to process phase PARSE of deployment \\\"order.ear\\\"\"";
        assertTrue(DeploymentFailure.rootCauses(plain).contains("WFLYSRV0153"));
    }
}

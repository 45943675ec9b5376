package org.orderapp.application;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The rules every setting is checked by at deployment; the defaults themselves pass them. */
class SettingsTest {

    @Test
    void theDefaultsPass() {
        Settings.checkAll();
        assertEquals("jpa", Settings.servicesMode());
        assertEquals(true, Settings.pessimisticStock());
    }

    @Test
    void aChoiceOutsideItsValuesIsRefusedByName() {
        assertEquals("jdbc", Settings.oneOf(Settings.SERVICES_MODE, "jdbc", "jpa", "jdbc"));
        var refused = assertThrows(IllegalArgumentException.class,
                () -> Settings.oneOf(Settings.INVENTORY_LOCKING, "optimstic", "pessimistic", "optimistic"));
        assertEquals("order.inventory.locking must be pessimistic or optimistic, not 'optimstic'", refused.getMessage(),
                "a typo is no longer taken for the default");
        assertThrows(IllegalArgumentException.class, () -> Settings.oneOf(Settings.SERVICES_MODE, "JDBC", "jpa", "jdbc"));
    }

    @Test
    void aCountBelowOneIsRefusedByName() {
        assertEquals(1, Settings.atLeastOne(Settings.MAX_LINES, 1));
        var refused = assertThrows(IllegalArgumentException.class, () -> Settings.atLeastOne(Settings.MAX_LINES, 0));
        assertEquals("order.max-lines must be at least 1, not 0", refused.getMessage());
    }
}

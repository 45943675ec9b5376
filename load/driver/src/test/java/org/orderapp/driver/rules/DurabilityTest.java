package org.orderapp.driver.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.orderapp.target.Target;

/** A run's durability is what the server's own system property says, and only an allowed unsafe database is warned of. */
class DurabilityTest {

    @Test
    void theServersPropertyDecides() {
        assertEquals(Durability.UNSAFE_ALLOWED, Durability.of(Optional.of(Map.of(Target.ALLOW_UNSAFE_DURABILITY, "true"))));
        assertEquals(Durability.CHECKED, Durability.of(Optional.of(Map.of(Target.ALLOW_UNSAFE_DURABILITY, "false"))));
        assertEquals(Durability.CHECKED, Durability.of(Optional.of(Map.of("java.home", "/jdk"))), "unset: the server checks");
        assertEquals(Durability.NOT_KNOWN, Durability.of(Optional.empty()), "properties not read: not known, never checked");
        for (String yes : new String[] {"TRUE", "1", "yes", "Y", "on"}) {
            assertEquals(Durability.UNSAFE_ALLOWED, Durability.of(Optional.of(Map.of(Target.ALLOW_UNSAFE_DURABILITY, yes))),
                    yes + ": true to MicroProfile Config, so the server is allowed");
        }
    }

    @Test
    void theLineAndTheWarning() {
        assertEquals("durability: checked", Durability.CHECKED.line());
        assertEquals("durability: UNSAFE allowed (--allow-unsafe-durability)", Durability.UNSAFE_ALLOWED.line());
        assertTrue(Durability.CHECKED.warning().isEmpty() && Durability.NOT_KNOWN.warning().isEmpty());
        assertTrue(Durability.UNSAFE_ALLOWED.warning().orElseThrow().startsWith("Not for publication: "));
        for (Durability d : Durability.values()) {
            assertEquals(d, Durability.ofLabel(d.label()), "read back as written");
        }
    }
}

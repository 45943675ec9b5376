package org.orderapp.driver.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** --fail-on's decision for every verdict a run can end with. */
class FailOnTest {

    @Test
    void invalidFailsABrokenRuleOrAFailedAudit() {
        assertEquals(0, FailOn.INVALID.exitStatus(true, false));
        assertEquals(1, FailOn.INVALID.exitStatus(false, false), "a broken run rule");
        assertEquals(1, FailOn.INVALID.exitStatus(false, true), "a failed audit (which also makes the run invalid)");
        assertEquals(1, FailOn.INVALID.exitStatus(true, true), "a failed audit, even were the run judged valid");
    }

    @Test
    void auditFailsOnlyAFailedAudit() {
        assertEquals(0, FailOn.AUDIT.exitStatus(true, false));
        assertEquals(0, FailOn.AUDIT.exitStatus(false, false), "a broken run rule alone passes");
        assertEquals(1, FailOn.AUDIT.exitStatus(false, true));
        assertEquals(1, FailOn.AUDIT.exitStatus(true, true));
    }

    @Test
    void neverFails() {
        for (boolean valid : new boolean[] {true, false}) {
            for (boolean auditFailed : new boolean[] {true, false}) {
                assertEquals(0, FailOn.NEVER.exitStatus(valid, auditFailed));
            }
        }
    }

    @Test
    void theWordsAreLowerCaseAndReadInAnyCase() {
        assertEquals(List.of("invalid", "audit", "never"), FailOn.words());
        assertEquals(FailOn.AUDIT, FailOn.of("audit"));
        assertEquals(FailOn.NEVER, FailOn.of("NEVER"));
        assertEquals("invalid", FailOn.INVALID.toString());
        var e = assertThrows(IllegalArgumentException.class, () -> FailOn.of("sometimes"));
        assertEquals("'sometimes' is none of invalid, audit, never", e.getMessage());
    }
}

package org.orderapp.lab.run;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.orderapp.driver.rules.FailOn;
import org.orderapp.lab.run.CatalogueRun.Outcome;
import org.orderapp.lab.run.CatalogueRun.Status;

/** ./order experiment all: which experiments make it exit 1 under each --fail-on. */
class CatalogueOutcomeTest {

    private static Outcome outcome(Status status, boolean auditFailed) {
        return new Outcome("locking", status, Duration.ofMinutes(1), "", auditFailed);
    }

    @Test
    void anExperimentThatFailedToRunFailsWhateverFailOnSays() {
        for (FailOn failOn : FailOn.values()) {
            assertTrue(outcome(Status.FAILED, false).fails(failOn), failOn.word());
        }
    }

    @Test
    void anInvalidRunFailsAsFailOnSays() {
        assertTrue(outcome(Status.INVALID, false).fails(FailOn.INVALID));
        assertFalse(outcome(Status.INVALID, false).fails(FailOn.AUDIT), "invalid, its audits passed");
        assertTrue(outcome(Status.INVALID, true).fails(FailOn.AUDIT));
        assertFalse(outcome(Status.INVALID, true).fails(FailOn.NEVER));
    }

    @Test
    void validNotRunAndCheckedNeverFail() {
        for (Status status : new Status[] {Status.VALID, Status.NOT_RUN, Status.CHECKED}) {
            for (FailOn failOn : FailOn.values()) {
                assertFalse(outcome(status, false).fails(failOn), status + " " + failOn.word());
            }
        }
    }
}

package org.orderapp.lab.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.orderapp.driver.engine.StepResult;
import org.orderapp.observation.ServerWindow;

/** Conflicts, retries, refused orders and lock waits per second, from the counters where each happens. */
class ContentionFiguresTest {

    private static StepResult window(double seconds, Map<String, Long> errors) {
        return new StepResult(1, 0, 20, "20 users", 0, seconds, Map.of(), Map.of(), errors, Map.of(), 0, 0, List.of(), null);
    }

    @Test
    void retriesAreConflictsLessRefusedOrders() {
        var f = ContentionFigures.of(window(10, Map.of("NewOrder: HTTP 409", 30L, "NewOrder: timeout", 4L)),
                new ServerWindow(Map.of("jta.aborted.delta", 50.0, "db.Innodb_row_lock_waits.delta", 7.0)));
        assertEquals(5.0, f.get(ContentionFigures.CONFLICTS), 1e-9, "50 rolled back in 10 s");
        assertEquals(3.0, f.get(ContentionFigures.REFUSED_ORDERS), 1e-9, "only the 409s are refused orders");
        assertEquals(2.0, f.get(ContentionFigures.RETRIES), 1e-9);
        assertEquals(0.7, f.get(ContentionFigures.ROW_LOCK_WAITS), 1e-9);
    }

    @Test
    void aFigureWhoseSourceWasNotReadIsLeftOut() {
        var f = ContentionFigures.of(window(10, Map.of()), new ServerWindow(Map.of()));
        assertEquals(Map.of(ContentionFigures.REFUSED_ORDERS, 0.0), f, "the driver's own count is always there");
        assertFalse(f.containsKey(ContentionFigures.CONFLICTS));
    }

    @Test
    void theComparisonGivesTheirMeansOverValidRounds() {
        var d = new ExperimentDefinition("locking", "a against b", null, null, null, null, Map.of(), 2, "a",
                List.of(Variant.named("a", null), Variant.named("b", null)));
        var observations = List.of(
                run(1, 1, "a", 0), run(2, 1, "b", 4), run(3, 2, "b", 6), run(4, 2, "a", 0));
        var c = Comparison.of(d, new Comparison.Context("cmd", "s", "f", Map.of(), "w", false, List.of()), observations);
        var b = c.variants().get(1).steps().get(0).figures().get(ContentionFigures.CONFLICTS);
        assertEquals(5.0, b.mean(), 1e-9);
        assertEquals(2, b.n());
        assertEquals(2, b.ci95().size());
        assertEquals(0.0, c.variants().get(0).steps().get(0).figures().get(ContentionFigures.CONFLICTS).mean(), 1e-9);
    }

    private static Observation run(int sequence, int round, String variant, double conflicts) {
        return new Observation(sequence, round, variant, null, true, List.of(), List.of(new Observation.StepFigures(20, "20 users",
                100.0, 50.0, 10.0, Map.of(), Map.of(), Map.of(ContentionFigures.CONFLICTS, conflicts))));
    }
}

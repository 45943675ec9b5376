package org.orderapp.lab.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.orderapp.target.Target;

/** Each variant's durability, by the option or its own property, and what the comparison notes of it. */
class VariantDurabilityTest {

    private static final Variant CONTROL = Variant.named("a", null);
    private static final Variant UNSAFE = new Variant("b", null, null, Map.of(Target.ALLOW_UNSAFE_DURABILITY, "true"),
            List.of(), List.of(), null);

    @Test
    void everyVariantCheckedIsNotNoted() {
        var d = definition(CONTROL, Variant.named("b", null));
        assertEquals(Map.of("a", "checked", "b", "checked"), VariantDurability.labels(d, false));
        assertTrue(VariantDurability.notes(d, false).isEmpty());
    }

    @Test
    void theOptionMakesEveryVariantUnsafeAndTheComparisonNotForPublication() {
        var d = definition(CONTROL, Variant.named("b", null));
        assertEquals(Map.of("a", "UNSAFE allowed (--allow-unsafe-durability)", "b", "UNSAFE allowed (--allow-unsafe-durability)"),
                VariantDurability.labels(d, true));
        var notes = VariantDurability.notes(d, true);
        assertEquals(1, notes.size());
        assertTrue(notes.get(0).startsWith("Not for publication: durability UNSAFE allowed (--allow-unsafe-durability) for every "
                + "variant.") && notes.get(0).contains("compare with no durable run"), notes.get(0));
    }

    @Test
    void aVariantOfItsOwnIsNamedAgainstTheControl() {
        var d = definition(CONTROL, UNSAFE);
        assertEquals(Map.of("a", "checked", "b", "UNSAFE allowed (--allow-unsafe-durability)"), VariantDurability.labels(d, false));
        String note = VariantDurability.notes(d, false).get(0);
        assertTrue(note.startsWith("Durability differs between the variants: UNSAFE allowed for b, checked for a.")
                && note.contains("of an unsafe variant against the control a measures durability along with the setting"), note);
    }

    private static ExperimentDefinition definition(Variant... variants) {
        return new ExperimentDefinition("demo", "a against b", null, null, null, null, Map.of(), 1, "a", List.of(variants));
    }
}

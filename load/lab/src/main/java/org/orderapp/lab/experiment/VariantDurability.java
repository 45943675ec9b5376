package org.orderapp.lab.experiment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.orderapp.driver.rules.Durability;
import org.orderapp.target.Target;

/**
 * Each variant's durability as its servers start: allowed an unsafe database by the experiment's
 * --allow-unsafe-durability or by the variant's own -D property, else checked. A comparison says so when a variant is
 * unsafe: all of them, and their figures compare with no durable run; some, and their ratios measure durability too.
 */
public final class VariantDurability {

    private VariantDurability() {
    }

    /** Variant name → its durability, in the definition's order. */
    public static Map<String, Durability> of(ExperimentDefinition definition, boolean allowedForAll) {
        Map<String, Durability> byVariant = new LinkedHashMap<>();
        definition.variants().forEach(v -> byVariant.put(v.name(), Durability.allowed(allowedForAll
                || Durability.allows(v.properties().get(Target.ALLOW_UNSAFE_DURABILITY)))));
        return byVariant;
    }

    /** experiment.json's record: variant name → "checked" or "UNSAFE allowed (--allow-unsafe-durability)". */
    public static Map<String, String> labels(ExperimentDefinition definition, boolean allowedForAll) {
        Map<String, String> labels = new LinkedHashMap<>();
        of(definition, allowedForAll).forEach((name, d) -> labels.put(name, d.label()));
        return labels;
    }

    /** The comparison's notes on durability: none when every variant is checked. */
    public static List<String> notes(ExperimentDefinition definition, boolean allowedForAll) {
        var byVariant = of(definition, allowedForAll);
        var unsafe = byVariant.entrySet().stream().filter(e -> e.getValue().unsafe()).map(Map.Entry::getKey).toList();
        var notes = new ArrayList<String>();
        if (unsafe.isEmpty()) {
            return notes;
        }
        if (unsafe.size() == byVariant.size()) {
            notes.add("Not for publication: durability UNSAFE allowed (--allow-unsafe-durability) for every variant. Their servers "
                    + "were allowed a database that may lose committed transactions in a crash: the variants compare with each "
                    + "other, but these figures compare with no durable run.");
        } else {
            String control = definition.controlOrDefault();
            notes.add("Durability differs between the variants: UNSAFE allowed for " + String.join(", ", unsafe) + ", checked for "
                    + String.join(", ", byVariant.keySet().stream().filter(n -> !unsafe.contains(n)).toList()) + ". A server allowed "
                    + "a database that may lose committed transactions commits for less, so a ratio " + (unsafe.contains(control)
                    ? "against the control " + control + " (unsafe)" : "of an unsafe variant against the control " + control)
                    + " measures durability along with the setting; not for publication as the setting's effect.");
        }
        return notes;
    }
}

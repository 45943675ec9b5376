package org.orderapp.lab.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.orderapp.lab.experiment.Variant;

/** A run of an experiment by rounds: its place in the execution order, its round and variant. */
record PlannedRun(int sequence, int round, Variant variant) {

    /** The balanced order: odd rounds in the definition's order of variants, even rounds reversed (A B, B A, A B ...). */
    static List<PlannedRun> balanced(List<Variant> variants, int rounds) {
        var plan = new ArrayList<PlannedRun>();
        for (int round = 1; round <= rounds; round++) {
            var order = new ArrayList<>(variants);
            if (round % 2 == 0) {
                Collections.reverse(order);
            }
            for (Variant v : order) {
                plan.add(new PlannedRun(plan.size() + 1, round, v));
            }
        }
        return plan;
    }
}

package org.orderapp.load.lab;

import org.orderapp.load.Target;
import org.orderapp.load.experiment.ExperimentDefinition.Variant;

/**
 * A variant whose server runs for the whole experiment: where it is, and which database it writes (variants that share
 * one are audited together at the end).
 */
public record ResidentVariant(Variant variant, Target target, String database) {

    public String name() {
        return variant.name();
    }
}

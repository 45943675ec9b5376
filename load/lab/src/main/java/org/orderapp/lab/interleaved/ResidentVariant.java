package org.orderapp.lab.interleaved;

import org.orderapp.lab.experiment.Variant;
import org.orderapp.target.Target;

/**
 * A variant whose server runs for the whole experiment: where it is, and which database it writes (variants that share
 * one are audited together at the end).
 */
public record ResidentVariant(Variant variant, Target target, String database) {

    public String name() {
        return variant.name();
    }
}

package org.orderapp.driver.rules;

import java.util.List;

/** Whether a run met its rules, and if not, every rule it broke, in words. */
public record Validity(boolean valid, List<String> reasons) {

    public Validity {
        reasons = List.copyOf(reasons);
    }

    public static Validity of(List<String> reasons) {
        return new Validity(reasons.isEmpty(), reasons);
    }
}

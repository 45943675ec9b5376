package org.orderapp.driver.rules;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * When a load or an experiment ends with exit status 1, for CI: the one definition of the words --fail-on takes.
 * Failing to run at all is another matter (a bad option exits 2, a run that could not finish 1, whatever this says).
 */
public enum FailOn {

    /** A run that broke its run rules (INVALID: a failed or skipped audit is one of them) or failed its audit. */
    INVALID,
    /** Only a failed audit: a run too short or too loaded to meet its limits still passes. */
    AUDIT,
    /** Never: the verdict is in the run folder, the exit status 0. */
    NEVER;

    /** The word on the command line. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Every word, in order. */
    public static List<String> words() {
        return Arrays.stream(values()).map(FailOn::word).toList();
    }

    public static FailOn of(String word) {
        return Arrays.stream(values()).filter(f -> f.word().equals(word.strip().toLowerCase(Locale.ROOT))).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("'" + word + "' is none of " + String.join(", ", words())));
    }

    /** Whether a run (or an experiment's runs) with this verdict fails. */
    public boolean fails(boolean valid, boolean auditFailed) {
        return switch (this) {
            case INVALID -> !valid || auditFailed;
            case AUDIT -> auditFailed;
            case NEVER -> false;
        };
    }

    /** 1 when the verdict fails, else 0. */
    public int exitStatus(boolean valid, boolean auditFailed) {
        return fails(valid, auditFailed) ? 1 : 0;
    }

    @Override
    public String toString() {
        return word(); // as --help shows the default
    }
}

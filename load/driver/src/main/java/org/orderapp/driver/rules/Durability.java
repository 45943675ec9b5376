package org.orderapp.driver.rules;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.orderapp.target.Target;

/**
 * Whether the measured server refuses a database that may lose committed transactions in a crash, as the server itself
 * answers (its system property {@link Target#ALLOW_UNSAFE_DURABILITY}), whoever started it. A run allowed an unsafe
 * database is not comparable with a durable one: a commit that skips its flush costs less, and orders answered 201 may
 * be lost. The run rules judge how a run went, so such a run can still be VALID; its report says in its head that it
 * is not for publication, and its row in history.csv forms a series of its own.
 */
public enum Durability {

    /** The server checked its database at its start and would have refused one that may lose committed transactions. */
    CHECKED("checked"),
    /** The server was allowed to run on a database that may lose committed transactions (--allow-unsafe-durability). */
    UNSAFE_ALLOWED("UNSAFE allowed (--allow-unsafe-durability)"),
    /** The server's system properties could not be read. */
    NOT_KNOWN("not known (the server's system properties could not be read)");

    private final String label;

    Durability(String label) {
        this.label = label;
    }

    /** Words MicroProfile Config reads as true (its Boolean converter, case ignored), as the server reads the property. */
    private static final Set<String> TRUE = Set.of("true", "1", "yes", "y", "on");

    /** From the server's system properties; empty: they could not be read. */
    public static Durability of(Optional<Map<String, String>> serverProperties) {
        return serverProperties.map(p -> allowed(allows(p.get(Target.ALLOW_UNSAFE_DURABILITY)))).orElse(NOT_KNOWN);
    }

    /** Whether the property's value (null: unset) allows an unsafe database, as the server reads it. */
    public static boolean allows(String value) {
        return value != null && TRUE.contains(value.strip().toLowerCase(Locale.ROOT));
    }

    /** The durability of servers started with (true) or without the allowance. */
    public static Durability allowed(boolean unsafe) {
        return unsafe ? UNSAFE_ALLOWED : CHECKED;
    }

    /** As config.json and summary.json hold it: "checked", "UNSAFE allowed (--allow-unsafe-durability)", "not known (...)". */
    @JsonValue
    public String label() {
        return label;
    }

    @JsonCreator
    public static Durability ofLabel(String label) {
        return Arrays.stream(values()).filter(d -> d.label.equals(label)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no durability '" + label + "'"));
    }

    public boolean unsafe() {
        return this == UNSAFE_ALLOWED;
    }

    /** "durability: checked", the line every report prints. */
    public String line() {
        return "durability: " + label;
    }

    /** What a report puts first when the run is not comparable with a durable one; empty otherwise. */
    public Optional<String> warning() {
        return unsafe() ? Optional.of("Not for publication: durability UNSAFE allowed (--allow-unsafe-durability). The server "
                + "was allowed a database that may lose committed transactions in a crash (innodb_flush_log_at_trx_commit, or "
                + "sync_binlog with the binary log on, other than 1), which it otherwise refuses: a commit that skips its flush "
                + "costs less, so these figures compare with no durable run.") : Optional.empty();
    }
}

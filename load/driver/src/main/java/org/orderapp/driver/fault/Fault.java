package org.orderapp.driver.fault;

import com.fasterxml.jackson.annotation.JsonValue;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A fault injected during a load run: what, when (seconds since the run started, the report timeline's clock) and
 * for how long. Written KIND@TIME[:DURATION], e.g. db-stall@60s:15s.
 */
public record Fault(Kind kind, Duration at, Duration duration) {

    /** The faults a run can inject, each with the duration it has when none is given. */
    public enum Kind {
        /** The database process stopped (SIGSTOP) and resumed (SIGCONT): a database that hangs, then recovers. */
        DB_STALL("db-stall", Duration.ofSeconds(15)),
        /**
         * The link between the server and the database drops everything for the duration, then heals: a network
         * partition, with both processes running. Needs a stack whose server reaches the database through the driver
         * process's DatabaseLink (an experiment's).
         */
        DB_HANG("db-hang", Duration.ofSeconds(15)),
        /** The database process killed (SIGKILL); ./order run (or the experiment) starts it again on the same data. */
        DB_RESTART("db-restart", null),
        /** The server JVM killed (SIGKILL) mid-load; ./order run (or the experiment) starts it again. */
        SERVER_KILL("server-kill", null),
        /** One replenish message the MDB cannot process, sent through the admin API; it must end on ReplenishDLQ. */
        POISON("poison", null),
        /**
         * A node of a cluster killed (SIGKILL): its first node; the load balancer moves its users to the others, and
         * ./order run (or the experiment) starts it again once the others have dropped it.
         */
        NODE_KILL("node-kill", null),
        /**
         * A node of a database cluster killed (SIGKILL): its first node; the other nodes go on taking transactions, and
         * ./order run (or the experiment) starts it again, to catch up by incremental state transfer.
         */
        DB_NODE_KILL("db-node-kill", null),
        /** A node of a database cluster (its first) cut off from the others, then healed: {@link DatabasePartition}. */
        DB_PARTITION("db-partition", Duration.ofSeconds(30));

        private final String label;
        /** Null: the fault is an instant (a kill), with no duration. */
        private final Duration defaultDuration;

        Kind(String label, Duration defaultDuration) {
            this.label = label;
            this.defaultDuration = defaultDuration;
        }

        @JsonValue
        public String label() {
            return label;
        }

        public boolean lasting() {
            return defaultDuration != null;
        }

        static Kind of(String label) {
            return Arrays.stream(values()).filter(k -> k.label.equals(label.toLowerCase(Locale.ROOT))).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown fault '" + label + "'; known: "
                            + Arrays.stream(values()).map(Kind::label).collect(Collectors.joining(", "))));
        }
    }

    public Fault {
        if (at.isNegative()) {
            throw new IllegalArgumentException("a fault needs a time of 0 s or later");
        }
        if (kind.lasting() ? duration == null || duration.isNegative() || duration.isZero() : duration != null) {
            throw new IllegalArgumentException(kind.lasting() ? kind.label + " needs a positive duration"
                    : kind.label + " is an instant and takes no duration");
        }
    }

    /** KIND@TIME[:DURATION], the durations read by the command line's own converter (30s, 2m, 1500ms). */
    public static Fault parse(String spec, Function<String, Duration> durations) {
        int atSign = spec.indexOf('@');
        if (atSign <= 0) {
            throw new IllegalArgumentException("a fault is KIND@TIME[:DURATION], e.g. db-stall@60s:15s; got '" + spec + "'");
        }
        Kind kind = Kind.of(spec.substring(0, atSign).trim());
        String when = spec.substring(atSign + 1);
        int colon = when.indexOf(':');
        Duration at = durations.apply(colon < 0 ? when : when.substring(0, colon));
        Duration duration = colon < 0 ? kind.defaultDuration : durations.apply(when.substring(colon + 1));
        return new Fault(kind, at, duration);
    }

    @Override
    public String toString() {
        return kind.label + "@" + at.toMillis() / 1000.0 + "s" + (duration == null ? "" : ":" + duration.toMillis() / 1000.0 + "s");
    }
}

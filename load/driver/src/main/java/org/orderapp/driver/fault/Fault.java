package org.orderapp.driver.fault;

import com.fasterxml.jackson.annotation.JsonValue;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A fault injected during a load run: what, when (seconds since the run started, the report timeline's clock) and
 * for how long, or how many times. Written KIND@TIME[:DURATION], e.g. db-stall@60s:15s, or KIND@TIME[:COUNT] for a
 * fault repeated in a row, e.g. server-kill-in-commit@60s:20.
 */
public record Fault(Kind kind, Duration at, Duration duration, int count) {

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
        DB_PARTITION("db-partition", Duration.ofSeconds(30)),
        /**
         * The server JVM halted inside an order's commit, COUNT times in a row, each once the restarted server takes
         * orders again ({@link CommitKills}). Needs a server started with order.faults.halt-in-commit=true (an
         * experiment's server is, when its load has this fault).
         */
        SERVER_KILL_IN_COMMIT("server-kill-in-commit", 1),
        /**
         * The filesystem of the database's data directory filled for the duration, then emptied ({@link DiskFill}).
         * Needs a data directory on a small filesystem of its own (an experiment's stack mounts one, as root).
         */
        DB_DISK_FULL("db-disk-full", Duration.ofSeconds(15));

        private final String label;
        /** Null: the fault is an instant (a kill), with no duration. */
        private final Duration defaultDuration;
        /** 0: the fault happens once; more: it is repeated, this many times when no count is given. */
        private final int defaultCount;

        Kind(String label, Duration defaultDuration) {
            this.label = label;
            this.defaultDuration = defaultDuration;
            this.defaultCount = 0;
        }

        Kind(String label, int defaultCount) {
            this.label = label;
            this.defaultDuration = null;
            this.defaultCount = defaultCount;
        }

        /** Whether the fault takes a count (KIND@TIME:COUNT) instead of a duration. */
        public boolean counted() {
            return defaultCount > 0;
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

    /** A fault that happens once. */
    public Fault(Kind kind, Duration at, Duration duration) {
        this(kind, at, duration, 1);
    }

    public Fault {
        if (count < 1 || count > 1 && !kind.counted()) {
            throw new IllegalArgumentException(kind.counted() ? kind.label + " needs a count of at least 1"
                    : kind.label + " happens once and takes no count");
        }
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
        if (kind.counted()) {
            return new Fault(kind, at, null, colon < 0 ? kind.defaultCount : count(kind, when.substring(colon + 1)));
        }
        Duration duration = colon < 0 ? kind.defaultDuration : durations.apply(when.substring(colon + 1));
        return new Fault(kind, at, duration);
    }

    /**
     * How many times this fault kills, or may kill, a process that the stack's supervisor then starts again: one for a
     * kill, COUNT for the kills in a row of server-kill-in-commit, one per two seconds of a full disk (mariadbd aborts
     * when a rollback finds no space, and may again at its next start rolling the same transaction back: twice within
     * ten seconds in a run of CommitFaultIT, see docs/faults.md), none for the faults that leave every process running.
     */
    public int restartsCaused() {
        return switch (kind) {
            case DB_RESTART, SERVER_KILL, NODE_KILL, DB_NODE_KILL -> 1;
            case SERVER_KILL_IN_COMMIT -> count;
            case DB_DISK_FULL -> (int) Math.ceil(duration.toMillis() / 2000.0);
            default -> 0;
        };
    }

    private static int count(Kind kind, String text) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(kind.label + " is KIND@TIME[:COUNT], a whole number of times, e.g. "
                    + kind.label + "@60s:20; got '" + text + "'");
        }
    }

    @Override
    public String toString() {
        return kind.label + "@" + at.toMillis() / 1000.0 + "s" + (duration == null ? "" : ":" + duration.toMillis() / 1000.0 + "s")
                + (kind.counted() ? ":" + count : "");
    }
}

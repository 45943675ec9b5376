package org.orderapp.application;

import java.util.List;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The application's settings, read through MicroProfile Config. Each default is written once, in this module's
 * META-INF/microprofile-config.properties; a system property ({@code -Dorder.max-lines=20}) overrides it. Read
 * once per bean instance or at class initialisation, never per request.
 */
public final class Settings {

    /** Most lines in one order. */
    public static final String MAX_LINES = "order.max-lines";
    /** Largest quantity on one line. */
    public static final String MAX_QUANTITY = "order.max-quantity";
    /** Attempts per order under optimistic-lock conflicts before it is refused (409). */
    public static final String MAX_ATTEMPTS = "order.max-attempts";
    /** pessimistic or optimistic: how concurrent orders for the same stock are kept apart. */
    public static final String INVENTORY_LOCKING = "order.inventory.locking";
    /** jpa or jdbc: which implementation of NewOrder and OrderInquiry serves the run (see ServiceImplementations). */
    public static final String SERVICES_MODE = "order.services.mode";
    /** How many recent orders an inquiry returns. */
    public static final String RECENT_ORDERS = "order.inquiry.recent-orders";
    /** The largest request body the web module takes, in bytes. */
    public static final String MAX_BODY_BYTES = "order.web.max-body-bytes";
    /**
     * A test instrument of the experiment runner's calibration, never a tuning: CPU microseconds every request spins
     * before it is served, from the start (0, the default: none). The lab checks that it finds what this injects.
     */
    public static final String CALIBRATION_SPIN_MICROS = "order.calibration.spin-micros";
    /**
     * A test instrument, never a tuning: true lets an administrator switch the calibration spin of this running server
     * ({@link CalibrationSpin}); false, the default, refuses it, so that no server outside the lab can be slowed so.
     */
    public static final String CALIBRATION_RUNTIME_SWITCH = "order.calibration.runtime-switch";
    /** The most a calibration may spin per request: 100 ms. */
    public static final long MAX_SPIN_MICROS = 100_000;
    /**
     * A test instrument of the fault server-kill-in-commit, never a tuning: true lets an administrator halt this
     * server's JVM inside an order's commit ({@link CommitFaults}); false, the default, refuses it.
     */
    public static final String FAULTS_HALT_IN_COMMIT = "order.faults.halt-in-commit";
    /** How long an order's idempotency key is honoured, in hours. */
    public static final String IDEMPOTENCY_RETENTION_HOURS = "order.idempotency.retention-hours";
    /** outbox or jms: how an order's replenish requests reach the queue (see ReplenishRequests). */
    public static final String REPLENISH_DELIVERY = "order.replenish.delivery";
    /** How often the outbox relay looks for requests to publish, in milliseconds. */
    public static final String RELAY_INTERVAL_MILLIS = "order.replenish.relay-interval-ms";
    /** How long the outbox relay's lease lasts unless renewed, in seconds: a dead node's relay is replaced after it. */
    public static final String RELAY_LEASE_SECONDS = "order.replenish.relay-lease-seconds";
    /** true lets the application start on a database that may lose committed transactions (see DurabilityCheck). */
    public static final String ALLOW_UNSAFE_DURABILITY = "order.db.allow-unsafe-durability";
    /** The replenish MDB's sessions, set by the server's configuration (no default here: unknown elsewhere). */
    public static final String REPLENISH_SESSIONS = "order.replenish.sessions";

    private Settings() {
    }

    /**
     * This module's configuration, whichever module asks: the defaults file is found through this module's class
     * loader, not through the caller's.
     */
    public static Config config() {
        return ConfigProvider.getConfig(Settings.class.getClassLoader());
    }

    /** A count or a size: a whole number of at least 1. */
    public static int integer(String name) {
        return (int) atLeastOne(name, config().getValue(name, Integer.class));
    }

    public static long longValue(String name) {
        return atLeastOne(name, config().getValue(name, Long.class));
    }

    public static String string(String name) {
        return config().getValue(name, String.class);
    }

    /** Whether stock rows are locked when read (order.inventory.locking pessimistic) rather than only version-checked. */
    public static boolean pessimisticStock() {
        return oneOf(INVENTORY_LOCKING, string(INVENTORY_LOCKING), "pessimistic", "optimistic").equals("pessimistic");
    }

    /** jpa or jdbc (order.services.mode). */
    public static String servicesMode() {
        return oneOf(SERVICES_MODE, string(SERVICES_MODE), "jpa", "jdbc");
    }

    /** Whether orders write their replenish requests to the outbox (order.replenish.delivery outbox) or send them. */
    public static boolean replenishThroughOutbox() {
        return oneOf(REPLENISH_DELIVERY, string(REPLENISH_DELIVERY), "outbox", "jms").equals("outbox");
    }

    public static boolean allowUnsafeDurability() {
        return config().getValue(ALLOW_UNSAFE_DURABILITY, Boolean.class);
    }

    /** order.calibration.spin-micros: from 0 (no spin) to 100,000. */
    public static long calibrationSpinMicros() {
        return spinMicros(CALIBRATION_SPIN_MICROS, config().getValue(CALIBRATION_SPIN_MICROS, Long.class));
    }

    /**
     * A calibration spin checked, at start or switched at runtime: 0 to 100,000 µs.
     *
     * @param name what the value came as, for the message (the setting, or the admin operation's parameter)
     */
    public static long spinMicros(String name, long micros) {
        if (micros < 0 || micros > MAX_SPIN_MICROS) {
            throw new IllegalArgumentException(name + " must be from 0 to " + MAX_SPIN_MICROS + " CPU microseconds, not " + micros);
        }
        return micros;
    }

    /**
     * Reads every setting this module defines, so that a bad value (-D order.services.mode=jbdc) fails the deployment
     * with a message naming it, rather than the first request that reads it or, worse, being taken for the default.
     */
    public static void checkAll() {
        for (String count : List.of(MAX_LINES, MAX_QUANTITY, MAX_ATTEMPTS, RECENT_ORDERS, IDEMPOTENCY_RETENTION_HOURS,
                RELAY_INTERVAL_MILLIS, RELAY_LEASE_SECONDS)) {
            integer(count);
        }
        longValue(MAX_BODY_BYTES);
        pessimisticStock();
        servicesMode();
        replenishThroughOutbox();
        allowUnsafeDurability();
        calibrationSpinMicros();
        config().getValue(CALIBRATION_RUNTIME_SWITCH, Boolean.class);
        config().getValue(FAULTS_HALT_IN_COMMIT, Boolean.class);
    }

    static String oneOf(String name, String value, String... allowed) {
        if (!List.of(allowed).contains(value)) {
            throw new IllegalArgumentException(name + " must be " + String.join(" or ", allowed) + ", not '" + value + "'");
        }
        return value;
    }

    static long atLeastOne(String name, long value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be at least 1, not " + value);
        }
        return value;
    }
}

package org.orderapp.application;

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

    public static int integer(String name) {
        return config().getValue(name, Integer.class);
    }

    public static long longValue(String name) {
        return config().getValue(name, Long.class);
    }

    public static String string(String name) {
        return config().getValue(name, String.class);
    }

    /** Whether stock rows are locked when read (order.inventory.locking pessimistic) rather than only version-checked. */
    public static boolean pessimisticStock() {
        return !"optimistic".equalsIgnoreCase(string(INVENTORY_LOCKING));
    }
}

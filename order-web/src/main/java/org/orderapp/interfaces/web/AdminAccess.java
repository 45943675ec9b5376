package org.orderapp.interfaces.web;

import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Whether anyone can be an administrator on this server. The admin operations are protected by web.xml's
 * security constraints (role order-admin); a container started without an admin password has no admin user,
 * and says so with 403 and how to turn administration on, instead of asking for credentials nobody has.
 */
final class AdminAccess {

    static final String ROLE = "order-admin";

    static final String OFF = "administration is off on this server: no admin password was given. Start the container "
            + "with ORDER_ADMIN_PASSWORD or ORDER_ADMIN_PASSWORD_FILE (user admin) to turn it on";

    private AdminAccess() {
    }

    /** order.admin.enabled, true unless the container's entrypoint found no password. */
    static boolean enabled() {
        return ConfigProvider.getConfig().getOptionalValue("order.admin.enabled", Boolean.class).orElse(true);
    }
}

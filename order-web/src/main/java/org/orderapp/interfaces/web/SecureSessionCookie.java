package org.orderapp.interfaces.web;

import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * With order.tls.enabled=true (the server serves HTTPS; tls.cli defines it) the session cookie is Secure: a browser
 * sends it over HTTPS only. Set here, as the module starts: the servlet container's session-cookie setting did not
 * reach the cookie of this module, whose web.xml has a cookie-config (HttpOnly), and web.xml cannot say it per server.
 */
@WebListener
public class SecureSessionCookie implements ServletContextListener {

    @Override
    public void contextInitialized(ServletContextEvent event) {
        if (ConfigProvider.getConfig().getOptionalValue("order.tls.enabled", Boolean.class).orElse(false)) {
            event.getServletContext().getSessionCookieConfig().setSecure(true);
        }
    }
}

package org.orderapp.interfaces.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * With order.tls.redirect=true (the server's tls.cli defines it), a plain HTTP request is sent to the same path
 * over HTTPS: 301 for GET and HEAD, 308 for the rest, so that a POST is repeated as a POST. The HTTPS port is the
 * server's https socket binding: jboss.https.port (8443) plus the port offset.
 */
@WebFilter(filterName = "HttpsRedirect", urlPatterns = "/*")
public class HttpsRedirectFilter extends HttpFilter {

    private static final long serialVersionUID = 1L;

    private boolean redirect;
    private int httpsPort;

    @Override
    public void init(FilterConfig config) throws ServletException {
        super.init(config);
        Config settings = ConfigProvider.getConfig();
        redirect = settings.getOptionalValue("order.tls.redirect", Boolean.class).orElse(false);
        httpsPort = settings.getOptionalValue("jboss.https.port", Integer.class).orElse(8443)
                + settings.getOptionalValue("jboss.socket.binding.port-offset", Integer.class).orElse(0);
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (!redirect || request.isSecure()) {
            chain.doFilter(request, response);
            return;
        }
        String query = request.getQueryString();
        String target = "https://" + request.getServerName() + ":" + httpsPort + request.getRequestURI()
                + (query == null ? "" : "?" + query);
        boolean safe = request.getMethod().equals("GET") || request.getMethod().equals("HEAD");
        response.setStatus(safe ? HttpServletResponse.SC_MOVED_PERMANENTLY : 308);
        response.setHeader("Location", target);
    }
}

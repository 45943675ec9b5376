package org.orderapp.interfaces.web;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.orderapp.interfaces.http.Strings;

/**
 * One audit record per admin request, carried out or refused: who (the authenticated user, or "-"), what (method,
 * path and query), from where (the client's address), and the outcome (the status answered). When is the record's
 * own time. The records go to the logger {@value #LOGGER}, which the server writes to a file of its own
 * (logging.cli). Requests the container refuses before the application sees them (401, 403 of web.xml's
 * constraints) are recorded at their error dispatch. Declared in web.xml, after the security headers and before
 * the cross-site check, so that its refusals are recorded too.
 */
public class AdminAuditFilter extends HttpFilter {

    private static final long serialVersionUID = 1L;

    static final String LOGGER = "org.orderapp.audit.admin";
    private static final Logger AUDIT = Logger.getLogger(LOGGER);

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (request.getDispatcherType() == DispatcherType.ERROR) {
            String uri = (String) request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
            if (uri != null && isAdmin(request.getContextPath(), uri, request.getMethod())) {
                record(request, uri, null, "refused " + request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE));
            }
            chain.doFilter(request, response);
            return;
        }
        if (!isAdmin(request.getContextPath(), request.getRequestURI(), request.getMethod())) {
            chain.doFilter(request, response);
            return;
        }
        try {
            chain.doFilter(request, response);
        } catch (IOException | ServletException | RuntimeException e) {
            record(request, request.getRequestURI(), request.getQueryString(), "failed " + e.getClass().getSimpleName());
            throw e;
        }
        int status = response.getStatus();
        record(request, request.getRequestURI(), request.getQueryString(), (status < 400 ? "done " : "refused ") + status);
    }

    /** The admin operations of web.xml's constraints, as the client spelt the path. */
    static boolean isAdmin(String contextPath, String uri, String method) {
        String path = uri.substring(Math.min(contextPath.length(), uri.length()));
        return path.startsWith("/api/admin/") || path.equals("/api/admin")
                || (path.equals("/api/monitor/replenish/reset-peak") && method.equals("POST"));
    }

    private static void record(HttpServletRequest request, String uri, String query, String outcome) {
        if (!AUDIT.isLoggable(Level.INFO)) {
            return;
        }
        String user = request.getRemoteUser();
        AUDIT.info(String.format("admin user=%s client=%s %s %s%s outcome=%s",
                user == null ? "-" : Strings.shorten(user), request.getRemoteAddr(), Strings.shorten(request.getMethod()),
                Strings.shorten(uri), query == null ? "" : "?" + Strings.shorten(query), outcome));
    }
}

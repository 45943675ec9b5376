package org.orderapp.interfaces.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.util.Locale;
import java.util.Set;
import org.orderapp.interfaces.http.ClientError;

/**
 * Admin operations only from clients that are not a browser led by another web site. A browser replays an
 * administrator's BASIC credentials on a cross-site form post, but it cannot add a header of its own to one, nor
 * to a cross-site fetch without a CORS preflight, which this server never grants. So a change needs the header
 * {@value #HEADER} (any value); a request a browser marks as coming from another origin (Origin,
 * Sec-Fetch-Site) is refused even for reads. Refused: 403, before the operation runs. Declared in web.xml on the
 * paths of its admin constraints, which authenticate first, and after the audit filter.
 */
public class AdminRequestFilter extends HttpFilter {

    private static final long serialVersionUID = 1L;

    /** The header every caller of the admin API sends with a POST, PUT, PATCH or DELETE. */
    public static final String HEADER = "X-Order-Admin";

    private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS");
    private static final Set<String> OWN_SITE = Set.of("same-origin", "none");

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String refusal = refusal(request);
        if (refusal != null) {
            Answers.error(request, response, new ClientError(HttpServletResponse.SC_FORBIDDEN, HEADER, refusal));
            return;
        }
        chain.doFilter(request, response);
    }

    /** Why the request is refused, or null. */
    static String refusal(HttpServletRequest request) {
        String fetchSite = request.getHeader("Sec-Fetch-Site");
        if (fetchSite != null && !OWN_SITE.contains(fetchSite.toLowerCase(Locale.ROOT))) {
            return "admin operations are not accepted from another site (Sec-Fetch-Site: " + fetchSite + ")";
        }
        String origin = request.getHeader("Origin");
        if (origin != null && !sameOrigin(origin, request)) {
            return "admin operations are not accepted from another origin (Origin: " + origin + ")";
        }
        if (!SAFE_METHODS.contains(request.getMethod()) && request.getHeader(HEADER) == null) {
            return "an admin operation that changes something needs the header " + HEADER
                    + " (sent by ./order and scripts; a browser cannot send it from another site)";
        }
        return null;
    }

    /** The Origin names this server as the request reached it: scheme, host and port. */
    private static boolean sameOrigin(String origin, HttpServletRequest request) {
        try {
            URI o = URI.create(origin);
            return request.getScheme().equalsIgnoreCase(o.getScheme())
                    && request.getServerName().equalsIgnoreCase(o.getHost())
                    && request.getServerPort() == port(o);
        } catch (IllegalArgumentException e) {
            return false; // "null" (a sandboxed page, a data: URL) or garbage: not this server
        }
    }

    private static int port(URI origin) {
        if (origin.getPort() != -1) {
            return origin.getPort();
        }
        return "https".equalsIgnoreCase(origin.getScheme()) ? 443 : 80;
    }
}

package org.orderapp.interfaces.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The headers that keep a browser from doing with the application's answers what the application never does:
 * run script or load anything from elsewhere (the pages are HTML and one style sheet), be framed by another page
 * (clickjacking), guess a content type, or pass the page's address on to other sites. Set on every answer of the
 * web module, pages and API alike, before anything is written; the error dispatch (what the container itself
 * answers, 401 included) goes through here too. Declared first in web.xml.
 */
public class SecurityHeadersFilter extends HttpFilter {

    private static final long serialVersionUID = 1L;

    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'self'; img-src 'self'; "
            + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        response.setHeader("X-Frame-Options", "DENY");
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("Referrer-Policy", "no-referrer");
        chain.doFilter(request, response);
    }
}

package org.orderapp.interfaces.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.orderapp.interfaces.http.RequestLimits;

/**
 * Refuses a body that declares more bytes than the application takes (413) before anything parses it, for the
 * pages and the API alike. The body is read and dropped first, so the client, which may still be sending it,
 * gets the answer and keeps its connection.
 */
@WebFilter(filterName = "BodyLimit", urlPatterns = "/*")
public class BodyLimitFilter extends HttpFilter {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (request.getContentLengthLong() > RequestLimits.MAX_BODY_BYTES) {
            RequestLimits.drain(request.getInputStream());
            Answers.error(request, response, RequestLimits.tooLarge());
            return;
        }
        chain.doFilter(request, response);
    }
}

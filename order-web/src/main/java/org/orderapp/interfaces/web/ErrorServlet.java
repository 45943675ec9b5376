package org.orderapp.interfaces.web;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.orderapp.interfaces.http.Strings;

/**
 * Every error the container itself answers (an unknown path, a method the default servlet refuses, a failure
 * no servlet handled) comes here through web.xml's error pages: a short message naming what was wrong, as JSON
 * or a plain page, and never the exception (the server log has it).
 */
@WebServlet(name = "Error", urlPatterns = "/error")
public class ErrorServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        int status = code instanceof Integer i ? i : HttpServletResponse.SC_NOT_FOUND; // /error asked for directly
        String uri = (String) request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        String path = Strings.shorten(uri == null ? request.getRequestURI() : uri);
        String message;
        String field = null;
        switch (status) {
            case 404 -> {
                message = "nothing at " + path;
                field = "path";
            }
            case 401 -> {
                if (AdminAccess.enabled()) {
                    message = "this operation needs an administrator: the user name and password of a user with the role "
                            + AdminAccess.ROLE + ", sent with HTTP BASIC";
                } else {
                    status = HttpServletResponse.SC_FORBIDDEN; // no credentials can help: nobody is an administrator
                    message = AdminAccess.OFF;
                }
                field = "Authorization";
            }
            case 403 -> {
                message = request.getUserPrincipal() == null ? ErrorPage.reason(status)
                        : "user " + Strings.shorten(request.getUserPrincipal().getName()) + " does not have the role "
                        + AdminAccess.ROLE + " this operation needs";
                field = "Authorization";
            }
            case 405 -> {
                message = "method " + request.getMethod() + " is not allowed on " + path;
                field = "method";
            }
            case 413 -> {
                message = "the body is larger than the server takes";
                field = "body";
            }
            case 415 -> {
                message = "the body's Content-Type is not accepted on " + path;
                field = "Content-Type";
            }
            default -> message = status >= 500 ? "internal error; see the server log" : ErrorPage.reason(status);
        }
        Answers.error(request, response, status, message, field);
    }
}

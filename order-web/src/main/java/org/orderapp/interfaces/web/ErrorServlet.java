package org.orderapp.interfaces.web;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import org.orderapp.interfaces.http.ClientError;
import org.orderapp.interfaces.http.Strings;

/**
 * Every error the container answers (an unknown path, a method a servlet does not serve, a failure no servlet
 * handled) comes here through web.xml's error pages: a short message naming what was wrong, as JSON or the error
 * page, and never the exception (the server log has it).
 */
@WebServlet(name = "Error", urlPatterns = "/error")
public class ErrorServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        int status = code instanceof Integer i ? i : HttpServletResponse.SC_NOT_FOUND; // /error asked for directly
        String uri = (String) request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        String path = uri == null ? request.getRequestURI() : uri;
        Answers.error(request, response, switch (status) {
            case 401 -> AdminAccess.enabled()
                    ? new ClientError(status, "Authorization", "this operation needs an administrator: the user name and "
                            + "password of a user with the role " + AdminAccess.ROLE + ", sent with HTTP BASIC")
                    // no credentials can help: nobody is an administrator
                    : new ClientError(HttpServletResponse.SC_FORBIDDEN, "Authorization", AdminAccess.OFF);
            case 403 -> new ClientError(status, "Authorization", request.getUserPrincipal() == null ? "Forbidden"
                    : "user " + Strings.shorten(request.getUserPrincipal().getName()) + " does not have the role "
                            + AdminAccess.ROLE + " this operation needs");
            case 404 -> ClientError.noSuchPath(path);
            case 405 -> ClientError.methodNotAllowed(request.getMethod(), path, response.getHeader("Allow"));
            case 413 -> ClientError.tooLarge("the body is larger than the server takes");
            case 415 -> new ClientError(status, "Content-Type", "the body's Content-Type is not accepted on " + Strings.shorten(path));
            default -> new ClientError(status, null, status >= 500 ? "internal error; see the server log" : reason(status));
        });
    }

    private static String reason(int status) {
        var known = Response.Status.fromStatusCode(status);
        return known == null ? "HTTP " + status : known.getReasonPhrase();
    }
}

package org.orderapp.interfaces.web;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import org.orderapp.interfaces.http.ApiError;
import org.orderapp.interfaces.http.ClientError;
import org.orderapp.interfaces.http.JsonBinding;

/**
 * Writing answers of the page servlets. Everything is written into the response buffer and the response is
 * completed by the container, so small answers go out with a Content-Length on a kept-alive connection.
 */
final class Answers {

    static final String VIEWS = "/WEB-INF/views/";

    private Answers() {
    }

    /** JSON with a Content-Length: the body is made first, then written whole. */
    static void json(HttpServletResponse response, int status, Object body) throws IOException {
        byte[] bytes = JsonBinding.bytes(body);
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }

    /** A page rendered by a view (a JSP under WEB-INF/views), with the given status. */
    static void view(HttpServletRequest request, HttpServletResponse response, int status, String view)
            throws ServletException, IOException {
        response.setStatus(status);
        request.getRequestDispatcher(VIEWS + view).forward(request, response);
    }

    /** An error as JSON (asked for, or under /api/) or as the error page. */
    static void error(HttpServletRequest request, HttpServletResponse response, ClientError e)
            throws ServletException, IOException {
        response.resetBuffer();
        if (Negotiation.wantsJson(request) || isApi(request)) {
            json(response, e.status(), new ApiError(e.status(), e.getMessage(), e.field()));
            return;
        }
        request.setAttribute("error", e);
        var reason = Response.Status.fromStatusCode(e.status());
        request.setAttribute("title", e.status() + " " + (reason == null ? "Error" : reason.getReasonPhrase()));
        // A view answers GET, HEAD and POST only; the error page must render whatever the method was.
        view(new HttpServletRequestWrapper(request) {
            @Override
            public String getMethod() {
                return "GET";
            }
        }, response, e.status(), "error.jsp");
    }

    private static boolean isApi(HttpServletRequest request) {
        String uri = (String) request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        if (uri == null) {
            uri = request.getRequestURI();
        }
        return uri.startsWith(request.getContextPath() + "/api/");
    }
}

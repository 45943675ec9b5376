package org.orderapp.interfaces.web;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
        byte[] bytes = JsonBinding.jsonb().toJson(body).getBytes(StandardCharsets.UTF_8);
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

    /** An error as JSON or as a plain page, as the client asked. */
    static void error(HttpServletRequest request, HttpServletResponse response, ClientError e) throws IOException {
        error(request, response, e.status(), e.getMessage(), e.field());
    }

    static void error(HttpServletRequest request, HttpServletResponse response, int status, String message, String field)
            throws IOException {
        response.resetBuffer();
        if (Negotiation.wantsJson(request) || isApi(request)) {
            json(response, status, new ApiError(status, message, field));
        } else {
            response.setStatus(status);
            response.setContentType("text/html");
            response.setCharacterEncoding("UTF-8");
            byte[] bytes = ErrorPage.html(request.getContextPath(), status, message, field).getBytes(StandardCharsets.UTF_8);
            response.setContentLength(bytes.length);
            response.getOutputStream().write(bytes);
        }
    }

    private static boolean isApi(HttpServletRequest request) {
        String uri = (String) request.getAttribute("jakarta.servlet.error.request_uri");
        if (uri == null) {
            uri = request.getRequestURI();
        }
        return uri.startsWith(request.getContextPath() + "/api/");
    }
}

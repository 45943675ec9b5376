package org.orderapp.interfaces.web;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.orderapp.interfaces.http.ClientError;
import org.orderapp.interfaces.http.RequestLimits;

/**
 * A servlet of the HTML interface: answers only its own methods (405 with Allow otherwise, as JSON or a page)
 * and reads form posts strictly.
 */
abstract class PageServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    static final String FORM = "application/x-www-form-urlencoded";

    private final Set<String> allowed = new LinkedHashSet<>();

    PageServlet(String... methods) {
        allowed.addAll(List.of(methods));
        if (allowed.contains("GET")) {
            allowed.add("HEAD");
        }
        allowed.add("OPTIONS");
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String method = request.getMethod();
        if (!allowed.contains(method)) {
            String allow = String.join(", ", allowed);
            response.setHeader("Allow", allow);
            Answers.error(request, response, ClientError.METHOD_NOT_ALLOWED, "method " + method + " is not allowed on "
                    + request.getRequestURI() + "; allowed: " + allow, "method");
            return;
        }
        super.service(request, response);
    }

    @Override
    protected void doOptions(HttpServletRequest request, HttpServletResponse response) {
        response.setHeader("Allow", String.join(", ", allowed));
    }

    /**
     * The parameters of a form post: the body must be application/x-www-form-urlencoded and within the size
     * the server takes.
     */
    static Map<String, String[]> formParameters(HttpServletRequest request) throws ClientError {
        String type = request.getContentType();
        if (type == null || !type.toLowerCase(Locale.ROOT).startsWith(FORM)) {
            throw ClientError.unsupportedMediaType(FORM, type);
        }
        try {
            return request.getParameterMap();
        } catch (RuntimeException e) {
            if (RequestLimits.cutByServer(e)) {
                throw RequestLimits.tooLarge();
            }
            if (tooManyParameters(e)) {
                throw ClientError.tooLarge("the form has more parameters than the server takes");
            }
            throw e;
        }
    }

    private static boolean tooManyParameters(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t.getClass().getSimpleName().equals("ParameterLimitException")) {
                return true;
            }
        }
        return false;
    }
}

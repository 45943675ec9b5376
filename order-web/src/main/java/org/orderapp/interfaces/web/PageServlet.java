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
import org.orderapp.interfaces.http.Strings;

/**
 * A servlet of the HTML interface: a method it does not serve gets 405 with Allow, answered by the error page like
 * every other error of the container; form posts are read strictly.
 */
abstract class PageServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    static final String FORM = "application/x-www-form-urlencoded";

    private final Set<String> allowed = new LinkedHashSet<>();
    private final String allow;

    PageServlet(String... methods) {
        allowed.addAll(List.of(methods));
        if (allowed.contains("GET")) {
            allowed.add("HEAD");
        }
        allowed.add("OPTIONS");
        allow = String.join(", ", allowed);
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        if (!allowed.contains(request.getMethod())) {
            response.setHeader("Allow", allow);
            response.sendError(HttpServletResponse.SC_METHOD_NOT_ALLOWED);
            return;
        }
        super.service(request, response);
    }

    @Override
    protected void doOptions(HttpServletRequest request, HttpServletResponse response) {
        response.setHeader("Allow", allow);
    }

    /**
     * The parameters of a form post: the body must be application/x-www-form-urlencoded and within the size
     * the server takes.
     */
    static Map<String, String[]> formParameters(HttpServletRequest request) {
        String type = request.getContentType();
        if (type == null || !type.toLowerCase(Locale.ROOT).startsWith(FORM)) {
            throw ClientError.unsupportedMediaType(FORM, type);
        }
        Map<String, String[]> parameters;
        try {
            parameters = request.getParameterMap();
        } catch (RuntimeException e) {
            if (RequestLimits.cutByServer(e)) {
                throw RequestLimits.tooLarge();
            }
            if (RequestLimits.tooManyParameters(e)) {
                throw ClientError.tooLarge("the form has more parameters than the server takes");
            }
            throw e;
        }
        parameters.forEach((name, values) -> {
            requireText(name, name);
            for (String value : values) {
                requireText(name, value);
            }
        });
        return parameters;
    }

    /**
     * A name or value that decoded to something other than text is refused: bytes that are not UTF-8 (overlong or
     * invalid sequences, decoded to U+FFFD) and control characters such as NUL, which no form field holds.
     */
    private static void requireText(String field, String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\uFFFD' || (Character.isISOControl(c) && c != '\t' && c != '\r' && c != '\n')) {
                throw ClientError.invalid(Strings.shorten(field), "the form field " + Strings.shorten(field)
                        + " is not valid UTF-8 text (invalid bytes or a control character)");
            }
        }
    }
}

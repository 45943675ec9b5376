package org.orderapp.interfaces.web;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Locale;

/** Which form of answer a client asked for: JSON when its Accept header prefers application/json to HTML. */
final class Negotiation {

    private Negotiation() {
    }

    static boolean wantsJson(HttpServletRequest request) {
        double json = 0;
        double html = 0;
        for (var values = request.getHeaders("Accept"); values.hasMoreElements(); ) {
            for (String range : values.nextElement().split(",")) {
                String[] parts = range.split(";");
                String type = parts[0].strip().toLowerCase(Locale.ROOT);
                double q = quality(parts);
                if (type.equals("application/json")) {
                    json = Math.max(json, q);
                } else if (type.equals("text/html")) {
                    html = Math.max(html, q);
                }
            }
        }
        return json > 0 && json >= html;
    }

    private static double quality(String[] parts) {
        for (int i = 1; i < parts.length; i++) {
            String parameter = parts[i].strip();
            if (parameter.startsWith("q=")) {
                try {
                    return Double.parseDouble(parameter.substring(2));
                } catch (NumberFormatException e) {
                    return 0;
                }
            }
        }
        return 1;
    }
}

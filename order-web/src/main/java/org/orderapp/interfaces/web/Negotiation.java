package org.orderapp.interfaces.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.core.MediaType;
import java.util.Collections;

/**
 * Which form of answer a client asked for: JSON when its Accept header prefers application/json to HTML. The media
 * ranges are parsed by the JAX-RS runtime ({@link MediaType#valueOf}); a range it cannot parse is ignored.
 */
final class Negotiation {

    private Negotiation() {
    }

    static boolean wantsJson(HttpServletRequest request) {
        double json = 0;
        double html = 0;
        for (String header : Collections.list(request.getHeaders("Accept"))) {
            for (String range : header.split(",")) {
                MediaType type;
                try {
                    type = MediaType.valueOf(range.strip());
                } catch (IllegalArgumentException unreadable) {
                    continue;
                }
                if (type.isWildcardType() || type.isWildcardSubtype()) {
                    continue;
                }
                double q = quality(type);
                if (type.isCompatible(MediaType.APPLICATION_JSON_TYPE)) {
                    json = Math.max(json, q);
                } else if (type.isCompatible(MediaType.TEXT_HTML_TYPE)) {
                    html = Math.max(html, q);
                }
            }
        }
        return json > 0 && json >= html;
    }

    private static double quality(MediaType type) {
        try {
            return Double.parseDouble(type.getParameters().getOrDefault("q", "1"));
        } catch (NumberFormatException unreadable) {
            return 0;
        }
    }
}

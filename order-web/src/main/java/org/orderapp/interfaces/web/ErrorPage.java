package org.orderapp.interfaces.web;

/**
 * The plain HTML page of an error, written without a view: it must render for any method (views answer GET
 * and POST only) and whatever went wrong.
 */
final class ErrorPage {

    private ErrorPage() {
    }

    static String html(String contextPath, int status, String message, String field) {
        String title = status + " " + reason(status);
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + title + " · Order</title>"
                + "<link rel=\"stylesheet\" href=\"" + escape(contextPath) + "/style.css\"></head>\n<body><header><a href=\""
                + escape(contextPath) + "/\">Order</a></header><main><h1>" + title + "</h1><p class=\"error\" id=\"error\" "
                + "data-status=\"" + status + "\" data-field=\"" + escape(field) + "\">" + escape(message)
                + "</p><p><a href=\"" + escape(contextPath) + "/\">Home</a></p></main></body></html>\n";
    }

    static String reason(int status) {
        return switch (status) {
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 406 -> "Not Acceptable";
            case 409 -> "Conflict";
            case 413 -> "Content Too Large";
            case 415 -> "Unsupported Media Type";
            case 500 -> "Internal Server Error";
            case 503 -> "Service Unavailable";
            default -> "Error";
        };
    }

    /** HTML text escaping of the five significant characters. */
    static String escape(String text) {
        if (text == null) {
            return "";
        }
        var out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}

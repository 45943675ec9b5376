package org.orderapp.interfaces.http;

/**
 * A request the application will not carry out, with the HTTP status that says why and the request field it
 * concerns. Both the pages and the JSON API answer it; neither lets anything else reach the client.
 */
public class ClientError extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public static final int BAD_REQUEST = 400;
    public static final int NOT_FOUND = 404;
    public static final int METHOD_NOT_ALLOWED = 405;
    public static final int NOT_ACCEPTABLE = 406;
    public static final int CONFLICT = 409;
    public static final int PAYLOAD_TOO_LARGE = 413;
    public static final int UNPROCESSABLE_CONTENT = 422;
    public static final int UNSUPPORTED_MEDIA_TYPE = 415;
    public static final int TOO_MANY_REQUESTS = 429;

    private final int status;
    private final String field;

    public ClientError(int status, String field, String message) {
        super(message, null, false, false); // an answer, not a failure: no stack trace is taken
        this.status = status;
        this.field = field;
    }

    public static ClientError invalid(String field, String message) {
        return new ClientError(BAD_REQUEST, field, message);
    }

    public static ClientError notFound(String field, String message) {
        return new ClientError(NOT_FOUND, field, message);
    }

    public static ClientError tooLarge(String message) {
        return new ClientError(PAYLOAD_TOO_LARGE, "body", message);
    }

    public static ClientError unsupportedMediaType(String expected, String got) {
        return new ClientError(UNSUPPORTED_MEDIA_TYPE, "Content-Type", "Content-Type must be " + expected
                + (Strings.isBlank(got) ? ", got none" : ", got '" + Strings.shorten(got) + "'"));
    }

    public static ClientError methodNotAllowed(String method, String path, String allowed) {
        return new ClientError(METHOD_NOT_ALLOWED, "method", "method " + Strings.shorten(method) + " is not allowed on "
                + Strings.shorten(path) + (allowed == null || allowed.isEmpty() ? "" : "; allowed: " + allowed));
    }

    public static ClientError noSuchPath(String path) {
        return new ClientError(NOT_FOUND, "path", "nothing at " + Strings.shorten(path));
    }

    /** A new HTTP session refused: the web module already holds its maximum (max-active-sessions, jboss-web.xml). */
    public static ClientError tooManySessions() {
        return new ClientError(TOO_MANY_REQUESTS, "session", "the server holds as many browse sessions as it may "
                + "(order.web.max-active-sessions); a search can start again when idle sessions expire (30 minutes)");
    }

    public int status() {
        return status;
    }

    public String field() {
        return field;
    }
}

package org.orderapp.interfaces.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Objects;
import java.util.stream.Stream;
import org.orderapp.application.Settings;

/**
 * The largest request body the application takes (order.web.max-body-bytes; an order of 50 lines is about 2 KB
 * as a form or as JSON). Longer bodies get a 413 naming the body. The server's listener cuts bodies at a larger
 * size of its own (order.http.max-post-size in web.cli): past that it closes the connection without an answer,
 * so it must stay above this limit.
 */
public final class RequestLimits {

    public static final long MAX_BODY_BYTES = Settings.longValue(Settings.MAX_BODY_BYTES);

    private RequestLimits() {
    }

    public static ClientError tooLarge() {
        return ClientError.tooLarge("the body must hold at most " + MAX_BODY_BYTES + " bytes");
    }

    /**
     * Reads a whole body, refusing it once it passes the limit (a chunked body declares no length). A refused
     * body is read to its end and dropped, so the connection stays usable for the next request.
     */
    public static byte[] readBounded(InputStream in) throws IOException {
        try {
            byte[] body = in.readNBytes((int) Math.min(MAX_BODY_BYTES, Integer.MAX_VALUE - 8));
            if (body.length == MAX_BODY_BYTES && in.read() != -1) {
                drain(in);
                throw tooLarge();
            }
            return body;
        } catch (IOException e) {
            if (cutByServer(e)) {
                throw tooLarge();
            }
            throw e;
        }
    }

    /** Reads and drops the rest of a body; stops quietly where the server cuts it. */
    public static void drain(InputStream in) {
        try {
            in.transferTo(OutputStream.nullOutputStream());
        } catch (IOException cut) {
            // the listener's own limit: it closes the connection
        }
    }

    /** Whether the server stopped reading a body at its own limit (Undertow's RequestTooBigException). */
    public static boolean cutByServer(Throwable failure) {
        return causedBy(failure, "RequestTooBigException");
    }

    /** Whether the server refused a form of more parameters than it takes (Undertow's ParameterLimitException). */
    public static boolean tooManyParameters(Throwable failure) {
        return causedBy(failure, "ParameterLimitException");
    }

    /** By simple name: the server's exception types are not visible to the application. */
    private static boolean causedBy(Throwable failure, String simpleName) {
        return Stream.iterate(failure, Objects::nonNull, Throwable::getCause)
                .anyMatch(t -> t.getClass().getSimpleName().equals(simpleName));
    }
}

package org.orderapp.interfaces.rest;

import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.orderapp.interfaces.http.ClientError;
import org.orderapp.interfaces.http.RequestLimits;
import org.orderapp.interfaces.http.Strings;

/**
 * No stack trace reaches a client. The framework's own refusals (wrong method, media type, path) keep their
 * status, with a message naming what was wrong; anything else becomes a logged 500.
 */
@Provider
public class UnexpectedErrorMapper implements ExceptionMapper<Throwable> {

    private static final Logger LOG = Logger.getLogger(UnexpectedErrorMapper.class.getName());

    @Context
    Request request;

    @Context
    HttpHeaders headers;

    @Context
    UriInfo uri;

    @Override
    public Response toResponse(Throwable failure) {
        if (failure instanceof WebApplicationException web) {
            return refusal(web);
        }
        if (RequestLimits.cutByServer(failure)) {
            return ApiErrors.response(RequestLimits.tooLarge());
        }
        LOG.log(Level.SEVERE, "Unexpected failure serving an API request", failure);
        return ApiErrors.response(500, "internal error; see the server log", null);
    }

    private Response refusal(WebApplicationException web) {
        int status = web.getResponse().getStatus();
        Response answer;
        if (web instanceof NotAllowedException) {
            answer = ApiErrors.response(ClientError.METHOD_NOT_ALLOWED, "method " + request.getMethod() + " is not allowed on "
                    + path() + "; allowed: " + String.join(", ", web.getResponse().getAllowedMethods()), "method");
        } else if (web instanceof NotSupportedException) {
            var type = headers.getMediaType();
            answer = ApiErrors.response(ClientError.unsupportedMediaType("application/json", type == null ? null : type.toString()));
        } else if (web instanceof NotAcceptableException) {
            answer = ApiErrors.response(status, path() + " answers application/json only", "Accept");
        } else if (web instanceof NotFoundException) {
            answer = ApiErrors.response(status, "nothing at " + path(), "path");
        } else {
            var reason = Response.Status.fromStatusCode(status);
            answer = ApiErrors.response(status, reason != null ? reason.getReasonPhrase() : "HTTP " + status, null);
        }
        if (status >= 500) {
            LOG.log(Level.SEVERE, "Unexpected failure serving an API request", web);
        }
        // Headers the refusal carries (Allow on a 405) stay.
        var builder = Response.fromResponse(answer);
        web.getResponse().getHeaders().forEach((name, values) -> {
            if (!name.equalsIgnoreCase(HttpHeaders.CONTENT_TYPE) && !name.equalsIgnoreCase(HttpHeaders.CONTENT_LENGTH)) {
                values.forEach(v -> builder.header(name, v));
            }
        });
        return builder.build();
    }

    private String path() {
        return Strings.shorten(uri.getRequestUri().getRawPath());
    }
}

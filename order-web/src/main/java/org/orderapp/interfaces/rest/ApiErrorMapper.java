package org.orderapp.interfaces.rest;

import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Objects;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.orderapp.application.OrderRejectedException;
import org.orderapp.interfaces.http.ApiError;
import org.orderapp.interfaces.http.ClientError;
import org.orderapp.interfaces.http.OrderInput;
import org.orderapp.interfaces.http.RequestLimits;
import org.orderapp.interfaces.http.Unavailable;

/**
 * Every error answer of the API, as an {@link ApiError}: a refusal of the application (a {@link ClientError}, a
 * refused order), a refusal of the framework (wrong method, media type, path) with a message naming what was
 * wrong, a database that timed out or cannot be reached as 503 with Retry-After ({@link Unavailable}), and anything
 * else as a logged 500. No stack trace reaches a client. The refusal may come wrapped (the
 * framework wraps what a body reader throws), so the cause chain is searched.
 */
@Provider
public class ApiErrorMapper implements ExceptionMapper<Throwable> {

    private static final Logger LOG = Logger.getLogger(ApiErrorMapper.class.getName());

    @Context
    Request request;

    @Context
    HttpHeaders headers;

    @Context
    UriInfo uri;

    @Override
    public Response toResponse(Throwable failure) {
        ClientError answer = Stream.iterate(failure, Objects::nonNull, Throwable::getCause)
                .map(this::refusal).flatMap(Optional::stream).findFirst()
                .orElse(null);
        boolean read = request != null && ("GET".equals(request.getMethod()) || "HEAD".equals(request.getMethod()));
        boolean unavailable = answer == null && (read ? Unavailable.isCauseOfARead(failure) : Unavailable.isCause(failure));
        if (unavailable) {
            LOG.log(Level.WARNING, "Database unavailable serving an API request: {0}", failure.toString());
            answer = Unavailable.answer(failure);
        }
        if (answer == null) {
            LOG.log(Level.SEVERE, "Unexpected failure serving an API request", failure);
            int status = failure instanceof WebApplicationException web ? web.getResponse().getStatus() : 500;
            answer = new ClientError(status, null, "internal error; see the server log");
        }
        var response = Response.status(answer.status()).type(MediaType.APPLICATION_JSON_TYPE)
                .entity(new ApiError(answer.status(), answer.getMessage(), answer.field()));
        if (unavailable) {
            response.header(HttpHeaders.RETRY_AFTER, Unavailable.RETRY_AFTER_SECONDS);
        }
        if (failure instanceof NotAllowedException refused) {
            response.allow(refused.getResponse().getAllowedMethods());
        }
        return response.build();
    }

    private Optional<ClientError> refusal(Throwable failure) {
        if (failure instanceof ClientError e) {
            return Optional.of(e);
        }
        if (failure instanceof OrderRejectedException e) {
            return Optional.of(OrderInput.refused(e, OrderInput.Naming.JSON));
        }
        if (RequestLimits.cutByServer(failure)) {
            return Optional.of(RequestLimits.tooLarge());
        }
        if (failure instanceof WebApplicationException web && web.getResponse().getStatus() < 500) {
            return Optional.of(refusal(web));
        }
        return Optional.empty();
    }

    private ClientError refusal(WebApplicationException web) {
        String path = uri.getRequestUri().getRawPath();
        if (web instanceof NotAllowedException) {
            return ClientError.methodNotAllowed(request.getMethod(), path, String.join(", ", web.getResponse().getAllowedMethods()));
        }
        if (web instanceof NotSupportedException) {
            MediaType type = headers.getMediaType();
            return ClientError.unsupportedMediaType(MediaType.APPLICATION_JSON, type == null ? null : type.toString());
        }
        if (web instanceof NotAcceptableException) {
            return new ClientError(ClientError.NOT_ACCEPTABLE, "Accept", path + " answers application/json only");
        }
        if (web instanceof NotFoundException) {
            return ClientError.noSuchPath(path);
        }
        int status = web.getResponse().getStatus();
        return new ClientError(status, null, Response.Status.fromStatusCode(status) == null ? "HTTP " + status
                : Response.Status.fromStatusCode(status).getReasonPhrase());
    }
}

package org.orderapp.interfaces.rest;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.orderapp.interfaces.http.ApiError;
import org.orderapp.interfaces.http.ClientError;

/** Error answers of the API: the status and an {@link ApiError} body. */
final class ApiErrors {

    private ApiErrors() {
    }

    static Response response(ClientError e) {
        return response(e.status(), e.getMessage(), e.field());
    }

    static Response response(int status, String message, String field) {
        return Response.status(status)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(new ApiError(status, message, field))
                .build();
    }
}

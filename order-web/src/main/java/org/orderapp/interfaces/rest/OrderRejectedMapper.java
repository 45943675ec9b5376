package org.orderapp.interfaces.rest;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import org.orderapp.application.OrderRejectedException;
import org.orderapp.interfaces.http.OrderInput;

/** A refused order that a resource did not answer itself: 400, 404 or 409, naming the field. */
@Provider
public class OrderRejectedMapper implements ExceptionMapper<OrderRejectedException> {

    @Override
    public Response toResponse(OrderRejectedException e) {
        return ApiErrors.response(OrderInput.refused(e, OrderInput.Format.JSON));
    }
}

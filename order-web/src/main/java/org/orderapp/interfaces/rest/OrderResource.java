package org.orderapp.interfaces.rest;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.orderapp.application.NewOrder;
import org.orderapp.application.OrderDetails;
import org.orderapp.application.OrderLookup;
import org.orderapp.application.OrderRejectedException;
import org.orderapp.application.OrderService;
import org.orderapp.interfaces.http.ApiError;
import org.orderapp.interfaces.http.ClientError;
import org.orderapp.interfaces.http.OrderInput;
import org.orderapp.interfaces.http.Strings;

/** NewOrder in JSON, and the order it created. */
@RequestScoped
@Path("orders")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "orders")
public class OrderResource {

    private static final String IDEMPOTENCY_KEY = "Idempotency-Key";

    @EJB
    private OrderService orders;

    @Inject
    private OrderLookup lookup;

    @Context
    UriInfo uri;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Place an order", description = "Prices the lines for the customer, takes the stock and "
            + "stores the order; optimistic-lock conflicts are retried a bounded number of times. With an Idempotency-Key "
            + "header, a request repeating a key answers the order that key created, as it was answered then.")
    @APIResponse(responseCode = "201", description = "the order, as stored",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = OrderDetails.class)))
    @APIResponse(responseCode = "400", description = "a missing, malformed or out-of-range value, a repeated product, too many lines",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ApiError.class)))
    @APIResponse(responseCode = "404", description = "unknown customer or product",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ApiError.class)))
    @APIResponse(responseCode = "409", description = "the stock kept changing under the order; try again",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ApiError.class)))
    @APIResponse(responseCode = "422", description = "the Idempotency-Key was sent before with another order",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ApiError.class)))
    @APIResponse(responseCode = "413", description = "the body is larger than the server takes",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ApiError.class)))
    @APIResponse(responseCode = "415", description = "the body is not application/json",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ApiError.class)))
    public Response create(@RequestBody(required = true, description = "at most order.max-lines lines, each product "
            + "once, each quantity at most order.max-quantity (the settings' defaults: the application's "
            + "META-INF/microprofile-config.properties)") NewOrder body,
            @Parameter(description = "the client's name for this one order, up to 200 printable ASCII characters; "
                    + "honoured for order.idempotency.retention-hours") @HeaderParam(IDEMPOTENCY_KEY) String key)
            throws OrderRejectedException {
        var order = OrderInput.checked(body, OrderInput.Naming.JSON);
        var created = orders.createOrder(order, OrderInput.key(key, IDEMPOTENCY_KEY, order));
        // A path, not an absolute URL: an absolute one would be built from the request's Host header, which the
        // client chooses (and a forged one would be echoed to whoever reads the answer).
        String location = uri.getBaseUri().getRawPath() + "orders/" + created.id();
        return Response.status(Response.Status.CREATED).header("Location", location).entity(created).build();
    }

    @GET
    @Path("{id}")
    @Operation(summary = "One order with its lines")
    @APIResponse(responseCode = "200", description = "the order",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = OrderDetails.class)))
    @APIResponse(responseCode = "400", description = "the id is not an order id (a UUID)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ApiError.class)))
    @APIResponse(responseCode = "404", description = "no such order",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ApiError.class)))
    public Response order(@PathParam("id") String rawId) {
        UUID id;
        try {
            id = UUID.fromString(rawId);
        } catch (IllegalArgumentException e) {
            throw ClientError.invalid("id", "id must be an order id (a UUID), got '" + Strings.shorten(rawId) + "'");
        }
        return lookup.order(id)
                .map(o -> Response.ok(o).build())
                .orElseThrow(() -> ClientError.notFound("id", "no order with id " + id));
    }
}

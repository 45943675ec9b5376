package org.orderapp.interfaces.rest;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.orderapp.application.CustomerDetails;
import org.orderapp.application.CustomerService;
import org.orderapp.application.OrderDetails;
import org.orderapp.application.RecentOrders;
import org.orderapp.interfaces.http.ApiError;
import org.orderapp.interfaces.http.ClientError;
import org.orderapp.interfaces.http.Numbers;

@RequestScoped
@Path("customers")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "customers")
public class CustomerResource {

    @EJB
    private CustomerService customers;

    /** OrderInquiry, or its plain-JDBC twin with order.services.mode=jdbc. */
    @Inject
    private RecentOrders inquiry;

    @GET
    @Path("{id}")
    @Operation(summary = "A customer with its pricing method and distribution center")
    @APIResponse(responseCode = "200", description = "the customer",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = CustomerDetails.class)))
    @APIResponse(responseCode = "400", description = "the id is not a positive whole number",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ApiError.class)))
    @APIResponse(responseCode = "404", description = "no such customer",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ApiError.class)))
    public Response customer(@PathParam("id") String rawId) {
        long id = Numbers.id(rawId, "id");
        return customers.findCustomer(id)
                .map(c -> Response.ok(c).build())
                .orElseThrow(() -> ClientError.notFound("id", "no customer with id " + id));
    }

    /** The guide's OrderInquiry: the customer's most recent orders with their lines. */
    @GET
    @Path("{id}/orders")
    @Operation(summary = "The customer's most recent orders with their lines, newest first (the guide's OrderInquiry)")
    @APIResponse(responseCode = "200", description = "the orders (order.inquiry.recent-orders of them at most)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(type = SchemaType.ARRAY, implementation = OrderDetails.class)))
    @APIResponse(responseCode = "400", description = "the id is not a positive whole number",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ApiError.class)))
    @APIResponse(responseCode = "404", description = "no such customer",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ApiError.class)))
    public Response recentOrders(@PathParam("id") String rawId) {
        long id = Numbers.id(rawId, "id");
        return inquiry.recentOrders(id)
                .map(list -> Response.ok(list).build())
                .orElseThrow(() -> ClientError.notFound("id", "no customer with id " + id));
    }
}

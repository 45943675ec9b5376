package org.orderapp.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.function.Function;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.orderapp.application.browse.Browser;
import org.orderapp.application.browse.Page;
import org.orderapp.interfaces.http.ApiError;
import org.orderapp.interfaces.http.ClientError;
import org.orderapp.interfaces.http.SearchInput;
import org.orderapp.interfaces.http.Browsing;
import org.orderapp.interfaces.http.Browsing.Search;

/**
 * Paging through a search with the session's stateful bean: start a search, then next, previous, current.
 * The client keeps its session cookie (JSESSIONID); pages come from memory, not from new queries.
 */
@RequestScoped
@Path("browse")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "browse", description = "paging through a search held by the HTTP session (cookie JSESSIONID)")
public class BrowseResource {

    @Inject
    Browsing browsing;

    @POST
    @Path("orders")
    @Operation(summary = "Start a search of a customer's orders placed in [from, to), newest first; answers its first page",
            description = "Holds at most " + Browser.MAX_ROWS + " rows; pages hold " + Browser.PAGE_SIZE
                    + ". Creates the HTTP session if there is none.")
    @APIResponse(responseCode = "200", description = "the first page",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Page.class)))
    @APIResponse(responseCode = "400", description = "a bad customerid, from or to",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ApiError.class)))
    @APIResponse(responseCode = "429", description = "the server holds its maximum of sessions; try later",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ApiError.class)))
    public Response searchOrders(
            @Parameter(required = true, description = "customer id") @QueryParam("customerid") String customer,
            @Parameter(description = "ISO date (UTC midnight) or instant; default: the beginning") @QueryParam("from") String from,
            @Parameter(description = "ISO date (UTC midnight) or instant, excluded; default: no end") @QueryParam("to") String to) {
        var search = SearchInput.orders(customer, from, to);
        return Response.ok(browsing.start(Search.orders(search.customerId()),
                b -> b.searchOrders(search.customerId(), search.from(), search.to()))).build();
    }

    @POST
    @Path("products")
    @Operation(summary = "Start a search of products by name prefix, by name; answers its first page",
            description = "Holds at most " + Browser.MAX_ROWS + " rows; pages hold " + Browser.PAGE_SIZE
                    + ". Creates the HTTP session if there is none.")
    @APIResponse(responseCode = "200", description = "the first page",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Page.class)))
    @APIResponse(responseCode = "400", description = "name missing or longer than " + SearchInput.MAX_NAME + " characters",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ApiError.class)))
    @APIResponse(responseCode = "429", description = "the server holds its maximum of sessions; try later",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ApiError.class)))
    public Response searchProducts(@Parameter(required = true, description = "the start of the product name")
                                   @QueryParam("name") String name) {
        String prefix = SearchInput.productPrefix(name);
        return Response.ok(browsing.start(Search.products(prefix), b -> b.searchProducts(prefix))).build();
    }

    @GET
    @Path("next")
    @Operation(summary = "The next page of the session's search (stays on the last page)")
    @APIResponse(responseCode = "200", description = "the page",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Page.class)))
    @APIResponse(responseCode = "404", description = "no search in this session, or it expired",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ApiError.class)))
    public Response next() {
        return page(Browser::next);
    }

    @GET
    @Path("previous")
    @Operation(summary = "The previous page of the session's search (stays on the first page)")
    @APIResponse(responseCode = "200", description = "the page",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Page.class)))
    @APIResponse(responseCode = "404", description = "no search in this session, or it expired",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ApiError.class)))
    public Response previous() {
        return page(Browser::previous);
    }

    @GET
    @Path("current")
    @Operation(summary = "The current page of the session's search")
    @APIResponse(responseCode = "200", description = "the page",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Page.class)))
    @APIResponse(responseCode = "404", description = "no search in this session, or it expired",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ApiError.class)))
    public Response current() {
        return page(Browser::current);
    }

    /** Paging never creates a session: without a search there is nothing to page. */
    private Response page(Function<Browser, ?> step) {
        return Response.ok(browsing.page(step).orElseThrow(() -> ClientError.notFound(null, "no search in this session; "
                + "start one with POST api/browse/orders or api/browse/products"))).build();
    }
}

package org.orderapp.interfaces.rest;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.servers.Server;

/**
 * The JSON API, under /Order/api. Its OpenAPI document is generated from these classes at build time and
 * served as /Order/openapi.yaml and /Order/openapi.json.
 */
@ApplicationPath("api")
@OpenAPIDefinition(
        info = @Info(title = "Order", version = "1",
                description = "The Order application's HTTP interface: the guide's form endpoints (NewOrder, "
                        + "OrderInquiry) and the JSON API. Every error answer is an ApiError naming the bad field."),
        servers = @Server(url = "/Order", description = "the application's context root"))
public class OrderApi extends Application {
}

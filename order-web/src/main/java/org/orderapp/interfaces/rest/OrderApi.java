package org.orderapp.interfaces.rest;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;
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
@SecurityScheme(securitySchemeName = OrderApi.ADMIN, type = SecuritySchemeType.HTTP, scheme = "basic",
        description = "A user with the role order-admin (web.xml's security constraints): ./order keeps its password in "
                + "var/admin-password, the container takes ORDER_ADMIN_PASSWORD.")
public class OrderApi extends Application {

    /** The security scheme of the admin operations. */
    public static final String ADMIN = "order-admin";
}

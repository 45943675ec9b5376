package org.orderapp.interfaces.rest;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * The cheapest request the application serves: no EJB, no database. The load driver's self-check measures its
 * own overhead against wrk here, and a script can use it to see the application up.
 */
@ApplicationScoped
@Path("ping")
public class PingResource {

    @GET
    @Produces(MediaType.TEXT_PLAIN)
    public String ping() {
        return "pong";
    }
}

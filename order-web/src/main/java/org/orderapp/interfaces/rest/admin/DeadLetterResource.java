package org.orderapp.interfaces.rest.admin;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.orderapp.application.replenish.DeadLetters;
import org.orderapp.interfaces.rest.OrderApi;

/** The replenish messages parked on ReplenishDLQ (administrators only, like everything under admin/). */
@RequestScoped
@Path("admin/replenish/dead-letters")
@Produces(MediaType.APPLICATION_JSON)
@SecurityRequirement(name = OrderApi.ADMIN)
public class DeadLetterResource {

    @EJB
    DeadLetters deadLetters;

    @GET
    @Operation(summary = "How many replenish messages are parked on ReplenishDLQ")
    public Map<String, Object> depth() {
        return Map.of("queue", "ReplenishDLQ", "depth", deadLetters.depth());
    }

    @POST
    @Path("redrive")
    @Operation(summary = "Moves parked replenish messages back to the replenish queue, at most limit (and at most "
            + DeadLetters.MAX_REDRIVE + ") in one transaction; one that fails again is parked again after its delivery attempts")
    public Map<String, Object> redrive(@QueryParam("limit") @DefaultValue("" + DeadLetters.MAX_REDRIVE) int limit) {
        int moved = deadLetters.redrive(limit);
        return Map.of("moved", moved, "from", "ReplenishDLQ", "to", "replenish");
    }
}

package org.orderapp.interfaces.rest.admin;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.orderapp.application.replenish.ReplenishFaults;
import org.orderapp.interfaces.rest.OrderApi;

/** Faults the load driver injects inside the application (administrators only, like everything under admin/). */
@RequestScoped
@Path("admin/faults")
@Produces(MediaType.APPLICATION_JSON)
@SecurityRequirement(name = OrderApi.ADMIN)
public class FaultResource {

    @EJB
    ReplenishFaults faults;

    @POST
    @Path("poison-message")
    @Operation(summary = "Sends one replenish message the MDB cannot process; the broker parks it on ReplenishDLQ "
            + "after the configured delivery attempts")
    public Response poisonMessage() {
        faults.sendPoisonMessage();
        return Response.accepted(Map.of("sent", 1, "queue", "replenish", "deadLetterQueue", "ReplenishDLQ")).build();
    }
}

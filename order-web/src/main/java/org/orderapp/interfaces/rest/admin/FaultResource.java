package org.orderapp.interfaces.rest.admin;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.inject.Inject;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.orderapp.application.CommitFaults;
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

    @Inject
    CommitFaults commits;

    @POST
    @Path("poison-message")
    @Operation(summary = "Sends one replenish message the MDB cannot process; the broker parks it on ReplenishDLQ "
            + "after the configured delivery attempts")
    public Response poisonMessage() {
        faults.sendPoisonMessage();
        return Response.accepted(Map.of("sent", 1, "queue", "replenish", "deadLetterQueue", "ReplenishDLQ")).build();
    }

    @POST
    @Path("halt-in-commit")
    @Operation(summary = "Halts this server's JVM inside the commit of the next order (point: before-commit, in-commit or "
            + "after-commit): the fault server-kill-in-commit. Refused (403) unless the server was started with "
            + "order.faults.halt-in-commit=true")
    public Response haltInCommit(@QueryParam("point") String point) {
        CommitFaults.Point at;
        try {
            at = CommitFaults.Point.of(point == null ? "" : point);
        } catch (IllegalArgumentException e) {
            return Response.status(Response.Status.BAD_REQUEST).entity(Map.of("error", e.getMessage())).build();
        }
        if (!commits.allowed()) {
            return Response.status(Response.Status.FORBIDDEN).entity(Map.of("error", "this server does not allow halting "
                    + "in a commit; start it with -D order.faults.halt-in-commit=true")).build();
        }
        commits.haltInNextCommit(at);
        return Response.accepted(Map.of("armed", at.label())).build();
    }
}

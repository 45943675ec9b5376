package org.orderapp.interfaces.rest;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.orderapp.application.replenish.ReplenishMonitor;

/** What the application itself measures, for load reports and tests. */
@RequestScoped
@Path("monitor")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "monitor")
public class MonitorResource {

    @EJB
    private ReplenishMonitor replenish;

    @GET
    @Path("replenish")
    @Operation(summary = "The replenish MDB's counters: messages in flight now and at peak, applied, duplicates, failures")
    public ReplenishMonitor.Snapshot replenish() {
        return replenish.snapshot();
    }

    @POST
    @Path("replenish/reset-peak")
    @Operation(summary = "Resets the peak of messages in flight to the current value (administrators only)")
    @SecurityRequirement(name = OrderApi.ADMIN)
    public ReplenishMonitor.Snapshot resetReplenishPeak() {
        replenish.resetPeak();
        return replenish.snapshot();
    }
}

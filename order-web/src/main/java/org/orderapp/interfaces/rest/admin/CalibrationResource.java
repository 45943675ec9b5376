package org.orderapp.interfaces.rest.admin;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.orderapp.interfaces.rest.OrderApi;
import org.orderapp.application.CalibrationSpin;
import org.orderapp.application.Settings;

/**
 * The lab's calibration instrument, switched at runtime (administrators only, like everything under admin/, and only on
 * a server started with order.calibration.runtime-switch=true, like the fault injector's halt in a commit).
 */
@RequestScoped
@Path("admin/calibration")
@Produces(MediaType.APPLICATION_JSON)
@SecurityRequirement(name = OrderApi.ADMIN)
public class CalibrationResource {

    @Inject
    CalibrationSpin spin;

    @GET
    @Path("spin")
    @Operation(summary = "The CPU microseconds every request spins before it is served now (a test instrument of the "
            + "lab's calibration, never a tuning; 0: none)")
    public Map<String, Long> spin() {
        return Map.of("spinMicros", spin.micros());
    }

    @PUT
    @Path("spin")
    @Operation(summary = "Switches the CPU microseconds every request spins from now on (micros, 0 to 100000), so that "
            + "the lab can measure one server with and without the spin; answers the spin now and before. Refused (403) "
            + "unless the server was started with order.calibration.runtime-switch=true")
    public Response switchSpin(@QueryParam("micros") String micros) {
        if (!spin.switchable()) {
            return refused(Response.Status.FORBIDDEN, CalibrationSpin.NOT_SWITCHABLE);
        }
        long next;
        try {
            next = Long.parseLong(micros == null ? "" : micros.strip());
        } catch (NumberFormatException e) {
            return refused(Response.Status.BAD_REQUEST, "micros must be a whole number of CPU microseconds from 0 to "
                    + Settings.MAX_SPIN_MICROS + ", not '" + micros + "'");
        }
        try {
            long before = spin.switchTo("micros", next);
            return Response.ok(Map.of("spinMicros", next, "before", before)).build();
        } catch (IllegalArgumentException e) {
            return refused(Response.Status.BAD_REQUEST, e.getMessage());
        }
    }

    private static Response refused(Response.Status status, String why) {
        return Response.status(status).entity(Map.of("error", why)).build();
    }
}

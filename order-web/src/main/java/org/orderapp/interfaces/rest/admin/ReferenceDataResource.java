package org.orderapp.interfaces.rest.admin;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.orderapp.batch.LoadParameters;
import org.orderapp.batch.LoadRefusedException;
import org.orderapp.batch.LoadStatus;
import org.orderapp.batch.ReferenceDataPlan;
import org.orderapp.batch.control.ReferenceDataLoads;
import org.orderapp.batch.referencedata.LoadPlan;
import org.orderapp.batch.referencedata.ReferenceTable;
import org.orderapp.interfaces.http.ApiError;
import org.orderapp.interfaces.rest.OrderApi;

/**
 * The reference-data load over HTTP, for ./order load-data and for scripts: start, follow (GET answers the live
 * figures while it runs), restart after a failure or a crash, stop, and the resets. A refused request (409)
 * or bad input (400) changes nothing.
 */
@RequestScoped
@SecurityRequirement(name = OrderApi.ADMIN)
@Path("admin/reference-data")
@Produces(MediaType.APPLICATION_JSON)
public class ReferenceDataResource {

    @EJB
    ReferenceDataLoads loads;

    /** The latest load: state, rows done of total, rows/s, time left, per table. */
    @GET
    public LoadStatus status() {
        return loads.status();
    }

    /** What a load at this scale creates, the default batch size, and whether reference data is there already. */
    @GET
    @Path("plan")
    public Response plan(@QueryParam("scale") String scale) throws SQLException {
        try {
            var plan = new LoadPlan(number("scale", scale == null ? "1" : scale));
            Map<String, Long> rows = new LinkedHashMap<>();
            for (ReferenceTable t : ReferenceTable.values()) {
                rows.put(t.tableName(), plan.rows(t));
            }
            return Response.ok(new ReferenceDataPlan(plan.scale(), loads.defaultBatchSize(), plan.totalRows(), rows,
                    loads.referenceDataPresent())).build();
        } catch (IllegalArgumentException e) {
            return error(Response.Status.BAD_REQUEST, e.getMessage(), "scale");
        }
    }

    /**
     * Starts a load (202); it runs in the server's batch thread pool. reset=all empties every table first;
     * writer=jdbc writes the same rows with plain JDBC multi-row INSERTs (the benchmark's ceiling), writer=jdbc-batch
     * as a JDBC batch of single-row INSERTs (what the driver alone makes of rewriteBatchedStatements).
     */
    @POST
    @Path("load")
    public Response load(@QueryParam("scale") String scale, @QueryParam("seed") String seed,
                         @QueryParam("batchSize") String batchSize, @QueryParam("reset") String reset,
                         @QueryParam("writer") String writer) throws SQLException {
        LoadParameters parameters;
        String field = "scale";
        try {
            if (scale == null || scale.isBlank()) {
                throw new IllegalArgumentException("scale is required (1.0 is the guide's data set)");
            }
            double s = number(field, scale);
            field = "seed";
            long sd = seed == null || seed.isBlank() ? ReferenceDataLoads.DEFAULT_SEED : Long.parseLong(seed.trim());
            field = "batchSize";
            int bs = batchSize == null || batchSize.isBlank() ? loads.defaultBatchSize() : Integer.parseInt(batchSize.trim());
            field = "reset";
            boolean resetAll = resetAll(reset);
            field = "writer";
            var w = writer == null || writer.isBlank() ? LoadParameters.Writer.JPA : LoadParameters.Writer.of(writer);
            field = "scale";
            parameters = new LoadParameters(s, sd, bs, resetAll, w);
        } catch (NumberFormatException e) {
            return error(Response.Status.BAD_REQUEST, field + " must be a number", field);
        } catch (IllegalArgumentException e) {
            return error(Response.Status.BAD_REQUEST, e.getMessage(), e.getMessage().startsWith("batch size") ? "batchSize" : field);
        }
        try {
            return Response.accepted(loads.start(parameters)).build();
        } catch (LoadRefusedException e) {
            return error(Response.Status.CONFLICT, e.getMessage(), null);
        }
    }

    /** Finishes the latest load from its last checkpoint (202). */
    @POST
    @Path("restart")
    public Response restart() {
        try {
            return Response.accepted(loads.restart()).build();
        } catch (LoadRefusedException e) {
            return error(Response.Status.CONFLICT, e.getMessage(), null);
        }
    }

    @POST
    @Path("stop")
    public Response stop() {
        try {
            return Response.accepted(loads.stop()).build();
        } catch (LoadRefusedException e) {
            return error(Response.Status.CONFLICT, e.getMessage(), null);
        }
    }

    /**
     * scope=orders empties orders, order lines and replenishments; scope=loaded also puts every stock row back at
     * the quantity the latest completed load gave it (the state right after that load); scope=all empties every
     * table. Answers what was done.
     */
    @POST
    @Path("reset")
    public Response reset(@QueryParam("scope") String scope) throws SQLException {
        ReferenceDataLoads.ResetScope resetScope;
        try {
            resetScope = ReferenceDataLoads.ResetScope.of(scope);
        } catch (IllegalArgumentException e) {
            return error(Response.Status.BAD_REQUEST, e.getMessage(), "scope");
        }
        try {
            return Response.ok(loads.reset(resetScope)).build();
        } catch (LoadRefusedException e) {
            return error(Response.Status.CONFLICT, e.getMessage(), null);
        }
    }

    private static boolean resetAll(String reset) {
        if (reset == null || reset.isBlank() || reset.trim().equalsIgnoreCase("none")) {
            return false;
        }
        if (reset.trim().equalsIgnoreCase("all")) {
            return true;
        }
        throw new IllegalArgumentException("reset must be none or all (orders alone: POST reset?scope=orders)");
    }

    private static double number(String field, String value) {
        try {
            return Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(field + " must be a number: " + value);
        }
    }

    private static Response error(Response.Status status, String message, String field) {
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE)
                .entity(new ApiError(status.getStatusCode(), message, field)).build();
    }
}

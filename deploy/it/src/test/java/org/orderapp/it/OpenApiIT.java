package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.http.HttpRequest.BodyPublishers;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The API document the application serves is true both ways: it lists every operation of the interface, and
 * every operation it lists exists on the running server (answers something other than "no such path" or
 * "method not allowed").
 */
@ExtendWith(ArquillianExtension.class)
class OpenApiIT {

    /** The interface as built: the JSON API's resources and the guide's two form endpoints. */
    private static final Set<String> OPERATIONS = Set.of(
            "POST /NewOrder", "GET /OrderInquiry",
            "POST /api/orders", "GET /api/orders/{id}",
            "GET /api/customers/{id}", "GET /api/customers/{id}/orders",
            "POST /api/browse/orders", "POST /api/browse/products",
            "GET /api/browse/next", "GET /api/browse/previous", "GET /api/browse/current",
            "GET /api/monitor/replenish", "POST /api/monitor/replenish/reset-peak", "GET /api/ping",
            "GET /api/admin/reference-data", "GET /api/admin/reference-data/plan", "POST /api/admin/reference-data/load",
            "POST /api/admin/reference-data/restart", "POST /api/admin/reference-data/stop", "POST /api/admin/reference-data/reset",
            "POST /api/admin/faults/poison-message", "POST /api/admin/faults/halt-in-commit",
            "GET /api/admin/replenish/dead-letters", "POST /api/admin/replenish/dead-letters/redrive",
            "GET /api/admin/calibration/spin", "PUT /api/admin/calibration/spin");

    @Deployment(testable = false, name = OrderDeployment.NAME)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @ArquillianResource
    @OperateOnDeployment(OrderDeployment.NAME)
    URL base;

    @Test
    void documentListsEveryOperationAndEachExists() {
        var client = new WebClient(base);
        var reply = client.get("openapi.json", WebClient.JSON);
        assertEquals(200, reply.status());
        var document = reply.object();
        assertEquals("/Order", document.getJsonArray("servers").getJsonObject(0).getString("url"));

        var listed = new TreeSet<String>();
        var paths = document.getJsonObject("paths");
        for (String path : paths.keySet()) {
            for (String method : paths.getJsonObject(path).keySet()) {
                listed.add(method.toUpperCase() + " " + path);
            }
        }
        assertEquals(new TreeSet<>(OPERATIONS), listed);

        for (String operation : listed) {
            String method = operation.substring(0, operation.indexOf(' '));
            String path = operation.substring(operation.indexOf(' ') + 2).replace("{id}", "1");
            var answer = client.send(method, path, method.equals("POST") ? WebClient.FORM : null, WebClient.JSON,
                    method.equals("POST") ? BodyPublishers.ofString("") : BodyPublishers.noBody());
            assertNotEquals(405, answer.status(), operation + ": " + answer);
            if (answer.status() == 404) {
                assertNotEquals("path", answer.object().getString("field", null), operation + " exists: " + answer);
            }
        }

        // Each operation documents its error answers with the shared error shape.
        var create = paths.getJsonObject("/api/orders").getJsonObject("post").getJsonObject("responses");
        for (String status : List.of("201", "400", "404", "409", "413", "415")) {
            assertTrue(create.containsKey(status), "POST /api/orders documents " + status);
        }
        assertTrue(document.getJsonObject("components").getJsonObject("schemas").containsKey("ApiError"));
    }

    @Test
    void yamlIsServedToo() {
        var reply = new WebClient(base).get("openapi.yaml", null);
        assertEquals(200, reply.status());
        assertEquals("application/yaml", reply.header("Content-Type").split(";")[0]);
        assertTrue(reply.body().contains("openapi: 3."));
        assertTrue(reply.body().contains("/api/orders:"));
    }
}

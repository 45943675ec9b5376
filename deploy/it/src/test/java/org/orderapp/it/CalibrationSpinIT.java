package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.as.arquillian.container.ManagementClient;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The calibration spin, a test instrument of the lab, switched by the administrator on a server deployed with
 * order.calibration.runtime-switch=true (AdminSecurityIT: refused on one without): a value out of range or not a
 * number is refused (400, the range given) and leaves the spin as it was; a spin of 50 ms makes a request take at
 * least that long (its thread's CPU, which its wall time cannot be less than); switched off again, it reads 0.
 */
@ExtendWith(ArquillianExtension.class)
class CalibrationSpinIT {

    private static final String DEPLOYMENT = "order-calibration-spin";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Deployment(name = DEPLOYMENT, managed = false, testable = false)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @ArquillianResource
    Deployer deployer;

    @ArquillianResource
    ManagementClient management;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @Test
    void theAdministratorSwitchesTheSpinOfARunningServer() throws Exception {
        DeploymentWithProperties.run(management, deployer, DEPLOYMENT, Map.of("order.calibration.runtime-switch", "true"), () -> {
            URI base = URI.create(management.getWebUri().toString() + "/Order/");
            assertEquals(0, spinMicros(base), "no spin on a server started without one");
            for (String bad : List.of("-1", "100001", "fifty", "")) {
                var refused = send(base, "PUT", "api/admin/calibration/spin?micros=" + bad, true);
                assertEquals(400, refused.statusCode(), "micros=" + bad + ": " + refused.body());
                assertTrue(refused.body().contains("micros") && refused.body().contains("100000"),
                        "the answer names the parameter and gives the range: " + refused.body());
                assertEquals(0, spinMicros(base), "a refused spin changes nothing: micros=" + bad);
            }
            try {
                var on = send(base, "PUT", "api/admin/calibration/spin?micros=50000", true);
                assertEquals(200, on.statusCode(), on.body());
                assertEquals(0, JSON.readTree(on.body()).path("before").asLong(-1), on.body());
                assertEquals(50_000, spinMicros(base));
                long start = System.nanoTime();
                assertEquals(200, send(base, "GET", "api/monitor/replenish", false).statusCode());
                long millis = (System.nanoTime() - start) / 1_000_000;
                assertTrue(millis >= 50, "a request spun 50 ms of CPU before it was served: " + millis + " ms");
            } finally {
                assertEquals(200, send(base, "PUT", "api/admin/calibration/spin?micros=0", true).statusCode());
            }
            assertEquals(0, spinMicros(base), "switched off again");
            return null;
        });
    }

    private long spinMicros(URI base) throws Exception {
        var answer = send(base, "GET", "api/admin/calibration/spin", true);
        assertEquals(200, answer.statusCode(), answer.body());
        return JSON.readTree(answer.body()).path("spinMicros").asLong(-1);
    }

    private HttpResponse<String> send(URI base, String method, String path, boolean admin) throws Exception {
        var request = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(60)).header("Accept", "application/json")
                .method(method, HttpRequest.BodyPublishers.noBody());
        if (admin) {
            request.header("Authorization", TestAdmin.admin().authorization()).header(Api.ADMIN_HEADER, "1");
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}

package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.orderapp.stack.admin.AdminCredentials;

/**
 * The admin operations need a user with the role order-admin: without credentials 401 (with a BASIC challenge),
 * with a wrong password or an unknown user 401, with a user lacking the role 403; in every refused case the
 * database is unchanged, checked table by table (rows and checksum) with reference data and an order in it.
 * The order workload itself stays open to anonymous callers. Elytron's brute-force mitigation locks a user out
 * after repeated wrong passwords, so the administrator's wrong password is tried once, and the lock-out on another user.
 */
@ExtendWith(ArquillianExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class) // the lock-out comes last: it locks the user without the role
class AdminSecurityIT {

    /** Every admin operation, reads included: the reference-data API, the dead letters and the replenish monitor's reset. */
    private static final List<String> ADMIN_OPERATIONS = List.of(
            "GET api/admin/reference-data",
            "GET api/admin/reference-data/plan?scale=0.002",
            "POST api/admin/reference-data/load?scale=0.002&reset=all",
            "POST api/admin/reference-data/restart",
            "POST api/admin/reference-data/stop",
            "POST api/admin/reference-data/reset?scope=orders",
            "POST api/admin/reference-data/reset?scope=loaded",
            "POST api/admin/reference-data/reset?scope=all",
            "GET api/admin/replenish/dead-letters",
            "POST api/admin/replenish/dead-letters/redrive",
            "POST api/admin/faults/halt-in-commit?point=after-commit",
            "POST api/monitor/replenish/reset-peak",
            "POST api/admin/faults/poison-message");

    @Deployment(testable = false, name = OrderDeployment.NAME)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @ArquillianResource
    @OperateOnDeployment(OrderDeployment.NAME)
    URL base;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @AfterEach
    void emptyTables() {
        new ReferenceDataApi(base).resetAll();
    }

    @Test
    @Order(1)
    void everyAdminOperationIsRefusedWithoutTheRoleAndChangesNothing() throws Exception {
        var admin = new ReferenceDataApi(base);
        admin.resetAll();
        admin.loadAndWait("scale=0.002&seed=3");
        long product;
        try (var c = TestDatabase.connect()) {
            product = TestData.wellStockedProduct(c, 1);
        }
        var order = new Api(base).order(1, product, 2);
        assertEquals(201, order.status(), "an anonymous caller places an order: " + order.body());
        var before = Tables.quiet(Duration.ofSeconds(30));

        var wrongPassword = new AdminCredentials(AdminCredentials.USER, TestAdmin.admin().password() + "x");
        var unknownUser = new AdminCredentials("nobody", TestAdmin.admin().password());
        assertEquals(401, send(ADMIN_OPERATIONS.get(ADMIN_OPERATIONS.size() - 2), wrongPassword).statusCode(),
                "the administrator's name with a wrong password");
        for (String operation : ADMIN_OPERATIONS) {
            HttpResponse<String> anonymous = send(operation, null);
            assertEquals(401, anonymous.statusCode(), operation + " without credentials: " + anonymous.body());
            assertTrue(anonymous.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Basic realm="),
                    operation + " asks for BASIC credentials: " + anonymous.headers().map());
            assertTrue(anonymous.body().contains("\"field\":\"Authorization\""), operation + ": " + anonymous.body());

            assertEquals(401, send(operation, unknownUser).statusCode(), operation + " by an unknown user");

            HttpResponse<String> reader = send(operation, TestAdmin.reader());
            assertEquals(403, reader.statusCode(), operation + " by a user without the role: " + reader.body());
            assertTrue(reader.body().contains("order-admin"), "the answer names the role: " + reader.body());

            assertEquals(before, Tables.snapshot(), "nothing changed after the refused " + operation);
        }
    }

    @Test
    @Order(3)
    void repeatedWrongPasswordsLockTheUserOutEvenWithTheRightOne() throws Exception {
        var guess = new AdminCredentials(TestAdmin.USER_WITHOUT_ROLE, "guess");
        for (int attempt = 0; attempt < 20; attempt++) {
            assertEquals(401, send("GET api/admin/reference-data", guess).statusCode());
        }
        assertEquals(401, send("GET api/admin/reference-data", TestAdmin.reader()).statusCode(),
                "locked out: the right password is refused too (a user who is not locked out gets 403 here)");
    }

    @Test
    @Order(2)
    void theAdministratorIsAllowedAndTheWorkloadStaysAnonymous() throws Exception {
        assertEquals(200, send("GET api/admin/reference-data/plan?scale=0.002", TestAdmin.admin()).statusCode());
        assertEquals(200, send("POST api/monitor/replenish/reset-peak", TestAdmin.admin()).statusCode());
        // A test instrument: even the administrator cannot halt a server not started with order.faults.halt-in-commit.
        var halt = send("POST api/admin/faults/halt-in-commit?point=after-commit", TestAdmin.admin());
        assertEquals(403, halt.statusCode(), halt.body());
        assertTrue(halt.body().contains("order.faults.halt-in-commit=true"), "the answer names the setting: " + halt.body());
        assertEquals(400, send("POST api/admin/faults/halt-in-commit?point=later", TestAdmin.admin()).statusCode());
        assertEquals(200, send("GET api/admin/reference-data/plan?scale=0.002", TestAdmin.admin()).statusCode(),
                "the server goes on serving");
        for (String open : List.of("GET api/monitor/replenish", "GET api/ping", "GET openapi.yaml")) {
            var answer = send(open, null);
            assertTrue(answer.statusCode() != 401 && answer.statusCode() != 403,
                    open + " stays open to anonymous callers: " + answer.statusCode());
        }
    }

    private HttpResponse<String> send(String operation, AdminCredentials credentials) throws Exception {
        String[] parts = operation.split(" ", 2);
        var request = HttpRequest.newBuilder(URI.create(base.toString()).resolve(parts[1])).timeout(Duration.ofSeconds(60))
                .header("Accept", "application/json").method(parts[0], HttpRequest.BodyPublishers.noBody());
        if (credentials != null) {
            request.header("Authorization", credentials.authorization()).header(Api.ADMIN_HEADER, "1");
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}

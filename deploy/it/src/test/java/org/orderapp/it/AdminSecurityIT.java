package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.jboss.as.arquillian.container.ManagementClient;
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
 * The order workload itself stays open to anonymous callers. Repeated wrong passwords lock out the address that
 * sends them, not the user, which the lock-out test shows from an address of its own; it comes last.
 */
@ExtendWith(ArquillianExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class) // the lock-out comes last
class AdminSecurityIT {

    private static final List<String> ADMIN_OPERATIONS = AdminOperations.ALL;
    private static final ObjectMapper JSON = new ObjectMapper();

    @Deployment(testable = false, name = OrderDeployment.NAME)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @ArquillianResource
    @OperateOnDeployment(OrderDeployment.NAME)
    URL base;

    @ArquillianResource
    ManagementClient management;

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
        assertEquals(401, send("POST api/admin/faults/poison-message", wrongPassword).statusCode(),
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
        assertEquals(0, spinMicros(), "the calibration spin was not switched by a refused request");
    }

    /**
     * The client that guesses is locked out, not the user it guesses for: wrong passwords for the administrator's own
     * name from another loopback address lock that address out (429, credentials not even checked, the right one
     * neither), while the administrator, from the usual address, goes on as ever and requests without credentials
     * are not affected. Elytron's lock-out of the user would have refused the administrator here.
     */
    @Test
    @Order(4)
    void wrongPasswordsLockOutTheClientThatSendsThemNotTheAdministrator() throws Exception {
        int attempts = Management.readResolved(management, Management.address("system-property", "order.admin.lockout-attempts"),
                "value").asInt();
        var guess = new AdminCredentials(AdminCredentials.USER, "guess");
        var statuses = new java.util.ArrayList<Integer>();
        for (int attempt = 0; attempt < attempts + 5; attempt++) {
            statuses.add(statusFrom(GUESSER, "GET api/admin/reference-data", guess));
        }
        assertEquals(java.util.Collections.nCopies(attempts, 401), statuses.subList(0, attempts), "refused, then locked out: " + statuses);
        int first = statuses.indexOf(429);
        assertTrue(first >= attempts && first <= attempts + 2, "locked out after " + attempts + " wrong passwords: " + statuses);
        assertTrue(statuses.subList(first, statuses.size()).stream().allMatch(s -> s == 429), "and stays locked out: " + statuses);
        assertEquals(429, statusFrom(GUESSER, "GET api/admin/reference-data", TestAdmin.admin()),
                "from the guessing address even the right password is not checked");
        assertEquals(401, statusFrom(GUESSER, "GET api/admin/reference-data", null), "a request without credentials is not affected");

        assertEquals(200, send("GET api/admin/reference-data", TestAdmin.admin()).statusCode(),
                "the administrator, from another address, is not locked out by someone else's guesses");
        assertEquals(403, send("GET api/admin/reference-data", TestAdmin.reader()).statusCode(), "nor is any other user");
        Path audit = Path.of(System.getProperty("order.it.dir", "target"), "server-base", "log", "admin-audit.log");
        assertTrue(Files.readAllLines(audit).stream().anyMatch(l -> l.contains("client=" + GUESSER + " locked out")),
                "the lock-out is in the audit log");
    }

    /** Another loopback address than the one the tests' clients use: the guessing client. */
    private static final String GUESSER = "127.0.0.2";

    /** The status of a request sent from a local address of this machine to the server's loopback address. */
    private int statusFrom(String local, String operation, AdminCredentials credentials) throws Exception {
        String[] parts = operation.split(" ", 2);
        String head = parts[0] + " " + base.getPath() + parts[1] + " HTTP/1.1\r\nHost: localhost\r\nAccept: application/json\r\n"
                + (credentials == null ? "" : "Authorization: " + credentials.authorization() + "\r\n") + "Connection: close\r\n\r\n";
        try (var socket = new Socket()) {
            socket.bind(new InetSocketAddress(InetAddress.getByName(local), 0));
            socket.connect(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), base.getPort()), 10_000);
            socket.setSoTimeout(60_000);
            socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            return RawHttp.read(socket.getInputStream()).status();
        }
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

    /**
     * A test instrument: even the administrator cannot switch the calibration spin of a server not started with
     * order.calibration.runtime-switch=true (CalibrationSpinIT switches it on one that is); it reads 0 before and after.
     */
    @Test
    @Order(3)
    void theCalibrationSpinIsNotSwitchedOnAServerThatDoesNotAllowIt() throws Exception {
        assertEquals(0, spinMicros(), "no spin on a server started without one");
        var refused = send("PUT api/admin/calibration/spin?micros=50000", TestAdmin.admin());
        assertEquals(403, refused.statusCode(), refused.body());
        assertTrue(refused.body().contains("order.calibration.runtime-switch=true"), "the answer names the setting: " + refused.body());
        assertEquals(0, spinMicros(), "nothing switched");
    }

    private long spinMicros() throws Exception {
        var answer = send("GET api/admin/calibration/spin", TestAdmin.admin());
        assertEquals(200, answer.statusCode(), answer.body());
        return JSON.readTree(answer.body()).path("spinMicros").asLong(-1);
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

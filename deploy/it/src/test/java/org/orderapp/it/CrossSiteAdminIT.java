package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * The admin API cannot be driven from another web site, even from the browser of a logged-in administrator: a
 * form on a page of another site, posted by headless Chromium with the administrator's BASIC credentials cached,
 * is refused (403) and changes no table; so are the requests such a page could make (form-encoded, text/plain,
 * with a foreign Origin or Sec-Fetch-Site), while the same request with the admin header from the server's own
 * origin is carried out. Every admin request leaves an audit record, and every request a line in the access log
 * when it is switched on.
 */
@ExtendWith(ArquillianExtension.class)
class CrossSiteAdminIT {

    private static final Path CHROMIUM = Path.of(System.getProperty("order.it.chromium", "/usr/bin/chromium"));
    private static final Path CHROMEDRIVER = Path.of(System.getProperty("order.it.chromedriver", "/usr/bin/chromedriver"));
    private static final String RESET_ALL = "api/admin/reference-data/reset?scope=all";
    private static final int CENTER = 8160;

    @Deployment(testable = false, name = OrderDeployment.NAME)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @ArquillianResource
    @OperateOnDeployment(OrderDeployment.NAME)
    URL base;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    /** Rows a reset would remove, so that an executed reset cannot go unnoticed. */
    @BeforeEach
    void someRows() throws Exception {
        try (var c = TestDatabase.connect()) {
            TestData.distributionCenter(c, CENTER);
            TestData.pricingMethod(c, CENTER, "0.2500");
            TestData.customer(c, 8_160_001L, CENTER, CENTER);
            TestData.product(c, 8161, "Cross-site kettle", "3.00", 0, 100);
            TestData.inventory(c, 8161, CENTER, 1_000);
        }
    }

    @Test
    void aFormOfAnotherSitePostedFromTheAdministratorsBrowserChangesNothing() throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "Chromium is not installed (apt-get install -y chromium chromium-driver), so the browser case is skipped");
        // Another site: the other loopback name than the one the server is reached by, on a port of its own. Its
        // pages each post one form to an admin operation: reset?scope=all in each encoding a form has, and every
        // other operation that changes something URL-encoded.
        URI target = URI.create(base.toString()).resolve(RESET_ALL);
        String otherHost = target.getHost().equals("localhost") ? "127.0.0.1" : "localhost";
        HttpServer otherSite = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        var attacks = new java.util.LinkedHashMap<String, URI>();
        for (String enctype : List.of("application/x-www-form-urlencoded", "text/plain", "multipart/form-data")) {
            attacks.put(attackPage(otherSite, "/" + enctype.replace('/', '-'), target, enctype), target);
        }
        for (String operation : AdminOperations.changes()) {
            URI action = URI.create(base.toString()).resolve(operation.substring("POST ".length()));
            attacks.put(attackPage(otherSite, "/op" + attacks.size(), action, "application/x-www-form-urlencoded"), action);
        }
        otherSite.start();
        Path profile = Files.createTempDirectory("order-chromium-");
        WebDriver browser = null;
        try {
            browser = chromium(profile);
            // The administrator signs in: the browser caches the BASIC credentials for the admin API.
            var admin = TestAdmin.admin();
            URI status = URI.create(base.toString()).resolve("api/admin/reference-data");
            browser.get(status.getScheme() + "://" + admin.user() + ":" + admin.password() + "@" + status.getHost() + ":"
                    + status.getPort() + status.getPath());
            assertTrue(browser.getPageSource().contains("\"state\""), "the administrator is signed in: " + browser.getPageSource());
            var before = Tables.quiet(Duration.ofSeconds(30));
            assertFalse(before.values().stream().allMatch(v -> v.startsWith("0 rows")), "there is something to reset");

            for (var attack : attacks.entrySet()) {
                String page = "http://" + otherHost + ":" + otherSite.getAddress().getPort() + attack.getKey();
                browser.get(page);
                String answer = awaitPageAt(browser, attack.getValue().getPath());
                assertTrue(answer.contains("\"status\":403") && answer.contains("another site"),
                        "the form of " + page + " to " + attack.getValue() + ": refused by the cross-site check, with the credentials sent: "
                                + answer);
                assertEquals(before, Tables.snapshot(), "the form of " + page + " to " + attack.getValue() + " changed nothing");
            }
        } finally {
            if (browser != null) {
                browser.quit();
            }
            otherSite.stop(0);
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** A page of the other site at this path that posts a form to the action as soon as it loads; answers the path. */
    private static String attackPage(HttpServer site, String path, URI action, String enctype) {
        String page = "<!DOCTYPE html><html><body><form id=\"f\" method=\"post\" action=\"" + action + "\" enctype=\""
                + enctype + "\"><input name=\"scope\" value=\"all\"></form>"
                + "<script>document.getElementById('f').submit();</script></body></html>";
        site.createContext(path, exchange -> {
            byte[] body = page.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        return path;
    }

    static Stream<Arguments> requestsAnotherSiteCouldSend() {
        String form = "application/x-www-form-urlencoded";
        return Stream.of(
                Arguments.of("form-encoded POST", "POST", form, List.of()),
                Arguments.of("text/plain POST", "POST", "text/plain", List.of()),
                Arguments.of("POST without a body or the header", "POST", null, List.of()),
                Arguments.of("POST with the header and a foreign Origin", "POST", null,
                        List.of(Api.ADMIN_HEADER, "1", "Origin", "https://attacker.example")),
                Arguments.of("POST with the header and Origin null", "POST", null, List.of(Api.ADMIN_HEADER, "1", "Origin", "null")),
                Arguments.of("POST with the header, Sec-Fetch-Site cross-site", "POST", null,
                        List.of(Api.ADMIN_HEADER, "1", "Sec-Fetch-Site", "cross-site")),
                Arguments.of("POST with the header, Sec-Fetch-Site same-site", "POST", null,
                        List.of(Api.ADMIN_HEADER, "1", "Sec-Fetch-Site", "same-site")));
    }

    /** A PUT, which no form sends, is refused without the admin header too, before the operation decides anything. */
    @Test
    void aPutWithoutTheAdminHeaderIsRefused() throws Exception {
        var answer = http.send(adminRequest("api/admin/calibration/spin?micros=50000").PUT(HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(403, answer.statusCode(), answer.body());
        assertTrue(answer.body().contains("\"field\":\"" + Api.ADMIN_HEADER + "\""), "refused by the header check: " + answer.body());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("requestsAnotherSiteCouldSend")
    void refusedWith403AndNothingChanged(String name, String method, String contentType, List<String> headers) throws Exception {
        var before = Tables.quiet(Duration.ofSeconds(30));
        var request = adminRequest(RESET_ALL).method(method, contentType == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString("scope=all"));
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        for (int i = 0; i < headers.size(); i += 2) {
            request.header(headers.get(i), headers.get(i + 1));
        }
        var answer = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(403, answer.statusCode(), name + ": " + answer.body());
        assertTrue(answer.body().contains("\"field\":\"" + Api.ADMIN_HEADER + "\""), answer.body());
        assertEquals(before, Tables.snapshot(), name + " changed nothing");
    }

    /**
     * Every admin operation, with the administrator's credentials, as a page of another site makes a browser send it
     * (its Origin and Sec-Fetch-Site; a change as a form post, without the admin header): 403, nothing changed.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("everyAdminOperation")
    void everyAdminOperationRefusesARequestFromAnotherSite(String operation) throws Exception {
        var before = Tables.quiet(Duration.ofSeconds(30));
        String[] parts = operation.split(" ", 2);
        var request = adminRequest(parts[1]).header("Origin", "http://attacker.example").header("Sec-Fetch-Site", "cross-site");
        if (parts[0].equals("POST")) {
            request.header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString("scope=all"));
        } else if (parts[0].equals("PUT")) {
            request.PUT(HttpRequest.BodyPublishers.noBody());
        } else {
            request.GET();
        }
        var answer = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(403, answer.statusCode(), operation + ": " + answer.body());
        assertTrue(answer.body().contains("another site"), operation + ": " + answer.body());
        assertEquals(before, Tables.snapshot(), operation + " from another site changed nothing");
    }

    static Stream<String> everyAdminOperation() {
        return AdminOperations.ALL.stream();
    }

    @Test
    void aReadWithAForeignOriginIsRefused() throws Exception {
        var answer = http.send(adminRequest("api/admin/reference-data").header("Origin", "http://attacker.example").GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(403, answer.statusCode(), answer.body());
    }

    @Test
    void theHeaderFromTheServersOwnOriginIsAccepted() throws Exception {
        String origin = base.getProtocol() + "://" + base.getHost() + ":" + base.getPort();
        var answer = http.send(adminRequest("api/monitor/replenish/reset-peak").header(Api.ADMIN_HEADER, "1")
                .header("Origin", origin).header("Sec-Fetch-Site", "same-origin").POST(HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode(), answer.body());
        var plain = http.send(adminRequest("api/admin/reference-data/plan?scale=0.001").GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, plain.statusCode(), "a read needs no header: " + plain.body());
    }

    /** Who, what, from where and the outcome, in admin-audit.log, for done and refused admin requests alike. */
    @Test
    void everyAdminRequestIsAudited() throws Exception {
        String marker = "scale=0.00" + (1000 + (System.nanoTime() & 0xfff));
        assertEquals(200, http.send(adminRequest("api/admin/reference-data/plan?" + marker).GET().build(),
                HttpResponse.BodyHandlers.ofString()).statusCode());
        assertEquals(401, http.send(HttpRequest.newBuilder(URI.create(base.toString()).resolve("api/admin/reference-data/plan?"
                + marker + "1")).GET().build(), HttpResponse.BodyHandlers.ofString()).statusCode());
        assertEquals(403, http.send(adminRequest("api/admin/reference-data/reset?scope=orders&" + marker).POST(
                HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString()).statusCode());
        Path log = Path.of(System.getProperty("order.it.dir", "target"), "server-base", "log", "admin-audit.log");
        List<String> lines = Files.readAllLines(log);
        assertTrue(lines.stream().anyMatch(l -> l.contains("user=" + TestAdmin.admin().user() + " ")
                && l.contains("GET /Order/api/admin/reference-data/plan?" + marker + " outcome=done 200")), String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.contains("user=- ") && l.contains("/plan") && l.contains("outcome=refused 401")),
                String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.contains("user=" + TestAdmin.admin().user() + " ")
                && l.contains("POST /Order/api/admin/reference-data/reset?scope=orders&" + marker + " outcome=refused 403")),
                String.join("\n", lines));
        assertTrue(lines.stream().allMatch(l -> l.matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}\\S* admin user=.*")),
                "each record starts with its time: " + lines.get(0));
    }

    /**
     * The access log, switched on for the tests' server (arquillian.xml; off by default), has a line for a request
     * soon after it is answered: Undertow's writer takes it off the request thread and writes in batches.
     */
    @Test
    void theAccessLogWhenSwitchedOnHasEveryRequest() throws Exception {
        // In the path: the common pattern's request line leaves the query out.
        String path = base.getPath() + "no-such-page-" + System.nanoTime();
        var answer = http.send(HttpRequest.newBuilder(URI.create(base.toString()).resolve(path)).GET().build(),
                HttpResponse.BodyHandlers.discarding());
        assertEquals(404, answer.statusCode());
        Path log = Path.of(System.getProperty("order.it.dir", "target"), "server-base", "log", "access.log");
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        // The protocol is the client's (HTTP/1.1, or HTTP/2.0 after an h2c upgrade).
        var line = java.util.regex.Pattern.compile("\"GET " + java.util.regex.Pattern.quote(path) + " HTTP/[0-9.]+\" 404 ");
        while (!(Files.exists(log) && line.matcher(Files.readString(log)).find())) {
            assertTrue(System.nanoTime() < deadline, "no line for the request in " + log + " after 30 s");
            Thread.sleep(200);
        }
    }

    private HttpRequest.Builder adminRequest(String path) {
        return HttpRequest.newBuilder(URI.create(base.toString()).resolve(path)).timeout(Duration.ofSeconds(60))
                .header("Accept", "application/json").header("Authorization", TestAdmin.admin().authorization());
    }

    private static WebDriver chromium(Path profile) {
        var options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--user-data-dir=" + profile);
        var service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        WebDriver browser = new ChromeDriver(service, options);
        browser.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60));
        return browser;
    }

    /** Waits until the browser shows a loaded page at this path (the form's answer); answers its source. */
    private static String awaitPageAt(WebDriver browser, String path) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            try {
                String url = browser.getCurrentUrl();
                if (url != null && URI.create(url).getPath().equals(path)
                        && "complete".equals(((JavascriptExecutor) browser).executeScript("return document.readyState"))) {
                    String source = browser.getPageSource();
                    assertNotNull(source);
                    return source;
                }
            } catch (RuntimeException navigating) {
                // the document is being replaced; ask again
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the form's answer never showed: " + browser.getCurrentUrl());
    }
}

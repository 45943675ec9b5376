package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.util.regex.Pattern;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.as.arquillian.container.ManagementClient;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The browse page over HTTP: a search starts the one session of the user, next and previous page through the
 * rows the session's paging bean holds, a new search drops them; every action is a post answered 303.
 */
@ExtendWith(ArquillianExtension.class)
class BrowsePagesIT {

    private static final int CENTER = 8130;
    private static final long FIRST_PRODUCT = 8_130_001L;
    private static final int PRODUCTS = 45; // three pages of 20, 20 and 5
    private static final String PREFIX = "Browsepage item";
    private static final Pattern POSITION = Pattern.compile(
            "Page <span id=\"page-number\">(\\d+)</span> of <span id=\"page-count\">(\\d+)</span>");

    @Deployment(testable = false, name = OrderDeployment.NAME)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @ArquillianResource
    @OperateOnDeployment(OrderDeployment.NAME)
    URL base;

    @ArquillianResource
    ManagementClient management;

    @BeforeEach
    void products() throws Exception {
        try (var c = TestDatabase.connect()) {
            for (int i = 0; i < PRODUCTS; i++) {
                TestData.product(c, FIRST_PRODUCT + i, String.format("%s %02d", PREFIX, i), "1.00", 0, 100);
            }
        }
    }

    /**
     * Every kind of answer carries the headers that keep a browser from framing, sniffing or scripting it: pages,
     * API answers, static files, and what the container answers itself (404, the admin API's 401). The session
     * cookie is HttpOnly and SameSite=Lax, and not Secure over plain HTTP.
     */
    @Test
    void everyAnswerCarriesTheSecurityHeadersAndTheSessionCookieIsSameSiteLax() {
        var client = new WebClient(base);
        var answers = new java.util.LinkedHashMap<String, WebClient.Reply>();
        answers.put("home page", client.get("", WebClient.HTML));
        answers.put("browse page", client.get("Browse", WebClient.HTML));
        answers.put("API answer", client.get("api/ping", WebClient.JSON));
        answers.put("style sheet", client.get("style.css", null));
        answers.put("OpenAPI document", client.get("openapi.yaml", null));
        answers.put("404 page", client.get("NoSuchPage", WebClient.HTML));
        answers.put("404 of the API", client.get("api/no/such/thing", WebClient.JSON));
        answers.put("401 of the admin API", client.get("api/admin/reference-data", WebClient.JSON));
        answers.put("405", client.send("DELETE", "NewOrder", null, WebClient.JSON, java.net.http.HttpRequest.BodyPublishers.noBody()));
        for (var e : answers.entrySet()) {
            var reply = e.getValue();
            String policy = reply.header("Content-Security-Policy");
            assertTrue(policy != null && policy.contains("default-src 'none'") && policy.contains("frame-ancestors 'none'")
                    && !policy.contains("unsafe-inline"), e.getKey() + ": " + reply.headers().map());
            assertEquals("DENY", reply.header("X-Frame-Options"), e.getKey());
            assertEquals("nosniff", reply.header("X-Content-Type-Options"), e.getKey());
            assertEquals("no-referrer", reply.header("Referrer-Policy"), e.getKey());
        }
        assertEquals(401, answers.get("401 of the admin API").status());

        var search = client.form("Browse", WebClient.HTML, "action", "products", "name", PREFIX);
        String cookie = search.header("Set-Cookie");
        assertTrue(cookie.startsWith("JSESSIONID="), search::toString);
        String attributes = cookie.toLowerCase(java.util.Locale.ROOT);
        assertTrue(attributes.contains("; httponly") && attributes.contains("; samesite=lax"), cookie);
        assertFalse(attributes.contains("; secure"), "not Secure over plain HTTP: " + cookie);
    }

    @Test
    void searchPageThroughAndStartAgainInOneSession() throws Exception {
        long sessionsBefore = activeSessions();
        var client = new WebClient(base);

        var empty = client.get("Browse", WebClient.HTML);
        assertEquals(200, empty.status());
        assertFalse(empty.body().contains("id=\"results\""), "no search yet");
        assertNull(empty.header("Set-Cookie"), "looking at the page makes no session");

        var started = client.form("Browse", WebClient.HTML, "action", "products", "name", PREFIX);
        assertEquals(303, started.status(), started::toString);
        assertTrue(started.header("Location").endsWith("/Order/Browse"));
        assertTrue(started.header("Set-Cookie").startsWith("JSESSIONID="), "the search starts the user's session");
        assertPage(client, 1, 3, PREFIX + " 00", PREFIX + " 19");

        assertEquals(303, client.form("Browse", WebClient.HTML, "action", "next").status());
        assertPage(client, 2, 3, PREFIX + " 20", PREFIX + " 39");
        assertEquals(303, client.form("Browse", WebClient.HTML, "action", "next").status());
        var last = assertPage(client, 3, 3, PREFIX + " 40", PREFIX + " 44");
        assertTrue(last.contains("id=\"next\" type=\"submit\" name=\"action\" value=\"next\" disabled"), "no page after the last");
        assertEquals(303, client.form("Browse", WebClient.HTML, "action", "next").status());
        assertPage(client, 3, 3, PREFIX + " 40", PREFIX + " 44");
        assertEquals(303, client.form("Browse", WebClient.HTML, "action", "previous").status());
        assertPage(client, 2, 3, PREFIX + " 20", PREFIX + " 39");

        // The JSON API pages through the same bean of the same session.
        var current = client.get("api/browse/current", WebClient.JSON);
        assertEquals(200, current.status());
        assertEquals(2, current.object().getInt("number"));

        assertEquals(303, client.form("Browse", WebClient.HTML, "action", "new").status());
        var cleared = client.get("Browse", WebClient.HTML);
        assertFalse(cleared.body().contains("id=\"results\""), "a new search starts from the empty page");
        assertEquals(404, client.get("api/browse/current", WebClient.JSON).status(), "the bean was removed");
        assertEquals(404, client.form("Browse", WebClient.HTML, "action", "next").status(), "nothing to page through");

        assertEquals(1, client.sessionCookies().size());
        assertEquals(sessionsBefore + 1, activeSessions(), "one session for the whole visit");
    }

    @Test
    void searchErrorsKeepThePageAndMakeNoSession() {
        var client = new WebClient(base);
        var reply = client.form("Browse", WebClient.HTML, "action", "orders", "customerid", "8130001", "from", "2026-02-30");
        assertEquals(400, reply.status());
        assertTrue(reply.body().contains("data-field=\"from\""), reply.body());
        assertTrue(reply.body().contains("id=\"search-orders\""), "the search forms are still there");
        assertTrue(client.sessionCookies().isEmpty());
    }

    private static String assertPage(WebClient client, int number, int count, String firstName, String lastName) {
        var page = client.get("Browse", WebClient.HTML);
        assertEquals(200, page.status());
        assertNull(page.header("Set-Cookie"), "the session is kept, not replaced");
        var position = POSITION.matcher(page.body());
        assertTrue(position.find(), page.body());
        assertEquals(number, Integer.parseInt(position.group(1)));
        assertEquals(count, Integer.parseInt(position.group(2)));
        assertTrue(page.body().contains("<td>" + firstName + "</td>"), firstName + " on page " + number);
        assertTrue(page.body().contains("<td>" + lastName + "</td>"), lastName + " on page " + number);
        return page.body();
    }

    /** Sessions alive in the web module now (sessions-created counts only with statistics on). */
    private long activeSessions() throws Exception {
        return Management.readResolved(management, Management.address("deployment", OrderDeployment.NAME,
                "subdeployment", "order-web.war", "subsystem", "undertow"), "active-sessions").asLong();
    }
}

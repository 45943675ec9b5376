package org.orderapp.driver.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.orderapp.target.ServerTrust;

/**
 * A user connected again (the next step, the next window) comes back with its session, so the server does not keep a
 * new session for every user of every step; another user does not get it.
 */
class ReturningUsersTest {

    private HttpServer server;
    private final AtomicInteger sessions = new AtomicInteger();
    private URI uri;

    @BeforeEach
    void serve() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        // As a servlet container does: a request without the session cookie gets a new session and its cookie.
        server.createContext("/Order/api", exchange -> {
            String cookie = exchange.getRequestHeaders().getFirst("Cookie");
            String session = cookie != null && cookie.startsWith("JSESSIONID=") ? cookie.substring("JSESSIONID=".length())
                    : "s" + sessions.incrementAndGet();
            if (cookie == null) {
                exchange.getResponseHeaders().add("Set-Cookie", "JSESSIONID=" + session + "; Path=/Order; HttpOnly");
            }
            byte[] body = session.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        uri = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/Order/api/browse");
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void aUserConnectedAgainBringsItsSessionAndNoOtherUserGetsIt() {
        var users = new ReturningUsers();
        String first = sessionOf(users, 0);
        String second = sessionOf(users, 1);
        assertEquals("s1", first);
        assertEquals("s2", second, "another user, another session");
        for (int step = 0; step < 3; step++) {
            assertEquals(first, sessionOf(users, 0), "user 0 in a later step: its own session again");
            assertEquals(second, sessionOf(users, 1));
        }
        assertEquals(2, sessions.get(), "two users, two sessions, however many steps");
        assertEquals("s3", sessionOf(new ReturningUsers(), 0), "another load session's users are new to the server");
    }

    @Test
    void aUserStillConnectedLendsItsSessionToNoOne() {
        var users = new ReturningUsers();
        String first = sessionOf(users, 0);
        try (var straggler = users.connect(0, Duration.ofSeconds(10), ServerTrust.system())) {
            assertEquals(first, new String(straggler.get(uri, "text/plain").body(), StandardCharsets.UTF_8));
            assertEquals("s2", sessionOf(users, 0), "user 0 again while its last connection is still open: a session of its own");
        }
        String after = sessionOf(users, 0);
        assertTrue(after.equals(first) || after.equals("s2"), "once closed, a session comes back: " + after);
        assertEquals(2, sessions.get());
    }

    private String sessionOf(ReturningUsers users, int user) {
        try (var connection = users.connect(user, Duration.ofSeconds(10), ServerTrust.system())) {
            var exchange = connection.get(uri, "text/plain");
            assertEquals(200, exchange.status());
            return new String(exchange.body(), StandardCharsets.UTF_8);
        }
    }
}

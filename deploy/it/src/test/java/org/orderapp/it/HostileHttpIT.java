package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.as.arquillian.container.ManagementClient;
import org.jboss.as.controller.client.helpers.Operations;
import org.jboss.dmr.ModelNode;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Requests no browser sends, written straight onto a socket: each gets a 4xx answer or a closed connection within
 * a bounded time, nothing is stored (every table's rows and checksum), and the server answers the next request.
 */
@ExtendWith(ArquillianExtension.class)
class HostileHttpIT {

    private static final Duration BOUND = Duration.ofSeconds(20);
    /** Clients of the session flood sending at once. */
    private static final int FLOOD_THREADS = 4;

    @Deployment(testable = false, name = OrderDeployment.NAME)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @ArquillianResource
    @OperateOnDeployment(OrderDeployment.NAME)
    URL base;

    @ArquillianResource
    ManagementClient management;

    @Test
    void anOversizedHeaderIsRefused() throws Exception {
        String request = "GET " + base.getPath() + "api/ping HTTP/1.1\r\nHost: localhost\r\nX-Padding: "
                + "x".repeat(200_000) + "\r\nConnection: close\r\n\r\n";
        refusedAndNothingChanged(request.getBytes(StandardCharsets.US_ASCII), "a 200 KB header");
    }

    @Test
    void jsonNestedTenThousandLevelsIsRefused() throws Exception {
        String body = "[".repeat(10_000) + "]".repeat(10_000);
        refusedAndNothingChanged(post("api/orders", body), "JSON nested 10,000 levels");
    }

    @Test
    void aNumberOfAMillionDigitsIsRefused() throws Exception {
        String body = "{\"customerId\":" + "9".repeat(1_000_000) + ",\"lines\":[{\"productId\":1,\"quantity\":1}]}";
        refusedAndNothingChanged(post("api/orders", body), "a number of a million digits");
    }

    @Test
    void aNumberWithAHugeExponentIsRefusedAtOnce() throws Exception {
        String body = "{\"customerId\":1e1000000000,\"lines\":[{\"productId\":1,\"quantity\":1}]}";
        long started = System.nanoTime();
        refusedAndNothingChanged(post("api/orders", body), "a number with a huge exponent");
        assertTrue(System.nanoTime() - started < Duration.ofSeconds(10).toNanos(), "answered at once");
    }

    /**
     * A body announced at 4,000 bytes and sent one byte every half second: the listener's read timeout never fires
     * (bytes keep coming), so the server's request body deadline must close the connection, and in bounded time.
     */
    @Test
    void aBodyTrickledByteByByteIsCutOff() throws Exception {
        // The server's request body deadline (web.cli), with slack for a busy machine.
        Duration deadline = Duration.ofSeconds(Management.readResolved(management, Management.address("system-property",
                "order.http.request-body-seconds"), "value").asLong());
        Duration bound = deadline.plusSeconds(10);
        var before = Tables.quiet(Duration.ofSeconds(30));
        String head = "POST " + base.getPath() + "api/orders HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Accept: application/json\r\nContent-Length: 4000\r\n\r\n";
        long started = System.nanoTime();
        int status = 0;
        try (var socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(500);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.write('{');
            for (int sent = 1; sent < 4000 && status == 0; sent++) {
                assertTrue(System.nanoTime() - started < bound.toNanos(), "the server still read the trickled body after "
                        + bound.toSeconds() + " s (" + sent + " bytes)");
                try {
                    int b = in.read();
                    status = b < 0 ? -1 : RawHttp.read(new SequenceInputStream(new ByteArrayInputStream(new byte[] {(byte) b}), in)).status();
                } catch (SocketTimeoutException stillReading) {
                    try {
                        out.write(' ');
                        out.flush();
                    } catch (IOException closed) {
                        status = -1;
                    }
                } catch (IOException reset) {
                    status = -1;
                }
            }
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        System.out.printf("trickled body: %s after %.1f s (deadline %d s)%n", status == -1 ? "connection closed" : "HTTP " + status,
                seconds, deadline.toSeconds());
        assertTrue(seconds >= deadline.toSeconds() - 1, "not cut before the deadline: " + seconds + " s");
        assertTrue(status == -1 || (status >= 400 && status < 500), "a 4xx answer or a closed connection, got " + status);
        assertEquals(before, Tables.snapshot(), "the trickled body changed nothing");
        String ping = "GET " + base.getPath() + "api/ping HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
        assertEquals(200, exchange(ping.getBytes(StandardCharsets.US_ASCII)), "the server answers the next request");
    }

    /**
     * Browse searches from a client that never returns its cookie, each opening a session with a stateful Browser:
     * the web module holds at most its max-active-sessions; a search beyond them is refused with 429 at once, and the
     * server stays healthy. The flood's sessions are invalidated afterwards, so later tests can browse.
     */
    @Test
    void aFloodOfNewSessionsStaysBounded() throws Exception {
        ModelNode web = Management.address("deployment", OrderDeployment.NAME, "subdeployment", "order-web.war", "subsystem", "undertow");
        int bound = Management.readResolved(management, web, "max-active-sessions").asInt();
        assertTrue(bound > 0, "the web module bounds its sessions: " + bound);
        var existing = new HashSet<String>();
        Management.execute(management, Operations.createOperation("list-sessions", web)).asList().forEach(id -> existing.add(id.asString()));
        try {
            flood(web, bound);
        } finally {
            for (ModelNode id : Management.execute(management, Operations.createOperation("list-sessions", web)).asList()) {
                if (!existing.contains(id.asString())) {
                    ModelNode invalidate = Operations.createOperation("invalidate-session", web);
                    invalidate.get("session-id").set(id.asString());
                    management.getControllerClient().execute(invalidate);
                }
            }
        }
    }

    private void flood(ModelNode web, int bound) throws Exception {
        var client = HttpClient.newHttpClient(); // no cookie handler: every search opens a new session
        var search = HttpRequest.newBuilder(base.toURI().resolve("api/browse/orders?customerid=1"))
                .header("Accept", "application/json").POST(HttpRequest.BodyPublishers.noBody()).build();
        int flood = bound + 300;
        var served = new AtomicInteger();
        var refused = new AtomicInteger();
        long started = System.nanoTime();
        var pool = Executors.newFixedThreadPool(FLOOD_THREADS);
        try {
            var answers = new ArrayList<Future<Integer>>();
            for (int i = 0; i < flood; i++) {
                answers.add(pool.submit(() -> client.send(search, HttpResponse.BodyHandlers.discarding()).statusCode()));
            }
            for (var answer : answers) {
                int status = answer.get();
                assertTrue(status == 200 || status == 429, "a search is answered, or refused with 429 when the sessions are full: " + status);
                (status == 200 ? served : refused).incrementAndGet();
            }
        } finally {
            pool.shutdownNow();
        }
        long active = Management.readResolved(management, web, "active-sessions").asLong();
        System.out.printf("session flood: %d searches without a cookie in %.1f s: %d served, %d refused (429); %d sessions active, "
                + "bound %d%n", flood, (System.nanoTime() - started) / 1e9, served.get(), refused.get(), active, bound);
        // Undertow checks the bound before it adds a session, not atomically: requests racing for the last places
        // can pass the check together, so the flood's concurrency is the most the bound can be exceeded by.
        assertTrue(active <= bound + FLOOD_THREADS, active + " active sessions, more than the bound " + bound + " + " + FLOOD_THREADS);
        assertTrue(refused.get() >= flood - bound - FLOOD_THREADS, "searches beyond the bound were refused: " + refused.get());
        String ping = "GET " + base.getPath() + "api/ping HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
        assertEquals(200, exchange(ping.getBytes(StandardCharsets.US_ASCII)), "the server answers the next request");
    }

    private byte[] post(String path, String json) {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        String head = "POST " + base.getPath() + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Accept: application/json\r\nContent-Length: " + body.length + "\r\nConnection: close\r\n\r\n";
        byte[] request = new byte[head.length() + body.length];
        System.arraycopy(head.getBytes(StandardCharsets.US_ASCII), 0, request, 0, head.length());
        System.arraycopy(body, 0, request, head.length(), body.length);
        return request;
    }

    /** The status of the answer, or -1 when the server closed the connection without one; within the bound. */
    private int exchange(byte[] request) throws IOException {
        long started = System.nanoTime();
        try (var socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout((int) BOUND.toMillis());
            OutputStream out = socket.getOutputStream();
            try {
                out.write(request);
                out.flush();
            } catch (IOException closedWhileSending) {
                return -1;
            }
            InputStream in = socket.getInputStream();
            try {
                return RawHttp.read(in).status();
            } catch (SocketTimeoutException e) {
                throw new AssertionError("no answer and no close within " + BOUND.toSeconds() + " s");
            } catch (IOException closed) {
                return -1;
            }
        } finally {
            assertTrue(System.nanoTime() - started < BOUND.toNanos() + 1_000_000_000L, "within the bound");
        }
    }

    /** Refused (a 4xx answer or a closed connection), nothing stored, and the next request answered. */
    private void refusedAndNothingChanged(byte[] request, String what) throws Exception {
        var before = Tables.quiet(Duration.ofSeconds(30));
        int status = exchange(request);
        assertTrue(status == -1 || (status >= 400 && status < 500), what + ": a 4xx answer or a closed connection, got " + status);
        assertEquals(before, Tables.snapshot(), what + " changed nothing");
        String ping = "GET " + base.getPath() + "api/ping HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
        assertEquals(200, exchange(ping.getBytes(StandardCharsets.US_ASCII)), "the server answers the next request");
    }
}

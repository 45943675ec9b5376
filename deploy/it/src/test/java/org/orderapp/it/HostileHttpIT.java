package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
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
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.jboss.as.arquillian.container.ManagementClient;
import org.jboss.as.controller.client.helpers.Operations;
import org.jboss.dmr.ModelNode;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
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

    private static final String FORM = "application/x-www-form-urlencoded";
    private static final String JSON = "application/json";
    /** The admin reset, which empties every table if it ever ran. */
    private static final String RESET_ALL = "api/admin/reference-data/reset?scope=all";

    /**
     * Input no client should send, one request per row, each with the status it must get (-1: the connection
     * closed without an answer): nothing changed, the server still answering. The admin paths are spelt other ways
     * without credentials: none may reach the operation without authentication.
     */
    static Stream<Arguments> badInput() {
        String order = "{\"customerId\":%s,\"lines\":[{\"productId\":1,\"quantity\":1}]}";
        return Stream.of(
                row("form field with invalid UTF-8 (%C3%28)", "POST", "Browse", FORM, ascii("action=products&name=a%C3%28b"), 400),
                row("form field with overlong UTF-8 (%C0%AF)", "POST", "Browse", FORM, ascii("action=products&name=%C0%AF"), 400),
                row("form field with raw invalid UTF-8 bytes", "POST", "Browse", FORM,
                        bytes("action=products&name=a", new byte[] {(byte) 0xC3, 0x28}, "b"), 400),
                row("form field with NUL", "POST", "Browse", FORM, ascii("action=products&name=a%00b"), 400),
                row("form number with invalid UTF-8", "POST", "NewOrder", FORM, ascii("customerid=%C3%28&productid=1&quantity=1"), 400),
                row("JSON string with invalid UTF-8", "POST", "api/orders", JSON,
                        bytes("{\"customerId\":\"", new byte[] {(byte) 0xC3, 0x28}, "\",\"lines\":[]}"), 400),
                row("JSON string with overlong UTF-8", "POST", "api/orders", JSON,
                        bytes("{\"customerId\":\"", new byte[] {(byte) 0xC0, (byte) 0xAF}, "\",\"lines\":[]}"), 400),
                row("JSON string with an escaped NUL", "POST", "api/orders", JSON, ascii(String.format(order, "\"1\\u0000\"")), 400),
                row("JSON string with a raw NUL", "POST", "api/orders", JSON, bytes(String.format(order, "\"1"), new byte[] {0}, "\"}"), 400),
                row("malformed percent-encoding in the query", "GET", "OrderInquiry?customerid=%G1", null, null, 400),
                row("malformed percent-encoding in the path", "GET", "api/orders/%ZZ", null, null, 400),
                row("10,000 query parameters", "GET", "OrderInquiry?customerid=1&" + "p=1&".repeat(10_000), null, null, 400),
                row("10,000 form parameters", "POST", "NewOrder", FORM, ascii("customerid=1&" + "p=&".repeat(10_000)), 413),
                row("admin path with a double slash", "POST", "/" + RESET_ALL, null, null, 401),
                row("admin path with a path parameter", "POST", "api/admin;x=y/reference-data/reset?scope=all", null, null, 401),
                row("admin path with a path parameter on api", "POST", "api;x/admin/reference-data/reset?scope=all", null, null, 401),
                row("admin path with an empty path parameter", "POST", "api/admin/reference-data/reset;?scope=all", null, null, 401),
                row("admin path with an encoded slash", "POST", "api%2Fadmin/reference-data/reset?scope=all", null, null, 405),
                row("admin path with ..", "POST", "api/x/../admin/reference-data/reset?scope=all", null, null, 401),
                row("admin path with encoded ..", "POST", "api/%2e%2e/api/admin/reference-data/reset?scope=all", null, null, 401),
                row("admin path with .", "POST", "api/./admin/reference-data/reset?scope=all", null, null, 401),
                row("admin path in upper case", "POST", "API/admin/reference-data/reset?scope=all", null, null, 405),
                row("monitor reset with a path parameter", "POST", "api/monitor/replenish/reset-peak;x", null, null, 401),
                row("TRACE", "TRACE", "api/ping", null, null, 405));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badInput")
    void badInputIsRefusedWithItsStatus(String name, String method, String path, String contentType, byte[] body, int status)
            throws Exception {
        var before = Tables.quiet(Duration.ofSeconds(30));
        var head = new StringBuilder(method + " " + base.getPath() + path + " HTTP/1.1\r\nHost: localhost\r\n"
                + "Accept: application/json\r\nConnection: close\r\n"
                // the header a real admin client sends, so that what refuses an admin path is never its absence
                + (method.equals("POST") ? "X-Order-Admin: 1\r\n" : ""));
        if (contentType != null) {
            head.append("Content-Type: ").append(contentType).append("\r\n");
        }
        byte[] content = body == null ? new byte[0] : body;
        if (!method.equals("GET")) {
            head.append("Content-Length: ").append(content.length).append("\r\n");
        }
        head.append("\r\n");
        assertEquals(status, exchange(bytes(head.toString(), content, "")), name);
        assertEquals(before, Tables.snapshot(), name + " changed nothing");
        assertEquals(200, exchange(ping()), "the server answers the next request");
    }

    @Test
    void contentLengthWithChunkedTransferEncodingIsRefused() throws Exception {
        String request = "POST " + base.getPath() + "api/orders HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Content-Length: 4\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n"
                + "GET " + base.getPath() + "api/admin/reference-data HTTP/1.1\r\nHost: localhost\r\n\r\n";
        var before = Tables.quiet(Duration.ofSeconds(30));
        assertEquals(400, exchange(request.getBytes(StandardCharsets.US_ASCII)), "Content-Length with Transfer-Encoding: chunked");
        assertEquals(before, Tables.snapshot());
        assertEquals(200, exchange(ping()), "the server answers the next request");
    }

    /** A CR LF sent percent-encoded where the answer echoes the value: it never becomes a header of the answer. */
    @Test
    void anEncodedLineBreakNeverBecomesAHeader() throws Exception {
        String request = "GET " + base.getPath() + "api/orders/%0D%0ASet-Cookie:%20injected=1%0D%0AX-Injected:%20yes HTTP/1.1\r\n"
                + "Host: localhost\r\nAccept: application/json\r\nConnection: close\r\n\r\n";
        try (var socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout((int) BOUND.toMillis());
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            var answer = RawHttp.read(socket.getInputStream());
            assertEquals(400, answer.status(), answer.body());
            assertEquals(null, answer.header("X-Injected"), answer.headers().toString());
            assertFalse(String.valueOf(answer.header("Set-Cookie")).contains("injected"), answer.headers().toString());
            assertFalse(answer.body().contains("\r") || answer.body().contains("\n"), "the echo holds no line break: " + answer.body());
        }
    }

    /**
     * The Location of a created order is its path, from the JSON API and from the form alike: a forged Host header is
     * never echoed into it.
     */
    @Test
    void aForgedHostIsNotEchoedInTheLocationOfACreatedOrder() throws Exception {
        try (var c = TestDatabase.connect()) {
            TestData.distributionCenter(c, 8170);
            TestData.pricingMethod(c, 8170, "0.1000");
            TestData.customer(c, 8_170_001L, 8170, 8170);
            TestData.product(c, 8171, "Host-forging widget", "2.00", 0, 100);
            TestData.inventory(c, 8171, 8170, 1_000);
        }
        createdUnderAForgedHost("api/orders", JSON, "{\"customerId\":8170001,\"lines\":[{\"productId\":8171,\"quantity\":1}]}");
        createdUnderAForgedHost("NewOrder", FORM, "customerid=8170001&productid=8171&quantity=1");
    }

    private void createdUnderAForgedHost(String path, String contentType, String content) throws IOException {
        byte[] body = content.getBytes(StandardCharsets.UTF_8);
        String head = "POST " + base.getPath() + path + " HTTP/1.1\r\nHost: attacker.example\r\nContent-Type: " + contentType
                + "\r\nAccept: application/json\r\nContent-Length: " + body.length + "\r\nConnection: close\r\n\r\n";
        try (var socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout((int) BOUND.toMillis());
            socket.getOutputStream().write(bytes(head, body, ""));
            var answer = RawHttp.read(socket.getInputStream());
            assertEquals(201, answer.status(), path + ": " + answer.body());
            String location = answer.header("Location");
            assertTrue(location.matches(base.getPath() + "api/orders/[0-9a-f-]{36}"),
                    path + ": the order's path, nothing of the Host: " + location);
        }
    }

    /**
     * Line breaks inside the value of a header the application echoes (the Idempotency-Key, named in the answer
     * when it is refused): a folded line, a bare LF before a second "header". Each is refused with 400 before an
     * order is stored, and nothing of it becomes a header of the answer. (A bare CR is not here: Undertow ends the
     * header line at it, so what follows arrives as a request header of its own; docs/security.md.)
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("lineBreaksInAnEchoedHeader")
    void aLineBreakInAnEchoedHeaderIsRefused(String name, String key) throws Exception {
        byte[] body = "{\"customerId\":1,\"lines\":[{\"productId\":1,\"quantity\":1}]}".getBytes(StandardCharsets.UTF_8);
        String head = "POST " + base.getPath() + "api/orders HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Accept: application/json\r\nIdempotency-Key: " + key + "\r\nContent-Length: " + body.length
                + "\r\nConnection: close\r\n\r\n";
        var before = Tables.quiet(Duration.ofSeconds(30));
        try (var socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout((int) BOUND.toMillis());
            socket.getOutputStream().write(bytes(head, body, ""));
            var answer = RawHttp.read(socket.getInputStream());
            assertEquals(400, answer.status(), name + ": " + answer.body());
            assertEquals(null, answer.header("X-Injected"), name + ": " + answer.headers());
            assertFalse(String.valueOf(answer.header("Set-Cookie")).contains("injected"), name + ": " + answer.headers());
        } catch (IOException closed) {
            // a closed connection refuses it too
        }
        assertEquals(before, Tables.snapshot(), name + " changed nothing");
        assertEquals(200, exchange(ping()), "the server answers the next request");
    }

    static Stream<Arguments> lineBreaksInAnEchoedHeader() {
        return Stream.of(
                Arguments.of("a folded line (obs-fold)", "k1\r\n Set-Cookie: injected=1"),
                Arguments.of("a bare LF", "k 1\nX-Injected: yes"),
                Arguments.of("a CR LF with a tab (obs-fold)", "k1\r\n\tX-Injected: yes"));
    }

    /**
     * HTTP/2 over cleartext (prior knowledge, as the listener offers it): 5,000 streams each opened and reset at once
     * by the client, the "rapid reset" pattern. The server may end the connection; it must go on answering others.
     */
    @Test
    void aBurstOfHttp2StreamResetsLeavesTheServerAnswering() throws Exception {
        byte[] path = (base.getPath() + "api/ping").getBytes(StandardCharsets.US_ASCII);
        byte[] authority = (base.getHost() + ":" + base.getPort()).getBytes(StandardCharsets.US_ASCII);
        // HPACK, static table only: :method GET, :scheme http, :path and :authority as literals without indexing.
        var block = new ByteArrayOutputStream();
        block.write(0x82);
        block.write(0x86);
        block.write(0x04);
        block.write(path.length);
        block.write(path);
        block.write(0x01);
        block.write(authority.length);
        block.write(authority);
        byte[] headers = block.toByteArray();
        var burst = new ByteArrayOutputStream();
        burst.write("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        frame(burst, 0x4, 0, 0, new byte[0]); // SETTINGS
        for (int stream = 1; stream < 10_000; stream += 2) {
            frame(burst, 0x1, 0x4 | 0x1, stream, headers); // HEADERS, END_HEADERS | END_STREAM
            frame(burst, 0x3, 0, stream, new byte[] {0, 0, 0, 0x8}); // RST_STREAM CANCEL
        }
        long started = System.nanoTime();
        int frames = 0;
        boolean goaway = false;
        try (var socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout((int) BOUND.toMillis());
            try {
                socket.getOutputStream().write(burst.toByteArray());
                socket.getOutputStream().flush();
                socket.shutdownOutput();
            } catch (IOException closedWhileSending) {
                goaway = true;
            }
            var in = new DataInputStream(socket.getInputStream());
            try {
                while (true) {
                    int length = (in.readUnsignedByte() << 16) | in.readUnsignedShort();
                    int type = in.readUnsignedByte();
                    in.readUnsignedByte();
                    in.readInt();
                    in.skipNBytes(length);
                    frames++;
                    goaway |= type == 0x7;
                }
            } catch (IOException endOfConnection) {
                // the server closed the connection
            }
        }
        System.out.printf("HTTP/2 rapid reset: 5,000 streams opened and reset, %d frames answered, %s, %.1f s%n", frames,
                goaway ? "GOAWAY or closed" : "no GOAWAY", (System.nanoTime() - started) / 1e9);
        assertTrue(frames > 0, "the server spoke HTTP/2 (the preface was answered)");
        assertEquals(200, exchange(ping()), "the server answers the next request");
    }

    /**
     * Only what the application uses is open on its HTTP port: no EJB remoting, no JMS for remote clients (the HTTP
     * upgrades WildFly would otherwise accept there), no /wildfly-services, and no HTTPS listener unless TLS is on.
     */
    @Test
    void onlyWhatTheApplicationUsesIsOpen() throws Exception {
        for (String protocol : List.of("jboss-remoting", "activemq-remoting")) {
            String upgrade = "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: " + protocol
                    + "\r\nSec-JbossRemoting-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nactivemq-handshake: x\r\n\r\n";
            int status = exchange(upgrade.getBytes(StandardCharsets.US_ASCII));
            assertTrue(status != 101, "the HTTP port does not switch to " + protocol + ": " + status);
        }
        String invoker = "GET /wildfly-services/wildfly/naming/v1/lookup HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
        assertEquals(404, exchange(invoker.getBytes(StandardCharsets.US_ASCII)), "no /wildfly-services");
        int httpsPort = base.getPort() - 8080 + 8443;
        try (var socket = new Socket()) {
            socket.connect(new java.net.InetSocketAddress(base.getHost(), httpsPort), 2000);
            throw new AssertionError("something listens on the HTTPS port " + httpsPort + " with TLS off");
        } catch (java.net.ConnectException refused) {
            // nothing listens there
        }
        for (ModelNode removed : List.of(Management.address("subsystem", "remoting", "http-connector", "http-remoting-connector"),
                Management.address("subsystem", "ejb3", "service", "remote"),
                Management.address("subsystem", "undertow", "server", "default-server", "host", "default-host", "setting", "http-invoker"),
                Management.address("subsystem", "messaging-activemq", "server", "default", "http-acceptor", "http-acceptor"),
                Management.address("subsystem", "messaging-activemq", "server", "default", "connection-factory", "RemoteConnectionFactory"))) {
            assertFalse(Management.exists(management, removed), "removed: " + removed);
        }
        ModelNode keyStores = Operations.createOperation("read-children-names", Management.address("subsystem", "elytron"));
        keyStores.get("child-type").set("key-store");
        var names = Management.execute(management, keyStores).asList().stream().map(ModelNode::asString).toList();
        assertEquals(List.of("orderKS"), names.stream().filter(n -> n.startsWith("order") || n.startsWith("application")).toList(),
                "the server's own key store only, not the self-signed default: " + names);
    }

    private static void frame(ByteArrayOutputStream out, int type, int flags, int stream, byte[] payload) {
        out.write(payload.length >>> 16);
        out.write(payload.length >>> 8);
        out.write(payload.length);
        out.write(type);
        out.write(flags);
        out.write(stream >>> 24);
        out.write(stream >>> 16);
        out.write(stream >>> 8);
        out.write(stream);
        out.write(payload, 0, payload.length);
    }

    private byte[] ping() {
        return ("GET " + base.getPath() + "api/ping HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    private static Arguments row(String name, String method, String path, String contentType, byte[] body, int status) {
        return Arguments.of(name, method, path, contentType, body, status);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] bytes(String before, byte[] middle, String after) {
        var out = new ByteArrayOutputStream();
        out.writeBytes(before.getBytes(StandardCharsets.UTF_8));
        out.writeBytes(middle);
        out.writeBytes(after.getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
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

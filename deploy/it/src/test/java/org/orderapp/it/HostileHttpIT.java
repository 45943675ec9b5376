package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
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

    @Deployment(testable = false, name = OrderDeployment.NAME)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @ArquillianResource
    @OperateOnDeployment(OrderDeployment.NAME)
    URL base;

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

package org.orderapp.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import org.junit.jupiter.api.Test;

class DatabaseLinkTest {

    /** An upstream that echoes every byte, on a thread per connection. */
    private static ServerSocket echo() throws IOException {
        var server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread t = new Thread(() -> {
            while (!server.isClosed()) {
                try {
                    Socket s = server.accept();
                    new Thread(() -> {
                        try (s) {
                            s.getInputStream().transferTo(s.getOutputStream());
                        } catch (IOException ignored) {
                            // closed
                        }
                    }).start();
                } catch (IOException e) {
                    return;
                }
            }
        });
        t.setDaemon(true);
        t.start();
        return server;
    }

    @Test
    void theUrlNamesTheLinkInsteadOfTheDatabase() throws IOException {
        try (var link = DatabaseLink.to("jdbc:mariadb://127.0.0.1:3307/order?useSsl=false")) {
            assertEquals("jdbc:mariadb://127.0.0.1:" + link.port() + "/order?useSsl=false",
                    link.jdbcUrl("jdbc:mariadb://127.0.0.1:3307/order?useSsl=false"));
        }
    }

    @Test
    void aHungLinkForwardsNothingUntilHealed() throws Exception {
        try (var upstream = echo(); var link = DatabaseLink.to("jdbc:mariadb://127.0.0.1:" + upstream.getLocalPort() + "/order");
             var client = new Socket(InetAddress.getLoopbackAddress(), link.port())) {
            client.setSoTimeout(500);
            client.getOutputStream().write('a');
            assertEquals('a', client.getInputStream().read());

            link.hang();
            client.getOutputStream().write('b');
            assertThrows(SocketTimeoutException.class, () -> client.getInputStream().read(), "nothing passes while hung");
            try (var late = new Socket(InetAddress.getLoopbackAddress(), link.port())) {
                late.setSoTimeout(500);
                late.getOutputStream().write('c');
                assertThrows(SocketTimeoutException.class, () -> late.getInputStream().read(), "a new connection gets nothing");
                link.heal();
                client.setSoTimeout(5_000);
                late.setSoTimeout(5_000);
                assertEquals('b', client.getInputStream().read(), "what was held passes once healed");
                assertEquals('c', late.getInputStream().read());
            }
        }
    }
}

package org.orderapp.driver.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/** This JVM's own sockets, read from /proc as a partition reads a database node's. */
@EnabledOnOs(OS.LINUX)
class ProcessSocketsTest {

    @Test
    void aListeningPortAndBothEndsOfAConnectionAreFound() throws Exception {
        try (var listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             var client = new Socket(InetAddress.getLoopbackAddress(), listener.getLocalPort());
             var accepted = listener.accept()) {
            var sockets = ProcessSockets.of(ProcessHandle.current().pid());
            assertTrue(sockets.listening().contains(listener.getLocalPort()), sockets.toString());
            assertTrue(sockets.links().contains(new ProcessSockets.Link(client.getLocalPort(), listener.getLocalPort())), sockets.toString());
            assertTrue(sockets.links().contains(new ProcessSockets.Link(listener.getLocalPort(), client.getLocalPort())), sockets.toString());
        }
    }

    @Test
    void aPortIsReadAsProcWritesIt() {
        assertEquals(14011, ProcessSockets.port("0100007F:36BB"));
        assertEquals(14011, ProcessSockets.port("00000000000000000000000001000000:36BB"));
    }
}

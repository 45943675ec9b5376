package org.orderapp.driver.fault;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * A server that halts its JVM on the arming of a kill before it answers, as the application does when an order's
 * commit on another thread takes the halt first. Prints its port, then serves until halted.
 */
public final class HaltingServer {

    private HaltingServer() {
    }

    public static void main(String[] args) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/Order/api/admin/faults/halt-in-commit", exchange -> Runtime.getRuntime().halt(137));
        server.start();
        System.out.println(server.getAddress().getPort());
        System.out.flush();
    }
}

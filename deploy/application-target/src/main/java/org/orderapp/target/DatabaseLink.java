package org.orderapp.target;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP relay on loopback between the server and its database, which can hang: while hung it forwards nothing in
 * either direction (what arrives is held, connections stay open, new ones are accepted and get no greeting), as a
 * network that drops every packet; healed, it forwards again, held bytes first. The server's JDBC URL names the link
 * instead of the database (see {@link #jdbcUrl}), so the fault db-hang needs no root and no firewall rules, only a
 * stack started through a link of the driver's own process. Each connection is two threads, one per direction.
 */
public final class DatabaseLink implements AutoCloseable {

    private static final int BUFFER = 16 * 1024;

    private final ServerSocket listener;
    private final String upstreamHost;
    private final int upstreamPort;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private final Object gate = new Object();
    private boolean hung; // guarded by gate
    private volatile boolean closed;

    private DatabaseLink(ServerSocket listener, String upstreamHost, int upstreamPort) {
        this.listener = listener;
        this.upstreamHost = upstreamHost;
        this.upstreamPort = upstreamPort;
    }

    /** A link on a free loopback port to the database of this JDBC URL (a single host), forwarding at once. */
    public static DatabaseLink to(String jdbcUrl) throws IOException {
        String authority = authority(jdbcUrl);
        if (authority.contains(",")) {
            throw new IllegalArgumentException("a database link fronts a single database host, not " + authority);
        }
        int colon = authority.lastIndexOf(':');
        String host = colon < 0 ? authority : authority.substring(0, colon);
        int port = colon < 0 ? 3306 : Integer.parseInt(authority.substring(colon + 1));
        var listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        var link = new DatabaseLink(listener, host, port);
        daemon("database-link-accept", link::acceptUntilClosed).start();
        return link;
    }

    /** The JDBC URL with the link in place of the database's host and port. */
    public String jdbcUrl(String jdbcUrl) {
        String authority = authority(jdbcUrl);
        int at = jdbcUrl.indexOf("//") + 2;
        return jdbcUrl.substring(0, at) + "127.0.0.1:" + listener.getLocalPort() + jdbcUrl.substring(at + authority.length());
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** Stops forwarding: nothing passes either way until {@link #heal()}. */
    public void hang() {
        synchronized (gate) {
            hung = true;
        }
    }

    /** Forwards again. */
    public void heal() {
        synchronized (gate) {
            hung = false;
            gate.notifyAll();
        }
    }

    public boolean hung() {
        synchronized (gate) {
            return hung;
        }
    }

    /** Connections open through the link now, counted once each. */
    public int connections() {
        return sockets.size() / 2;
    }

    private void acceptUntilClosed() {
        while (!closed) {
            try {
                Socket client = listener.accept();
                Socket database;
                try {
                    database = new Socket(upstreamHost, upstreamPort);
                } catch (IOException refused) {
                    client.close(); // the database is down: the client sees its connection refused, as it would directly
                    continue;
                }
                client.setTcpNoDelay(true);
                database.setTcpNoDelay(true);
                sockets.add(client);
                sockets.add(database);
                daemon("database-link-up", () -> pump(client, database)).start();
                daemon("database-link-down", () -> pump(database, client)).start();
            } catch (IOException e) {
                if (closed) {
                    return;
                }
            }
        }
    }

    /** Copies one direction; while hung, a chunk read waits before it is written. Either end closing closes both. */
    private void pump(Socket from, Socket to) {
        byte[] buffer = new byte[BUFFER];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                awaitFlowing();
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException | InterruptedException e) {
            // the other end closed, or the link did
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private void awaitFlowing() throws InterruptedException {
        synchronized (gate) {
            while (hung && !closed) {
                gate.wait();
            }
        }
    }

    private void closeQuietly(Socket socket) {
        sockets.remove(socket);
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    private static String authority(String jdbcUrl) {
        int start = jdbcUrl.indexOf("//");
        if (start < 0) {
            throw new IllegalArgumentException("not a JDBC URL with a host: " + jdbcUrl);
        }
        return jdbcUrl.substring(start + 2).split("[/?]", 2)[0];
    }

    private static Thread daemon(String name, Runnable task) {
        Thread t = new Thread(task, name);
        t.setDaemon(true);
        return t;
    }

    /** Closes the listener and every connection through the link. */
    @Override
    public void close() {
        closed = true;
        heal();
        try {
            listener.close();
        } catch (IOException ignored) {
            // already closed
        }
        Set.copyOf(sockets).forEach(this::closeQuietly);
    }
}

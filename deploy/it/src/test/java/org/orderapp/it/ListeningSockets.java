package org.orderapp.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The sockets the processes of a tree listen on (TCP) or are bound to (UDP), read from the kernel's tables in /proc,
 * as ss -ltnup shows them: watched from the start of a stack to its end, so that a listener open only for a moment (a
 * state transfer's rsync daemon) is seen too, with each process's command line.
 */
final class ListeningSockets implements AutoCloseable {

    /** A process's socket: where it listens, and who. */
    record Listener(String protocol, String address, int port, long pid, String command) {

        boolean loopback() {
            return address.startsWith("127.") || address.equals("::1") || address.startsWith("::ffff:127.");
        }

        @Override
        public String toString() {
            return protocol + " " + (address.contains(":") ? "[" + address + "]" : address) + ":" + port + " pid " + pid + " " + command;
        }
    }

    private static final Map<String, String> TABLES = Map.of("tcp", "0A", "tcp6", "0A", "udp", "07", "udp6", "07");

    private final ProcessHandle root;
    private final Set<Listener> seen = ConcurrentHashMap.newKeySet();
    private final Map<Long, String> commandLines = new ConcurrentHashMap<>();
    private final Thread watcher;
    private volatile boolean stopped;

    private ListeningSockets(ProcessHandle root) {
        this.root = root;
        this.watcher = new Thread(this::watch, "listening-sockets");
        watcher.setDaemon(true);
    }

    /** Watches the tree of root (root and its descendants, as they come and go) every half second until closed. */
    static ListeningSockets watch(ProcessHandle root) {
        var sockets = new ListeningSockets(root);
        sockets.watcher.start();
        return sockets;
    }

    /** Every socket seen so far. */
    List<Listener> seen() {
        sample();
        return List.copyOf(seen);
    }

    /** Those not on a loopback address. */
    List<Listener> exposed() {
        return seen().stream().filter(l -> !l.loopback()).toList();
    }

    /** The command lines of every process of the tree seen so far, by process id. */
    Map<Long, String> commandLines() {
        return Map.copyOf(commandLines);
    }

    private void watch() {
        while (!stopped) {
            sample();
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private synchronized void sample() {
        Map<String, Long> owners = new HashMap<>();
        Map<Long, String> commands = new HashMap<>();
        Stream.concat(Stream.of(root), root.descendants()).forEach(p -> {
            String command = commandLine(p.pid());
            if (command == null) {
                return;
            }
            commands.put(p.pid(), command);
            try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(p.pid()), "fd"))) {
                fds.forEach(fd -> {
                    try {
                        String target = Files.readSymbolicLink(fd).toString();
                        if (target.startsWith("socket:[")) {
                            owners.put(target.substring(8, target.length() - 1), p.pid());
                        }
                    } catch (IOException gone) {
                        // closed meanwhile
                    }
                });
            } catch (IOException gone) {
                // the process ended meanwhile
            }
        });
        commandLines.putAll(commands);
        for (var table : TABLES.entrySet()) {
            List<String> lines;
            try {
                lines = Files.readAllLines(Path.of("/proc/net", table.getKey()));
            } catch (IOException e) {
                continue;
            }
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.trim().split("\\s+");
                if (f.length < 10 || !f[3].equals(table.getValue())) {
                    continue;
                }
                Long pid = owners.get(f[9]);
                if (pid != null) {
                    String[] local = f[1].split(":");
                    String command = commands.get(pid);
                    seen.add(new Listener(table.getKey().substring(0, 3), address(local[0]), Integer.parseInt(local[1], 16), pid,
                            command.length() > 160 ? command.substring(0, 160) + " ..." : command));
                }
            }
        }
    }

    /** An address of /proc/net/tcp{,6}: 32-bit words in hexadecimal, each in the machine's (little-endian) byte order. */
    static String address(String hex) {
        byte[] bytes = new byte[hex.length() / 2];
        for (int word = 0; word < bytes.length / 4; word++) {
            for (int b = 0; b < 4; b++) {
                int at = word * 8 + (3 - b) * 2;
                bytes[word * 4 + b] = (byte) Integer.parseInt(hex.substring(at, at + 2), 16);
            }
        }
        if (bytes.length == 4) {
            return (bytes[0] & 0xff) + "." + (bytes[1] & 0xff) + "." + (bytes[2] & 0xff) + "." + (bytes[3] & 0xff);
        }
        if (isMappedV4(bytes)) {
            return "::ffff:" + (bytes[12] & 0xff) + "." + (bytes[13] & 0xff) + "." + (bytes[14] & 0xff) + "." + (bytes[15] & 0xff);
        }
        try {
            var a = java.net.InetAddress.getByAddress(bytes);
            return a.isLoopbackAddress() ? "::1" : a.isAnyLocalAddress() ? "::" : a.getHostAddress();
        } catch (java.net.UnknownHostException e) {
            throw new IllegalArgumentException(hex, e);
        }
    }

    private static boolean isMappedV4(byte[] b) {
        for (int i = 0; i < 10; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return b[10] == (byte) 0xff && b[11] == (byte) 0xff;
    }

    private static String commandLine(long pid) {
        try {
            byte[] raw = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline"));
            var parts = new ArrayList<String>();
            for (String part : new String(raw, StandardCharsets.UTF_8).split("\0")) {
                parts.add(part);
            }
            return String.join(" ", parts);
        } catch (IOException gone) {
            return null;
        }
    }

    @Override
    public void close() {
        stopped = true;
        watcher.interrupt();
    }
}

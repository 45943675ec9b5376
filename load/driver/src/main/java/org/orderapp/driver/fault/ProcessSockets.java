package org.orderapp.driver.fault;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * A local process's TCP sockets as Linux shows them in /proc: the ports it listens on and the connections it holds
 * (its port and the other end's). Read without root from the process's own file descriptors and its network
 * namespace's tables; a partition needs them to find a database node's group-communication ports and links.
 */
record ProcessSockets(Set<Integer> listening, List<Link> links) {

    private static final String LISTEN = "0A";

    /** A connection of the process: its own port and the port of the other end. */
    record Link(int localPort, int remotePort) {
    }

    static ProcessSockets of(long pid) throws IOException {
        Set<String> inodes = socketInodes(Path.of("/proc", Long.toString(pid), "fd"));
        Set<Integer> listening = new TreeSet<>();
        List<Link> links = new ArrayList<>();
        for (String table : List.of("tcp", "tcp6")) {
            Path file = Path.of("/proc", Long.toString(pid), "net", table);
            if (!Files.exists(file)) {
                continue;
            }
            List<String> lines = Files.readAllLines(file);
            for (String line : lines.subList(1, lines.size())) { // the first is the header
                String[] f = line.trim().split("\\s+");
                if (f.length <= 9 || !inodes.contains(f[9])) {
                    continue;
                }
                if (LISTEN.equals(f[3])) {
                    listening.add(port(f[1]));
                } else {
                    links.add(new Link(port(f[1]), port(f[2])));
                }
            }
        }
        return new ProcessSockets(Set.copyOf(listening), List.copyOf(links));
    }

    /** The inode numbers of the process's sockets (a descriptor's link reads socket:[inode]). */
    private static Set<String> socketInodes(Path fds) throws IOException {
        Set<String> inodes = new HashSet<>();
        try (Stream<Path> all = Files.list(fds)) {
            for (Path fd : (Iterable<Path>) all::iterator) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring(8, target.length() - 1));
                    }
                } catch (NoSuchFileException closedMeanwhile) {
                    // the descriptor closed while we read the others
                }
            }
        }
        return inodes;
    }

    /** The port of an address as /proc writes it: hex address, colon, hex port. */
    static int port(String address) {
        return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1), 16);
    }
}

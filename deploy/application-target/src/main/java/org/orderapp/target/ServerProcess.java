package org.orderapp.target;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Finds the local process listening on a TCP port (Linux /proc), for when the management interface cannot
 * name the server's process id.
 */
public final class ServerProcess {

    private ServerProcess() {
    }

    public static Optional<Long> listeningOn(int port) {
        Set<String> inodes = new HashSet<>();
        for (String table : new String[] {"/proc/net/tcp", "/proc/net/tcp6"}) {
            try (Stream<String> lines = Files.lines(Path.of(table))) {
                lines.skip(1).map(String::trim).map(l -> l.split("\\s+")).forEach(f -> {
                    if (f.length > 9 && "0A".equals(f[3])) { // LISTEN
                        String local = f[1];
                        int p = Integer.parseInt(local.substring(local.lastIndexOf(':') + 1), 16);
                        if (p == port) {
                            inodes.add("socket:[" + f[9] + "]");
                        }
                    }
                });
            } catch (IOException | RuntimeException e) {
                // not Linux, or not readable: no answer from this table
            }
        }
        if (inodes.isEmpty()) {
            return Optional.empty();
        }
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            return procs.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit))
                    .filter(p -> ownsSocket(p, inodes))
                    .map(p -> Long.parseLong(p.getFileName().toString()))
                    .findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static boolean ownsSocket(Path proc, Set<String> inodes) {
        try (Stream<Path> fds = Files.list(proc.resolve("fd"))) {
            return fds.anyMatch(fd -> {
                try {
                    return inodes.contains(Files.readSymbolicLink(fd).toString());
                } catch (IOException | UnsupportedOperationException e) {
                    return false;
                }
            });
        } catch (IOException | SecurityException e) {
            return false;
        }
    }
}

package org.orderapp.stack.database;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A node of a Galera cluster: its number, data directory, the mariadbd now running it. */
final class GaleraNode {
    final int number;
    final Path home;
    volatile Process process;

    GaleraNode(int number, Path home) {
        this.number = number;
        this.home = home;
    }

    String name() {
        return "db" + number;
    }

    Path data() {
        return home.resolve("data");
    }

    boolean running() {
        Process p = process;
        return p != null && p.isAlive();
    }

    /** How the node's last join received the state, from its log: incremental or full. */
    String lastTransfer() {
        try {
            List<String> lines = Files.readAllLines(home.resolve("mariadbd.log"));
            for (int i = lines.size() - 1; i >= 0; i--) {
                String l = lines.get(i);
                if (l.contains("IST received")) {
                    return "incremental state transfer";
                }
                if (l.contains("rsync SST completed on joiner") || l.contains("SST succeeded")) {
                    return "full state transfer";
                }
            }
        } catch (IOException | RuntimeException e) {
            // unknown
        }
        return "state transfer not named in its log";
    }

    /** True for a node that holds no data yet (a new cluster). */
    boolean hasNoData() {
        Path dir = data();
        if (!Files.isDirectory(dir)) {
            return true;
        }
        try (var entries = Files.list(dir)) {
            return entries.findFirst().isEmpty();
        } catch (IOException e) {
            return false;
        }
    }
}

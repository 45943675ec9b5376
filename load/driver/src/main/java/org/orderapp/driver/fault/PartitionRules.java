package org.orderapp.driver.fault;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The nftables rules that cut one database node off from the others on loopback: a table of its own, named after the
 * node's SQL port so that clusters of other port offsets keep theirs, whose input hook drops every packet to or from the
 * node's group-communication ports, every packet of the node's own connections to the others', and every new
 * connection to the others' (the node would otherwise reconnect from a fresh port). Packets are dropped on receipt, not
 * refused on sending, so both sides see a network that went silent, as Jepsen's partitions are made. Deleting the table
 * heals; it is deleted when the fault ends, when the driver stops, and before the next run with the fault, so rules
 * left by a killed driver do not outlive it. Needs root (CAP_NET_ADMIN) and the nft command.
 */
final class PartitionRules {

    private static final String PREFIX = "order_partition_";

    private final String table;

    PartitionRules(int nodeSqlPort) {
        this.table = PREFIX + nodeSqlPort;
    }

    String table() {
        return table;
    }

    /**
     * Why this process cannot cut a node off (not root, no nft), or null when it can: said before the run starts, so a
     * run that cannot make its fault does not begin.
     */
    static String cannotCut() {
        try {
            String status = Files.readString(Path.of("/proc/self/status"), StandardCharsets.US_ASCII);
            String uid = status.lines().filter(l -> l.startsWith("Uid:")).findFirst().orElse("Uid: ?");
            if (!"0".equals(uid.split("\\s+")[2])) { // real, effective, saved, file system: the effective one counts
                return "db-partition needs root: it cuts the node off with nftables rules (run the load as root, as CI does)";
            }
        } catch (IOException | RuntimeException e) {
            return "db-partition needs Linux and root (nftables rules): " + e.getMessage();
        }
        try {
            nft(List.of("--version"), null);
        } catch (IOException e) {
            return "db-partition needs the nft command (nftables): " + e.getMessage();
        }
        return null;
    }

    /** Drops the node's traffic with the others: its group ports, its links to their group ports, new links to those. */
    void cut(Set<Integer> nodePorts, Set<Integer> otherPorts, Collection<ProcessSockets.Link> nodeLinks) throws IOException {
        remove();
        var script = new StringBuilder("table inet " + table + " {\n  chain input {\n"
                + "    type filter hook input priority -10; policy accept;\n");
        script.append("    iifname \"lo\" tcp dport ").append(set(nodePorts)).append(" drop\n");
        script.append("    iifname \"lo\" tcp sport ").append(set(nodePorts)).append(" drop\n");
        if (!nodeLinks.isEmpty()) {
            script.append("    iifname \"lo\" tcp sport . tcp dport { ").append(nodeLinks.stream()
                    .map(l -> l.localPort() + " . " + l.remotePort() + ", " + l.remotePort() + " . " + l.localPort())
                    .collect(Collectors.joining(", "))).append(" } drop\n");
        }
        script.append("    iifname \"lo\" tcp flags & (syn | ack) == syn tcp dport ").append(set(otherPorts)).append(" drop\n");
        script.append("  }\n}\n");
        nft(List.of("-f", "-"), script.toString());
    }

    /** Deletes the table if it is there: the partition healed. */
    void remove() throws IOException {
        try {
            nft(List.of("delete", "table", "inet", table), null);
        } catch (IOException e) {
            if (!e.getMessage().contains("No such file or directory")) {
                throw e;
            }
        }
    }

    private static String set(Collection<Integer> ports) {
        return "{ " + ports.stream().sorted().map(String::valueOf).collect(Collectors.joining(", ")) + " }";
    }

    private static void nft(List<String> arguments, String input) throws IOException {
        var command = new java.util.ArrayList<>(List.of("nft"));
        command.addAll(arguments);
        Process nft = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            if (input != null) {
                nft.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
            }
            nft.getOutputStream().close();
            String answer = new String(nft.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (nft.waitFor() != 0) {
                throw new IOException("nft " + String.join(" ", arguments) + " failed: " + answer);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running nft", e);
        }
    }
}

package org.orderapp.stack.database;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a Galera cluster's nodes stand in its history after a stop or a crash (grastate.dat, else mariadbd
 * --wsrep-recover), and so which node may bootstrap the cluster again.
 */
final class GaleraRecovery {

    private static final Pattern RECOVERED = Pattern.compile("WSREP: Recovered position: ([0-9a-f-]{36}):(-?\\d+)");

    private final Function<GaleraNode, List<String>> serverArguments;
    private final Duration timeout;

    /** serverArguments: how the cluster starts a node's mariadbd, which recovery runs with --wsrep-recover. */
    GaleraRecovery(Function<GaleraNode, List<String>> serverArguments, Duration timeout) {
        this.serverArguments = serverArguments;
        this.timeout = timeout;
    }

    /**
     * The node's last committed position in the cluster's history, from grastate.dat or, after a crash (seqno -1),
     * recovered from InnoDB (mariadbd --wsrep-recover); null for a node that never held data.
     */
    Long position(GaleraNode n) throws IOException, InterruptedException {
        Path state = n.data().resolve("grastate.dat");
        if (!Files.isRegularFile(state)) {
            return null;
        }
        long seqno = grastate(state, "seqno").map(Long::parseLong).orElse(-1L);
        if (seqno >= 0) {
            return seqno;
        }
        Optional<String[]> recovered = recover(n);
        return recovered.map(r -> Long.parseLong(r[1])).orElse(-1L);
    }

    /** uuid and seqno of the node's last committed transaction, read from InnoDB by mariadbd --wsrep-recover. */
    Optional<String[]> recover(GaleraNode n) throws IOException, InterruptedException {
        Path log = n.home.resolve("recover.log");
        Files.deleteIfExists(log);
        var command = new ArrayList<>(serverArguments.apply(n));
        command.addAll(List.of("--wsrep-recover", "--skip-networking", "--log-error=" + log,
                "--socket=" + n.home.resolve("tmp/recover.sock")));
        command.removeIf(a -> a.startsWith("--port=") || a.startsWith("--bind-address="));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(n.home.resolve("recover.out").toFile()).start();
        if (!p.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(n.name() + ": recovering its position did not finish; see " + log);
        }
        if (!Files.isRegularFile(log)) {
            return Optional.empty();
        }
        Matcher m = RECOVERED.matcher(Files.readString(log));
        String[] found = null;
        while (m.find()) {
            found = new String[] {m.group(1), m.group(2)};
        }
        return Optional.ofNullable(found);
    }

    static Optional<String> grastate(Path file, String key) throws IOException {
        return Files.readAllLines(file).stream().map(String::trim).filter(l -> l.startsWith(key + ":"))
                .map(l -> l.substring(key.length() + 1).trim()).findFirst();
    }

    /**
     * The node that starts the cluster: node 1 for a new one; otherwise the one Galera marked safe to bootstrap (the
     * last to stop), else the one furthest in the history (all crashed), which is then marked so.
     */
    GaleraNode bootstrapNode(List<GaleraNode> nodes) throws IOException, InterruptedException {
        if (nodes.stream().noneMatch(n -> Files.isRegularFile(n.data().resolve("grastate.dat")))) {
            return nodes.get(0);
        }
        for (GaleraNode n : nodes) {
            Path state = n.data().resolve("grastate.dat");
            if (Files.isRegularFile(state) && grastate(state, "safe_to_bootstrap").filter("1"::equals).isPresent()) {
                return n;
            }
        }
        Map<GaleraNode, Long> positions = new HashMap<>();
        for (GaleraNode n : nodes) {
            Long position = position(n);
            if (position != null) {
                positions.put(n, position);
            }
        }
        GaleraNode furthest = nodes.stream().filter(positions::containsKey)
                .max(java.util.Comparator.comparingLong(positions::get)).orElseThrow();
        Path state = furthest.data().resolve("grastate.dat");
        Files.writeString(state, Files.readString(state).replace("safe_to_bootstrap: 0", "safe_to_bootstrap: 1"));
        return furthest;
    }
}

package org.orderapp.driver.fault;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The application server's transaction log as files, read while the server is dead: what a crash left for the
 * transaction manager to recover. WildFly keeps it under its data directory (tx-object-store, Narayana's file
 * store); each record is one file in a folder named after its type, AtomicAction for a transaction that had
 * prepared its resources and decided to commit. EISNAME records name the XA resources and are not transactions.
 */
public final class TransactionLogFiles {

    private static final String STORE = "tx-object-store";

    private TransactionLogFiles() {
    }

    /** The server's data directory, from its command line (jboss.server.data.dir, else base dir + /data). */
    static Optional<Path> dataDirectory(long pid) {
        try {
            String[] args = new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")), StandardCharsets.UTF_8).split("\0");
            String base = null;
            String home = null;
            for (String arg : args) {
                if (arg.startsWith("-Djboss.server.data.dir=")) {
                    return Optional.of(Path.of(arg.substring(arg.indexOf('=') + 1)));
                }
                if (arg.startsWith("-Djboss.server.base.dir=")) {
                    base = arg.substring(arg.indexOf('=') + 1);
                }
                if (arg.startsWith("-Djboss.home.dir=")) {
                    home = arg.substring(arg.indexOf('=') + 1);
                }
            }
            if (base != null) {
                return Optional.of(Path.of(base, "data"));
            }
            return home == null ? Optional.empty() : Optional.of(Path.of(home, "standalone", "data"));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Record type → count, e.g. {AtomicAction=2}; resource names (EISNAME) left out. */
    static Map<String, Long> transactions(Path dataDirectory) throws IOException {
        Map<String, Long> byType = new TreeMap<>();
        Path store = dataDirectory.resolve(STORE);
        if (!Files.isDirectory(store)) {
            return byType;
        }
        try (Stream<Path> files = Files.walk(store)) {
            files.filter(Files::isRegularFile)
                    .map(f -> f.getParent().getFileName().toString())
                    .filter(type -> !type.equals("EISNAME"))
                    .forEach(type -> byType.merge(type, 1L, Long::sum));
        }
        return byType;
    }

    /** "transaction log at the kill: 2 records (AtomicAction 2)", "... empty", or why it could not be read. */
    static String describe(Optional<Path> dataDirectory) {
        if (dataDirectory.isEmpty()) {
            return "transaction log at the kill: not found (no data directory on the server's command line)";
        }
        try {
            Map<String, Long> records = transactions(dataDirectory.get());
            long total = records.values().stream().mapToLong(Long::longValue).sum();
            if (total == 0) {
                return "transaction log at the kill: no transaction record";
            }
            var types = new StringBuilder();
            records.forEach((type, n) -> types.append(types.length() == 0 ? "" : ", ").append(type).append(' ').append(n));
            return "transaction log at the kill: " + total + (total == 1 ? " record (" : " records (") + types + ")";
        } catch (IOException e) {
            return "transaction log at the kill: unreadable (" + e.getMessage() + ")";
        }
    }
}

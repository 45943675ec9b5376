package org.orderapp.stack;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.orderapp.stack.database.DatabaseTarget;
import org.orderapp.stack.layout.ProjectLayout;
import org.orderapp.target.ServerTrust;
import org.orderapp.target.Target;

/**
 * What a running ./order run offers to the other subcommands (load, load-data, bench) started in another
 * terminal: the application's URL, the management URL and the database, and a cluster's nodes (the application
 * URL is then the load balancer's, the management URL the first node's), and under TLS the certificate the server
 * serves, which the other commands trust. Written to var/run.properties (readable by the owner only: it holds the
 * database password) when the application is ready, deleted when it stops.
 */
public record RunState(String applicationUrl, String managementUrl, DatabaseTarget database, List<Target.Node> nodes,
                       Path certificate) {

    public RunState(String applicationUrl, String managementUrl, DatabaseTarget database) {
        this(applicationUrl, managementUrl, database, List.of(), null);
    }

    public RunState(String applicationUrl, String managementUrl, DatabaseTarget database, List<Target.Node> nodes) {
        this(applicationUrl, managementUrl, database, nodes, null);
    }

    /** What the commands trust when they talk to this application: its server's certificate, if it serves HTTPS. */
    public ServerTrust trust() throws IOException {
        return certificate == null ? ServerTrust.system() : ServerTrust.of(certificate);
    }

    public static Path file(ProjectLayout layout) {
        return layout.var().resolve("run.properties");
    }

    public void write(ProjectLayout layout) throws IOException {
        var p = new Properties();
        p.setProperty("application.url", applicationUrl);
        p.setProperty("management.url", managementUrl);
        p.setProperty("db.url", database.url());
        p.setProperty("db.user", database.user());
        p.setProperty("db.password", database.password());
        p.setProperty("pid", Long.toString(ProcessHandle.current().pid()));
        if (certificate != null) {
            p.setProperty("tls.certificate", certificate.toString());
        }
        for (int i = 0; i < nodes.size(); i++) {
            Target.Node n = nodes.get(i);
            p.setProperty("node." + (i + 1) + ".name", n.name());
            p.setProperty("node." + (i + 1) + ".application.url", n.application().toString());
            p.setProperty("node." + (i + 1) + ".management.url", n.management().toString());
        }
        Path file = file(layout);
        Files.createDirectories(file.getParent());
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try (Writer w = Files.newBufferedWriter(file)) {
            p.store(w, "Written by ./order run while the application runs");
        }
    }

    /**
     * The running application's state, if ./order run is running. A file left by a ./order run that is gone (killed
     * with SIGKILL, so it could not delete it) is deleted and not read.
     */
    public static Optional<RunState> read(ProjectLayout layout) throws IOException {
        Path file = file(layout);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        var p = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            p.load(r);
        }
        String pid = p.getProperty("pid");
        if (pid != null && !ProcessHandle.of(Long.parseLong(pid)).map(ProcessHandle::isAlive).orElse(false)) {
            Files.deleteIfExists(file);
            return Optional.empty();
        }
        var nodes = new ArrayList<Target.Node>();
        for (int i = 1; p.containsKey("node." + i + ".name"); i++) {
            nodes.add(new Target.Node(p.getProperty("node." + i + ".name"), URI.create(p.getProperty("node." + i + ".application.url")),
                    URI.create(p.getProperty("node." + i + ".management.url"))));
        }
        return Optional.of(new RunState(p.getProperty("application.url"), p.getProperty("management.url"),
                new DatabaseTarget(p.getProperty("db.url"), p.getProperty("db.user"), p.getProperty("db.password")),
                List.copyOf(nodes), p.containsKey("tls.certificate") ? Path.of(p.getProperty("tls.certificate")) : null));
    }

    public static void delete(ProjectLayout layout) {
        try {
            Files.deleteIfExists(file(layout));
        } catch (IOException ignored) {
            // best effort at shutdown
        }
    }
}

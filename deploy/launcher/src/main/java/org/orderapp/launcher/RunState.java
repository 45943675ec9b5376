package org.orderapp.launcher;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Properties;

/**
 * What a running ./order run offers to the other subcommands (load, load-data, bench) started in another
 * terminal: the application's URL, the management URL and the database. Written to var/run.properties (readable
 * by the owner only: it holds the database password) when the application is ready, deleted when it stops.
 */
public record RunState(String applicationUrl, String managementUrl, DatabaseTarget database) {

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
        Path file = file(layout);
        Files.createDirectories(file.getParent());
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try (Writer w = Files.newBufferedWriter(file)) {
            p.store(w, "Written by ./order run while the application runs");
        }
    }

    /** The running application's state, if ./order run is running. */
    public static Optional<RunState> read(ProjectLayout layout) throws IOException {
        Path file = file(layout);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        var p = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            p.load(r);
        }
        return Optional.of(new RunState(p.getProperty("application.url"), p.getProperty("management.url"),
                new DatabaseTarget(p.getProperty("db.url"), p.getProperty("db.user"), p.getProperty("db.password"))));
    }

    public static void delete(ProjectLayout layout) {
        try {
            Files.deleteIfExists(file(layout));
        } catch (IOException ignored) {
            // best effort at shutdown
        }
    }
}

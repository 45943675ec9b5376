package org.orderapp.launcher;

import java.io.IOException;
import java.net.URI;
import java.util.Optional;
import picocli.CommandLine.Option;

/** --url: the application a client subcommand talks to; by default the one ./order run has written down. */
class ApplicationOptions {

    @Option(names = "--url", paramLabel = "URL",
            description = "The application, e.g. http://localhost:" + ServerAddress.DEFAULT_HTTP_PORT + "/Order/ "
                    + "(default: from the running ./order run).")
    URI url;

    URI resolve(Optional<RunState> run) throws IOException {
        if (url != null) {
            String u = url.toString();
            return URI.create(u.endsWith("/") ? u : u + "/");
        }
        return URI.create(run.orElseThrow(() -> new IOException(
                "the application is not running: start it with ./order run (or name it with --url)")).applicationUrl());
    }

    URI resolve() throws IOException {
        return resolve(RunState.read(ProjectLayout.current()));
    }
}

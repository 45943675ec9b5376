package org.orderapp.launcher;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.orderapp.stack.RunState;
import org.orderapp.stack.layout.ProjectLayout;
import org.orderapp.stack.layout.ServerAddress;
import picocli.CommandLine.Option;

/** --url: the application a client subcommand talks to; by default the one ./order run has written down. */
public class ApplicationOptions {

    @Option(names = "--url", paramLabel = "URL",
            description = "The application, e.g. http://localhost:" + ServerAddress.DEFAULT_HTTP_PORT + "/Order/ "
                    + "(default: from the running ./order run; for a cluster its load balancer).")
    List<URI> urls = new ArrayList<>();

    /** The one application named, or the running one; a command that talks to one application refuses several. */
    URI resolve(Optional<RunState> run) throws IOException {
        if (urls.size() > 1) {
            throw new IllegalArgumentException("--url names one application here; " + urls.size() + " given");
        }
        return resolveAll(run).get(0);
    }

    /** Every application named (each ending in /), or the running one. */
    List<URI> resolveAll(Optional<RunState> run) throws IOException {
        if (!urls.isEmpty()) {
            return urls.stream().map(u -> u.toString().endsWith("/") ? u : URI.create(u + "/")).toList();
        }
        return List.of(URI.create(run.orElseThrow(() -> new IOException(
                "the application is not running: start it with ./order run (or name it with --url)")).applicationUrl()));
    }

    boolean given() {
        return !urls.isEmpty();
    }

    URI resolve() throws IOException {
        return resolve(RunState.read(ProjectLayout.current()));
    }
}

package org.orderapp.launcher;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.orderapp.stack.RunState;
import org.orderapp.stack.layout.ProjectLayout;
import org.orderapp.stack.layout.ServerAddress;
import org.orderapp.target.ServerTrust;
import picocli.CommandLine.Option;

/**
 * --url: the application a client subcommand talks to; by default the one ./order run has written down. --trust: the
 * certificate believed over HTTPS; by default the one ./order run --tls made, for its own URL.
 */
public class ApplicationOptions {

    @Option(names = "--trust", paramLabel = "FILE",
            description = "Over HTTPS, trust exactly the certificates in FILE (PEM or DER) (default: for the application "
                    + "./order run --tls serves, the certificate it serves; else the JDK's certificate authorities).")
    Path trust;

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

    /** What the clients trust: --trust, else the running ./order run's certificate for its own URLs, else the JDK's authorities. */
    ServerTrust trust(Optional<RunState> run) throws IOException {
        if (trust != null) {
            return ServerTrust.of(trust);
        }
        if (run.isEmpty()) {
            return ServerTrust.system();
        }
        URI ours = URI.create(run.get().applicationUrl());
        boolean toRun = urls.stream().allMatch(u -> Objects.equals(u.getScheme(), ours.getScheme())
                && Objects.equals(u.getHost(), ours.getHost()) && u.getPort() == ours.getPort());
        return toRun ? run.get().trust() : ServerTrust.system();
    }

    ServerTrust trust() throws IOException {
        return trust(RunState.read(ProjectLayout.current()));
    }

    boolean given() {
        return !urls.isEmpty();
    }

    URI resolve() throws IOException {
        return resolve(RunState.read(ProjectLayout.current()));
    }
}

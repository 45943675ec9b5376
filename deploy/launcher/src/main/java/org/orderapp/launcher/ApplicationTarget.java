package org.orderapp.launcher;

import java.io.IOException;
import java.net.URI;
import java.util.Optional;

/** The application a client subcommand talks to: --url if given, else the one ./order run has written down. */
final class ApplicationTarget {

    private ApplicationTarget() {
    }

    static URI applicationUrl(String url) throws IOException {
        if (url != null && !url.isBlank()) {
            return URI.create(url.endsWith("/") ? url : url + "/");
        }
        Optional<RunState> state = RunState.read(ProjectLayout.current());
        return URI.create(state.orElseThrow(() -> new IOException(
                "the application is not running: start it with ./order run (or name it with --url)")).applicationUrl());
    }
}

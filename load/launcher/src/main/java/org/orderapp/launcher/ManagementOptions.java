package org.orderapp.launcher;

import java.io.IOException;
import java.net.URI;
import java.util.Optional;
import org.orderapp.stack.RunState;
import org.orderapp.target.Target;
import picocli.CommandLine.Option;

/** --management-url: the server's management interface; by default the one ./order run has written down. */
public class ManagementOptions {

    @Option(names = "--management-url", paramLabel = "URL",
            description = "The management interface, e.g. http://127.0.0.1:" + Target.DEFAULT_MANAGEMENT_PORT
                    + "/management (default: from the running ./order run).")
    URI url;

    URI resolve(Optional<RunState> run) throws IOException {
        if (url != null) {
            return url;
        }
        return URI.create(run.orElseThrow(() -> new IOException("the management interface is unknown: start the "
                + "application with ./order run, or give --management-url")).managementUrl());
    }
}

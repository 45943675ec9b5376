package org.orderapp.launcher;

import java.io.IOException;
import java.net.URI;
import org.orderapp.load.Target;
import picocli.CommandLine.Option;

/**
 * Where the running application is: by default what ./order run wrote to var/run.properties; the URLs can be
 * given instead, with the database named by ORDER_DB_URL, ORDER_DB_USER and ORDER_DB_PASSWORD.
 */
class TargetOptions {

    @Option(names = "--url", paramLabel = "URL", description = "The application, e.g. http://localhost:8080/Order/ (default: from the running ./order run).")
    URI url;

    @Option(names = "--management-url", paramLabel = "URL",
            description = "The management interface, e.g. http://127.0.0.1:9990/management (default: from the running ./order run).")
    URI management;

    Target resolve(ProjectLayout layout) throws IOException {
        var state = RunState.read(layout);
        if (state.isEmpty() && (url == null || management == null || DatabaseTarget.external().isEmpty())) {
            throw new IllegalStateException("the application is not running: start ./order run in another terminal (it writes "
                    + RunState.file(layout) + "), or give --url, --management-url and ORDER_DB_URL");
        }
        URI application = url != null ? url : URI.create(state.get().applicationUrl());
        URI managementUrl = management != null ? management : URI.create(state.get().managementUrl());
        DatabaseTarget db = state.map(RunState::database).or(DatabaseTarget::external).orElseThrow();
        if (url != null || management != null) {
            db = DatabaseTarget.external().orElse(db);
        }
        return new Target(application, managementUrl, db.url(), db.user(), db.password(),
                AdminCredentials.forClient(layout).map(AdminCredentials::authorization).orElse(null));
    }
}

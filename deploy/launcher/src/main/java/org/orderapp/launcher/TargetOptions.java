package org.orderapp.launcher;

import java.io.IOException;
import org.orderapp.load.Target;
import picocli.CommandLine.Mixin;

/**
 * Where the running application is: by default what ./order run wrote to var/run.properties; the URLs can be
 * given instead, with the database named by ORDER_DB_URL, ORDER_DB_USER and ORDER_DB_PASSWORD.
 */
class TargetOptions {

    @Mixin
    ApplicationOptions application;

    @Mixin
    ManagementOptions management;

    Target resolve(ProjectLayout layout) throws IOException {
        var state = RunState.read(layout);
        boolean given = application.url != null || management.url != null;
        if (state.isEmpty() && (application.url == null || management.url == null || DatabaseTarget.external().isEmpty())) {
            throw new IllegalStateException("the application is not running: start ./order run in another terminal (it writes "
                    + RunState.file(layout) + "), or give --url, --management-url and ORDER_DB_URL");
        }
        DatabaseTarget db = state.map(RunState::database).or(DatabaseTarget::external).orElseThrow();
        if (given) {
            db = DatabaseTarget.external().orElse(db);
        }
        return new Target(application.resolve(state), management.resolve(state), db.url(), db.user(), db.password(),
                AdminCredentials.forClient(layout).map(AdminCredentials::authorization).orElse(null));
    }
}

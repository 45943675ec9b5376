package org.orderapp.launcher;

import java.io.IOException;
import java.net.URI;
import java.util.List;
import org.orderapp.stack.RunState;
import org.orderapp.stack.admin.AdminCredentials;
import org.orderapp.stack.database.DatabaseTarget;
import org.orderapp.stack.layout.ProjectLayout;
import org.orderapp.target.Target;
import picocli.CommandLine.Mixin;

/**
 * Where the running application is: by default what ./order run wrote to var/run.properties (for a cluster, the
 * load balancer and the nodes); the URLs can be given instead, with the database named by ORDER_DB_URL,
 * ORDER_DB_USER and ORDER_DB_PASSWORD. Several --url spread the users over them (a cluster's nodes, bypassing its
 * balancer); the nodes' figures are still read from ./order run's state unless --management-url names another server.
 */
public class TargetOptions {

    @Mixin
    ApplicationOptions application;

    @Mixin
    ManagementOptions management;

    Target resolve(ProjectLayout layout) throws IOException {
        var state = RunState.read(layout);
        boolean given = application.given() || management.url != null;
        if (state.isEmpty() && (!application.given() || management.url == null || DatabaseTarget.external().isEmpty())) {
            throw new IllegalStateException("the application is not running: start ./order run in another terminal (it writes "
                    + RunState.file(layout) + "), or give --url, --management-url and ORDER_DB_URL");
        }
        DatabaseTarget db = state.map(RunState::database).or(DatabaseTarget::external).orElseThrow();
        if (given) {
            db = DatabaseTarget.external().orElse(db);
        }
        List<URI> urls = application.resolveAll(state);
        List<Target.Node> nodes = management.url == null ? state.map(RunState::nodes).orElse(List.of()) : List.of();
        return new Target(urls.get(0), management.resolve(state), db.url(), db.user(), db.password(),
                AdminCredentials.forClient(layout).map(AdminCredentials::authorization).orElse(null), urls, nodes)
                .withTrust(application.trust(state));
    }
}

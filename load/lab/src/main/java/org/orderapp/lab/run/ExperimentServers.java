package org.orderapp.lab.run;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.orderapp.stack.RunState;
import org.orderapp.stack.admin.AdminCredentials;
import org.orderapp.stack.database.DatabaseTarget;
import org.orderapp.stack.layout.ProjectLayout;
import org.orderapp.stack.layout.ServerAddress;
import org.orderapp.target.ServerProcess;

/**
 * The servers an experiment starts on this machine: how long each may take to start, their ports checked free, their
 * administrator, their properties.
 */
final class ExperimentServers {

    /** How long a server of an experiment may take to start and deploy, either method's. */
    static final Duration STARTUP_TIMEOUT = Duration.ofMinutes(5);

    private final ProjectLayout layout;
    private final RunnerSettings settings;
    private final PrintStream out;
    private AdminCredentials admin;

    ExperimentServers(ProjectLayout layout, RunnerSettings settings, PrintStream out) {
        this.layout = layout;
        this.settings = settings;
        this.out = out;
    }

    /** The experiment's ports are free, an external database may be emptied; another Order running is reported. */
    void checkTheMachineIsFree() throws IOException {
        if (DatabaseTarget.external().isPresent() && !settings.resetAllowed()) {
            throw new IllegalArgumentException("the experiment replaces ALL data of the database ORDER_DB_URL names ("
                    + DatabaseTarget.external().get().displayUrl() + "); run again with --reset-all to allow it");
        }
        var address = ServerAddress.of(ServerAddress.DEFAULT_HTTP_PORT, properties(Map.of()));
        for (int port : new int[] {address.httpPort(), address.managementPort()}) {
            if (ServerProcess.listeningOn(port).isPresent()) {
                throw new IllegalArgumentException("port " + port + " is in use: another server runs with the experiment's ports "
                        + "(choose others with --port-offset)");
            }
        }
        if (RunState.read(layout).isPresent()) {
            say("Note: ./order run is serving too; its server shares this machine and will disturb the figures.");
        }
    }

    /** The administrator of every run's server: this checkout's (ORDER_ADMIN_PASSWORD or var/admin-password). */
    AdminCredentials admin() throws IOException {
        if (admin == null) {
            admin = AdminCredentials.forServer(layout).credentials();
        }
        return admin;
    }

    /** The server's system properties: the experiment's port offset, then the variant's. */
    List<String> properties(Map<String, String> variant) {
        var properties = new ArrayList<String>();
        properties.add("jboss.socket.binding.port-offset=" + settings.portOffset());
        variant.forEach((k, v) -> properties.add(k + "=" + v));
        return properties;
    }

    private void say(String line) {
        out.println(line);
        out.flush();
    }
}

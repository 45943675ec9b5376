package org.orderapp.lab.run;

import java.io.IOException;
import java.net.URI;
import java.util.HashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.orderapp.batch.LoadStatus;
import org.orderapp.lab.experiment.ExperimentDefinition;
import org.orderapp.stack.admin.AdminClient;
import org.orderapp.stack.admin.AdminCredentials;
import org.orderapp.stack.admin.ReferenceDataSeed;
import org.orderapp.target.ServerTrust;

/**
 * An experiment's reference data, by database: loaded once (all data replaced) through the first server that reaches
 * a database, then, before every later run on it, brought back to the state that load left (orders removed, every
 * stock row back at its loaded quantity).
 */
public final class ExperimentData {

    private static final int MAX_LOAD_RESTARTS = 3;

    private final ExperimentDefinition definition;
    private final AdminCredentials admin;
    private final Consumer<String> say;
    /** The databases (by their folder, or URL) the reference data was loaded into. */
    private final Set<String> loaded = new HashSet<>();

    ExperimentData(ExperimentDefinition definition, AdminCredentials admin, Consumer<String> say) {
        this.definition = definition;
        this.admin = admin;
        this.say = say;
    }

    boolean loadedInto(String database) {
        return loaded.contains(database);
    }

    /** Loads the data through the application if this database has not got it yet; otherwise resets it to that state. */
    void prepare(URI application, ServerTrust trust, String database) throws IOException, InterruptedException {
        var client = new AdminClient(application, Optional.of(admin), trust);
        if (!loaded.contains(database)) {
            load(client);
            loaded.add(database);
            return;
        }
        AdminClient.Reset outcome = client.resetReport(AdminClient.SCOPE_LOADED);
        if (outcome.done() == null) {
            throw new IOException("the data could not be brought back to its loaded state: " + outcome.error());
        }
        var reset = outcome.done();
        say.accept(String.format(Locale.ROOT, "Data: orders removed, %,d stock rows back at their loaded quantities (%.1f s)",
                AdminClient.Reset.sum(reset.restored()), reset.seconds()));
    }

    private void load(AdminClient client) throws IOException, InterruptedException {
        double scale = definition.data() != null && definition.data().scale() != null ? definition.data().scale() : ReferenceDataSeed.SCALE;
        Long seed = definition.data() == null ? null : definition.data().seed();
        say.accept(String.format(Locale.ROOT, "Data: loading the reference data at scale %s (all data replaced) ...", scale));
        AdminClient.Outcome outcome = client.load(scale, seed, null, true, null);
        if (!outcome.accepted()) {
            throw new IOException("the reference-data load was refused: " + outcome.error());
        }
        LoadStatus end = client.await(outcome.figures().executionId(), 250);
        // On a Galera cluster a chunk's commit can fail certification (seen: a deadlock error at the commit of an
        // inventory chunk, its rows and the job's checkpoint written from two nodes); the job is restartable from
        // its last checkpoint, as ./order load-data --restart does it.
        for (int restarts = 0; !end.completed() && end.restartable() && restarts < MAX_LOAD_RESTARTS; restarts++) {
            say.accept("Data: the load ended " + end.state() + " at " + end.rowsDone() + " of " + end.rowsTotal()
                    + " rows; restarting it from its last checkpoint ...");
            AdminClient.Outcome restarted = client.restart();
            if (!restarted.accepted()) {
                throw new IOException("the reference-data load could not be restarted: " + restarted.error());
            }
            end = client.await(restarted.figures().executionId(), 250);
        }
        if (!end.completed()) {
            throw new IOException("the reference-data load ended " + end.state() + ": " + end.message());
        }
        say.accept(String.format(Locale.ROOT, "Data: %,d rows loaded in %.1f s", end.rowsWritten(), end.loadSeconds()));
    }
}

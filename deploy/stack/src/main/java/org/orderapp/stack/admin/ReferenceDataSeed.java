package org.orderapp.stack.admin;

import java.net.URI;
import java.util.Locale;
import java.util.Optional;
import org.orderapp.batch.LoadStatus;
import org.orderapp.target.ServerTrust;

/**
 * The data set ./order run gives an empty database: the reference-data job at a small scale (19,534 rows at
 * 0.002: 500 products, 4,000 customers, every product at all 25 distribution centers), loaded in seconds.
 */
public final class ReferenceDataSeed {

    public static final double SCALE = 0.002;

    private ReferenceDataSeed() {
    }

    /** Loads the seed data set unless the database has reference data; answers a line for the console. */
    public static String loadIfEmpty(URI applicationUrl, AdminCredentials credentials, ServerTrust trust) throws Exception {
        var admin = new AdminClient(applicationUrl, Optional.of(credentials), trust);
        LoadStatus latest = admin.status();
        if (latest.restartable()) {
            return "Data: load " + latest.executionId() + " was interrupted at " + latest.rowsDone() + " of "
                    + latest.rowsTotal() + " rows; ./order load-data --restart finishes it";
        }
        if (admin.plan(SCALE).referenceDataPresent()) {
            return "Data: existing reference data kept";
        }
        AdminClient.Outcome outcome = admin.load(SCALE, null, null, false, null);
        if (!outcome.accepted()) {
            return "Data: no seed data loaded: " + outcome.error();
        }
        LoadStatus end = new LoadProgressView(admin, System.out).follow(outcome.figures().executionId());
        return end.completed()
                ? String.format(Locale.US, "Data: empty database, loaded %,d rows of reference data (scale %s) in %s",
                        end.rowsWritten(), SCALE, LoadProgressView.duration(end.loadSeconds()))
                : "Data: the seed load ended " + end.state() + " (" + end.message() + "); see the server log";
    }
}

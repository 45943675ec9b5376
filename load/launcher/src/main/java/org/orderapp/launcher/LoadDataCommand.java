package org.orderapp.launcher;

import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.Callable;
import org.orderapp.batch.LoadStatus;
import org.orderapp.batch.ResetOutcome;
import org.orderapp.stack.admin.AdminClient;
import org.orderapp.stack.admin.LoadProgressView;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** ./order load-data: the reference-data load of the running application, with live progress. */
@Command(name = "load-data", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Load the reference data into the running application (Jakarta Batch job on the batch-services",
                "unit) and follow it: rows done of total, rows/s, time left; then a summary.",
                "Scale 1.0 is the guide's data set: 250,000 products, 25 distribution centers (6.25 million inventory",
                "rows), 2,000 suppliers (1.25 million supplier inventory rows), 2 million customers, 4 pricing methods.",
                "A load refuses to run over existing reference data: --reset-all removes everything first.",
                "Stopping this command (Ctrl-C) does not stop the load; --status shows it again."})
public class LoadDataCommand implements Callable<Integer> {

    @Option(names = "--scale", defaultValue = "1.0", description = "Size of the data set; 1.0 = the guide's.")
    double scale;

    @Option(names = "--seed", description = "Seed of the generated data (default: the server's, 42). Same seed and scale, same data.")
    Long seed;

    @Option(names = "--batch-size", description = "Rows per chunk: one transaction, one flush and clear, one JDBC batch "
            + "(default: hibernate.jdbc.batch_size of the batch-services unit, order.batch.batch-size).")
    Integer batchSize;

    /** At most one action; none: a load, with --reset-all removing everything first. */
    @ArgGroup(exclusive = true)
    Action action = new Action();

    static class Action {
        @Option(names = "--reset-all", description = "Remove ALL data first (orders and reference data), then load.")
        boolean resetAll;

        @Option(names = "--reset-orders", description = "Only remove the orders, their lines and the replenishments "
                + "(the reference data stays, as between the guide's runs); load nothing.")
        boolean resetOrders;

        @Option(names = "--reset-to-loaded", description = "Put the data back as the latest completed load left it: remove "
                + "the orders, their lines and the replenishments, and return every stock row changed since to its loaded "
                + "quantity (before each measured run, so stock does not drift); load nothing.")
        boolean resetToLoaded;

        @Option(names = "--restart", description = "Finish the latest load from its last checkpoint (after a failure, a "
                + "stop, or a server that stopped in the middle).")
        boolean restart;

        @Option(names = "--status", description = "Show the latest load and exit (follows it while it runs).")
        boolean status;

        @Option(names = "--stop", description = "Stop the running load at its next checkpoint (--restart continues it).")
        boolean stop;
    }

    @Mixin
    ApplicationOptions application;

    @Override
    public Integer call() throws Exception {
        var admin = AdminClient.of(application.resolve(), application.trust());
        var view = new LoadProgressView(admin, System.out);
        if (action.resetOrders) {
            String refused = admin.reset("orders");
            if (refused != null) {
                System.err.println("order load-data: " + refused);
                return 1;
            }
            System.out.println("Removed the orders, order lines and replenishments; the reference data is kept.");
            return 0;
        }
        if (action.resetToLoaded) {
            return resetToLoaded(admin);
        }
        if (action.status) {
            LoadStatus f = admin.status();
            if (f.executionId() == 0) {
                System.out.println("No reference-data load has run.");
                return 0;
            }
            if (f.running()) {
                System.out.println("Load " + f.executionId() + " is running:");
                f = follow(view, f);
            }
            LoadProgressView.summary(f, System.out);
            return 0;
        }
        AdminClient.Outcome outcome;
        if (action.stop) {
            outcome = admin.stop();
        } else if (action.restart) {
            outcome = admin.restart();
        } else {
            outcome = admin.load(scale, seed, batchSize, action.resetAll, null);
        }
        if (!outcome.accepted()) {
            System.err.println("order load-data: " + outcome.error());
            if (outcome.error().contains("already exists")) {
                System.err.println("  --reset-all removes all data (orders and reference data) before loading.");
            } else if (outcome.error().contains("restart it")) {
                System.err.println("  --restart finishes it; --reset-all starts over.");
            }
            return 1;
        }
        LoadStatus started = outcome.figures();
        if (action.stop) {
            System.out.println("Stopping load " + started.executionId() + " at its next checkpoint; --restart continues it.");
            return 0;
        }
        System.out.printf(java.util.Locale.US, "%s load %d: %,d rows at scale %s, seed %d, batch size %,d%s%n",
                action.restart ? "Restarted" : "Started", started.executionId(), started.rowsTotal(), started.scale(),
                started.seed(), started.batchSize(), action.resetAll ? " (all data removed first)" : "");
        LoadStatus end = follow(view, started);
        LoadProgressView.summary(end, System.out);
        return end.completed() ? 0 : 1;
    }

    /** Prints one line: what was put back, what was emptied, and any rows that could not be restored. */
    private static int resetToLoaded(AdminClient admin) throws Exception {
        AdminClient.Reset outcome = admin.resetReport(AdminClient.SCOPE_LOADED);
        if (outcome.done() == null) {
            System.err.println("order load-data: " + outcome.error());
            return 1;
        }
        ResetOutcome reset = outcome.done();
        long skippedRows = AdminClient.Reset.sum(reset.skipped());
        String skipped = skippedRows == 0 ? "" : String.format(Locale.US,
                "; %,d changed rows the load never made were left as they are (%s)", skippedRows, perTable(reset.skipped()));
        System.out.printf(Locale.US, "Back to the loaded data in %.2f s: %,d stock rows restored (%s), %s emptied%s.%n",
                reset.seconds(), AdminClient.Reset.sum(reset.restored()), perTable(reset.restored()), String.join(", ", reset.emptied()),
                skipped);
        return 0;
    }

    private static String perTable(Map<String, Long> rows) {
        var parts = new StringJoiner(", ");
        rows.forEach((table, n) -> parts.add(String.format(Locale.US, "%s %,d", table, n)));
        return parts.toString();
    }

    private static LoadStatus follow(LoadProgressView view, LoadStatus started) throws Exception {
        Thread hint = new Thread(() -> System.out.printf("%nThe load goes on in the server; ./order load-data --status "
                + "shows it.%n"));
        Runtime.getRuntime().addShutdownHook(hint);
        try {
            return view.follow(started.executionId());
        } finally {
            Runtime.getRuntime().removeShutdownHook(hint);
        }
    }
}

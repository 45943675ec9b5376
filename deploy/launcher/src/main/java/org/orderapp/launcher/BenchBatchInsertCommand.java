package org.orderapp.launcher;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.orderapp.batch.LoadStatus;
import org.orderapp.load.experiment.ExperimentDefinition;
import org.orderapp.load.experiment.Observation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The guide's Table 4.1 measured again: the reference-data load through JPA on batch-services with Connector/J's
 * rewriteBatchedStatements off and on; the same rows as a JDBC batch of single-row INSERTs without JPA, off and on
 * (what the driver alone makes of the switch, the bound of the loader's ratio); and as plain JDBC multi-row INSERTs
 * (the ceiling).
 * Every load is the real job in the running server, into emptied tables, with the same seed, scale and batch size;
 * off and on alternate, repeated; the figures are the server's (rows committed per second of loading, the emptying
 * step excluded). rewriteBatchedStatements is switched the way an administrator would: the datasource property is
 * an expression of order.ds.rewrite-batched-statements, set as a server system property, then the server reloads
 * (a datasource reads its connection properties when it starts). Each reload is followed by an unmeasured warm-up
 * load. The database's own Com_insert counter shows that the switch took: one INSERT per row off, one per chunk on.
 */
@Command(name = "batch-insert", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Benchmark rewriteBatchedStatements off against on (the guide's Table 4.1), and the JPA loader",
                "against plain JDBC multi-row INSERTs, in the running application (./order run).",
                "Every load empties ALL tables first: with existing data it needs --reset-all."})
class BenchBatchInsertCommand implements Callable<Integer> {

    static final String REWRITE_PROPERTY = "order.ds.rewrite-batched-statements";
    private static final double WARM_UP_SCALE = 0.005;
    private static final Duration RELOAD_TIMEOUT = Duration.ofMinutes(5);

    @Option(names = "--scale", defaultValue = "0.02", description = "Data set of each load (0.02: 195,069 rows).")
    double scale;

    @Option(names = "--repeats", defaultValue = "3", description = "Rounds of off/on (order alternating).")
    int repeats;

    @Option(names = "--batch-size", description = "Rows per chunk and JDBC batch (default: the batch-services unit's, as the loader).")
    Integer batchSize;

    @Option(names = "--seed", defaultValue = "42", description = "Seed of the rows.")
    long seed;

    @Option(names = "--reset-all", description = "Allow the benchmark to remove all data (every load starts from empty tables).")
    boolean resetAll;

    @Mixin
    ApplicationOptions application;

    @Mixin
    ManagementOptions management;

    @Mixin
    ExperimentOutput output;

    enum Loader {
        JPA_OFF("jpa-off", "JPA on batch-services", "jpa", false), JPA_ON("jpa-on", "JPA on batch-services", "jpa", true),
        JDBC_BATCH_OFF("jdbc-batch-off", "JDBC batch, no JPA", "jdbc-batch", false),
        JDBC_BATCH_ON("jdbc-batch-on", "JDBC batch, no JPA", "jdbc-batch", true),
        JDBC("jdbc-multi-row", "plain JDBC multi-row INSERT", "jdbc", true);

        final String variant;
        final String label;
        final String writer;
        final boolean rewrite;

        Loader(String variant, String label, String writer, boolean rewrite) {
            this.variant = variant;
            this.label = label;
            this.writer = writer;
            this.rewrite = rewrite;
        }

        String description() {
            return label + (this == JDBC ? " (the ceiling)" : ", rewriteBatchedStatements " + (rewrite ? "on" : "off"));
        }
    }

    /** The guide's Table 4.1: 39,575.75 rows/s with rewriting against 6,734.01 without. */
    static final double GUIDE_RATIO = 39_575.75 / 6_734.01;

    record Result(int round, Loader loader, long rows, double seconds, double rowsPerSecond, Long inserts) {
    }

    @Override
    public Integer call() throws Exception {
        if (repeats < 1) {
            System.err.println("order bench batch-insert: --repeats must be at least 1");
            return 2;
        }
        Optional<RunState> run = RunState.read(ProjectLayout.current());
        var admin = AdminClient.of(application.resolve(run));
        var plan = admin.plan(scale);
        if (admin.status().running()) {
            System.err.println("order bench batch-insert: a load is running; wait for it (./order load-data --status)");
            return 1;
        }
        if (plan.referenceDataPresent() && !resetAll) {
            System.err.println("order bench batch-insert: the database holds reference data, and every benchmark load "
                    + "starts by removing ALL data; run again with --reset-all to allow it");
            return 1;
        }
        try (var server = new ServerManagement(management.resolve(run));
             var counters = InsertCounter.open(run)) {
            boolean original = server.rewriteBatchedStatements();
            int batch = batchSize != null ? batchSize : plan.defaultBatchSize();
            System.out.printf(Locale.US, "Batch-insert benchmark: %,d rows per load (scale %s, seed %d), batch size %,d, "
                    + "%d rounds, off/on alternating%n", plan.totalRows(), scale, seed, batch, repeats);
            System.out.println("rewriteBatchedStatements is switched by the server system property " + REWRITE_PROPERTY
                    + " and a reload; now " + (original ? "on" : "off") + ".");
            System.out.println();
            System.out.println("round  loader                       rewrite    seconds       rows/s  INSERT statements");
            var results = new ArrayList<Result>();
            Instant started = Instant.now();
            Boolean current = null;
            try {
                for (int round = 1; round <= repeats; round++) {
                    boolean[] order = round % 2 == 1 ? new boolean[]{false, true} : new boolean[]{true, false};
                    for (boolean rewrite : order) {
                        if (current == null || current != rewrite) {
                            switchRewrite(server, admin, rewrite, current == null ? original : current);
                            current = rewrite;
                            warmUp(admin, batch);
                        }
                        List<Loader> loaders = !rewrite
                                ? (round % 2 == 1 ? List.of(Loader.JPA_OFF, Loader.JDBC_BATCH_OFF)
                                        : List.of(Loader.JDBC_BATCH_OFF, Loader.JPA_OFF))
                                : round % 2 == 1 ? List.of(Loader.JPA_ON, Loader.JDBC_BATCH_ON, Loader.JDBC)
                                : List.of(Loader.JDBC, Loader.JDBC_BATCH_ON, Loader.JPA_ON);
                        for (Loader loader : loaders) {
                            Result r = measure(admin, counters, round, loader, batch);
                            results.add(r);
                            System.out.printf(Locale.US, "%5d  %-28s %-7s %8.2f %,12.0f  %17s%n", round, loader.label,
                                    loader == Loader.JDBC ? "-" : rewrite ? "on" : "off", r.seconds(), r.rowsPerSecond(),
                                    r.inserts() == null ? "n/a" : String.format(Locale.US, "%,d", r.inserts()));
                        }
                    }
                }
            } finally {
                if (current != null && current != original) {
                    System.out.println("Restoring rewriteBatchedStatements " + (original ? "on" : "off") + " (reload) ...");
                    switchRewrite(server, admin, original, current);
                }
            }
            report(results);
            writeComparison(results, plan.totalRows(), batch, started);
        }
        System.out.printf(Locale.US, "The database now holds the last benchmark data set (scale %s).%n", scale);
        return 0;
    }

    private void switchRewrite(ServerManagement server, AdminClient admin, boolean rewrite, boolean from)
            throws IOException, InterruptedException {
        if (rewrite == from && server.rewriteBatchedStatements() == rewrite) {
            return;
        }
        server.setSystemProperty(REWRITE_PROPERTY, Boolean.toString(rewrite));
        server.reload(RELOAD_TIMEOUT);
        awaitApplication(admin);
        if (server.rewriteBatchedStatements() != rewrite) {
            throw new IOException("rewriteBatchedStatements did not change to " + rewrite + " after the reload");
        }
    }

    private static void awaitApplication(AdminClient admin) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + RELOAD_TIMEOUT.toNanos();
        while (true) {
            try {
                admin.status();
                return;
            } catch (IOException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(500);
            }
        }
    }

    /** An unmeasured load after each reload: the new deployment's code paths get compiled before measuring. */
    private void warmUp(AdminClient admin, int batch) throws IOException, InterruptedException {
        AdminClient.Outcome outcome = admin.load(Math.min(scale, WARM_UP_SCALE), seed, batch, true, "jpa");
        if (!outcome.accepted()) {
            throw new IOException("warm-up load refused: " + outcome.error());
        }
        admin.await(outcome.figures().executionId(), 250);
    }

    private Result measure(AdminClient admin, InsertCounter counters, int round, Loader loader, int batch)
            throws Exception {
        Long before = counters.inserts();
        AdminClient.Outcome outcome = admin.load(scale, seed, batch, true, loader.writer);
        if (!outcome.accepted()) {
            throw new IOException("load refused: " + outcome.error());
        }
        LoadStatus end = admin.await(outcome.figures().executionId(), 250);
        Long after = counters.inserts();
        if (!end.completed()) {
            throw new IOException("load " + end.executionId() + " ended " + end.state() + ": " + end.message());
        }
        return new Result(round, loader, end.rowsWritten(), end.loadSeconds(), end.rowsPerSecond(),
                before == null || after == null ? null : after - before);
    }

    private static void report(List<Result> results) {
        double off = median(results, Loader.JPA_OFF);
        double on = median(results, Loader.JPA_ON);
        double jdbc = median(results, Loader.JDBC);
        double batchOff = median(results, Loader.JDBC_BATCH_OFF);
        double batchOn = median(results, Loader.JDBC_BATCH_ON);
        long runs = results.stream().filter(r -> r.loader() == Loader.JPA_OFF).count();
        System.out.println();
        System.out.printf(Locale.US, "Median over %d rounds (rows/s):%n", runs);
        System.out.printf(Locale.US, "  JPA loader, rewriteBatchedStatements off   %,10.0f%n", off);
        System.out.printf(Locale.US, "  JPA loader, rewriteBatchedStatements on    %,10.0f%n", on);
        System.out.printf(Locale.US, "  JDBC batch, no JPA, rewrite off            %,10.0f%n", batchOff);
        System.out.printf(Locale.US, "  JDBC batch, no JPA, rewrite on             %,10.0f%n", batchOn);
        System.out.printf(Locale.US, "  plain JDBC multi-row INSERTs (ceiling)     %,10.0f%n", jdbc);
        System.out.printf(Locale.US, "rewriteBatchedStatements on / off: %.1fx  (guide, Table 4.1: 39,576 / 6,734 = 5.9x; "
                + "bar 5x: %s)%n", on / off, on / off >= 5 ? "met" : "NOT met");
        System.out.printf(Locale.US, "The driver alone, on / off:        %.1fx  (what rewriting can buy on this machine and "
                + "database: the bound of the JPA loader's ratio)%n", batchOn / batchOff);
        System.out.printf(Locale.US, "JPA loader / plain-JDBC ceiling:   %.0f %%  (bar 40 %%: %s)%n", 100 * on / jdbc,
                on / jdbc >= 0.4 ? "met" : "NOT met");
        System.out.println("INSERT statements: the database's Com_insert during the load, including the job "
                + "repository's own rows (about ten per load).");
    }

    /**
     * The comparison files of every A/B result (results/experiments/TIME-batch-insert/): each loader a variant, each
     * round's rows per second an observation, JPA with rewriting off the control, the guide's 5.9x beside ours.
     */
    private Path writeComparison(List<Result> results, long rows, int batch, Instant started) throws IOException {
        var variants = java.util.Arrays.stream(Loader.values())
                .map(l -> new ExperimentDefinition.Variant(l.variant, l.description(), null, null, null, null)).toList();
        var guide = new ExperimentDefinition.Guide("Table 4.1", "rewriteBatchedStatements on against off: 5.9x "
                + "(39,576 against 6,734 rows/s)", List.of(new ExperimentDefinition.Expected(Loader.JPA_ON.variant, "throughput", null,
                GUIDE_RATIO)));
        var definition = new ExperimentDefinition("batch-insert", "rewriteBatchedStatements off against on for the "
                + "reference-data load, with the JDBC loaders as bounds", String.format(Locale.ROOT, "The reference-data load "
                + "(%,d rows, scale %s, seed %d, batch size %,d) through JPA with rewriteBatchedStatements off and on, the same "
                + "rows as a JDBC batch without JPA off and on, and as plain JDBC multi-row INSERTs (the ceiling).", rows, scale,
                seed, batch), guide, new ExperimentDefinition.Data(scale, seed), Map.of(), repeats, Loader.JPA_OFF.variant, variants);
        var observations = new ArrayList<Observation>();
        String step = String.format(Locale.ROOT, "scale %s (%,d rows)", scale, rows);
        for (Result r : results) {
            observations.add(new Observation(observations.size() + 1, r.round(), r.loader().variant, null, true, List.of(),
                    List.of(new Observation.StepFigures(scale, step, r.rowsPerSecond(), null, null, Map.of()))));
        }
        String command = "./order bench batch-insert --reset-all --scale " + scale + " --repeats " + repeats + " --seed " + seed
                + (batchSize == null ? "" : " --batch-size " + batchSize);
        return ExperimentFolder.writeBenchmark(output.resolve(ProjectLayout.current()),
                definition, command, started, Map.of("throughput", "rows/s", "step", "scale"), "an unmeasured load after each reload",
                observations, results, System.out);
    }

    private static double median(List<Result> results, Loader loader) {
        double[] rates = results.stream().filter(r -> r.loader() == loader).mapToDouble(Result::rowsPerSecond).sorted().toArray();
        int n = rates.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? rates[n / 2] : (rates[n / 2 - 1] + rates[n / 2]) / 2;
    }

    /** The database's count of INSERT statements (Com_insert), when ./order run has named the database. */
    static final class InsertCounter implements AutoCloseable {
        private final Connection connection;

        private InsertCounter(Connection connection) {
            this.connection = connection;
        }

        static InsertCounter open(Optional<RunState> run) {
            try {
                return new InsertCounter(run.isPresent() ? run.get().database().connect() : null);
            } catch (java.sql.SQLException e) {
                return new InsertCounter(null);
            }
        }

        Long inserts() throws java.sql.SQLException {
            if (connection == null) {
                return null;
            }
            try (var s = connection.createStatement(); var r = s.executeQuery("SHOW GLOBAL STATUS LIKE 'Com_insert'")) {
                return r.next() ? r.getLong(2) : null;
            }
        }

        @Override
        public void close() throws java.sql.SQLException {
            if (connection != null) {
                connection.close();
            }
        }
    }
}

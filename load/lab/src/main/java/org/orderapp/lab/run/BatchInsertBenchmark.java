package org.orderapp.lab.run;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.orderapp.batch.LoadStatus;
import org.orderapp.driver.rules.Durability;
import org.orderapp.lab.experiment.ExperimentDefinition;
import org.orderapp.lab.experiment.Metric;
import org.orderapp.lab.experiment.Observation;
import org.orderapp.lab.experiment.Variant;
import org.orderapp.lab.run.ExperimentFolder;
import org.orderapp.stack.admin.AdminClient;
import org.orderapp.stack.admin.ReferenceDataSeed;
import org.orderapp.stack.database.DatabaseTarget;
import org.orderapp.stack.layout.ProjectLayout;

/**
 * The guide's Table 4.1 measured again: the reference-data load through JPA on batch-services with Connector/J's
 * rewriteBatchedStatements off and on; the same rows as a JDBC batch of single-row INSERTs without JPA, off and on
 * (what the driver alone makes of the switch, the bound of the loader's ratio); and as plain JDBC multi-row INSERTs
 * (the ceiling). One mechanism behind both ./order bench batch-insert (against ./order run) and ./order experiment
 * batch-insert (on the experiment's own server); the definition, load/experiments/batch-insert.yaml, holds the
 * guide's figure, the loaders' descriptions and the defaults of the data set and rounds.
 *
 * Every load is the real job in the running server, into emptied tables, with the same seed, scale and batch size;
 * off and on alternate, repeated; the figures are the server's (rows committed per second of loading, the emptying
 * step excluded). rewriteBatchedStatements is switched the way an administrator would: the datasource property is
 * an expression of order.ds.rewrite-batched-statements, set as a server system property, then the server reloads
 * (a datasource reads its connection properties when it starts). Each reload is followed by an unmeasured warm-up
 * load. The database's own Com_insert counter shows that the switch took: one INSERT per row off, one per chunk on.
 */
public final class BatchInsertBenchmark {

    public static final String NAME = "batch-insert";
    static final String REWRITE_PROPERTY = "order.ds.rewrite-batched-statements";
    private static final double WARM_UP_SCALE = 0.005;
    private static final Duration RELOAD_TIMEOUT = Duration.ofMinutes(5);

    /** The loaders, each a variant of the definition by its name. */
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
    }

    /** What one benchmark does: the data set, the rounds, the batch size (null: the batch-services unit's). */
    public record Settings(double scale, long seed, int repeats, Integer batchSize) {
    }

    record Result(int round, Loader loader, long rows, double seconds, double rowsPerSecond, Long inserts) {
    }

    private final ExperimentDefinition definition;
    private final PrintStream out;
    private Path folder;

    /** @param definition the benchmark's definition; its variants must be exactly the loaders */
    public BatchInsertBenchmark(ExperimentDefinition definition, PrintStream out) {
        Set<String> named = definition.variants().stream().map(Variant::name).collect(Collectors.toSet());
        Set<String> loaders = Arrays.stream(Loader.values()).map(l -> l.variant).collect(Collectors.toSet());
        if (!NAME.equals(definition.benchmark()) || !named.equals(loaders)) {
            throw new IllegalArgumentException(definition.name() + ": the batch-insert benchmark's variants are its loaders "
                    + loaders + "; the definition names " + named);
        }
        this.definition = definition;
        this.out = out;
    }

    /** The definition in the project's catalogue, load/experiments/batch-insert.yaml. */
    public static ExperimentDefinition catalogued(ProjectLayout layout) throws IOException {
        return ExperimentDefinition.read(layout.experiments().resolve(NAME + ExperimentDefinition.SUFFIX));
    }

    /** The definition's data set and rounds, each replaced where the command line gives one. */
    public Settings settings(Double scale, Long seed, Integer repeats, Integer batchSize) {
        var data = definition.data();
        double s = scale != null ? scale : data != null && data.scale() != null ? data.scale() : ReferenceDataSeed.SCALE;
        long sd = seed != null ? seed : data != null && data.seed() != null ? data.seed() : 42;
        int r = repeats != null ? repeats : definition.roundsOrDefault();
        if (r < 1) {
            throw new IllegalArgumentException("--repeats must be at least 1");
        }
        if (!(s > 0)) {
            throw new IllegalArgumentException("--scale must be positive");
        }
        return new Settings(s, sd, r, batchSize);
    }

    /**
     * Runs the benchmark against a running server and writes its folder under output.
     *
     * @param database the database whose Com_insert is read, or null (the INSERT counts are then unknown)
     * @param resetAll whether the benchmark may remove existing reference data (every load starts from empty tables)
     * @return 0, or 1 when the server refused (a load running, data present without resetAll)
     */
    public int run(Settings settings, AdminClient admin, URI management, DatabaseTarget database, boolean resetAll, Path output,
            String command) throws Exception {
        var plan = admin.plan(settings.scale());
        if (admin.status().running()) {
            System.err.println("order bench batch-insert: a load is running; wait for it (./order load-data --status)");
            return 1;
        }
        if (plan.referenceDataPresent() && !resetAll) {
            System.err.println("order bench batch-insert: the database holds reference data, and every benchmark load "
                    + "starts by removing ALL data; run again with --reset-all to allow it");
            return 1;
        }
        try (var server = new ServerManagement(management);
             var counters = InsertCounter.open(database)) {
            Durability durability = server.durability();
            out.println("Server: " + durability.line());
            durability.warning().ifPresent(out::println);
            boolean original = server.rewriteBatchedStatements();
            int batch = settings.batchSize() != null ? settings.batchSize() : plan.defaultBatchSize();
            out.printf(Locale.US, "Batch-insert benchmark: %,d rows per load (scale %s, seed %d), batch size %,d, "
                    + "%d rounds, off/on alternating%n", plan.totalRows(), settings.scale(), settings.seed(), batch, settings.repeats());
            out.println("rewriteBatchedStatements is switched by the server system property " + REWRITE_PROPERTY
                    + " and a reload; now " + (original ? "on" : "off") + ".");
            out.println();
            out.println("round  loader                       rewrite    seconds       rows/s  INSERT statements");
            var results = new ArrayList<Result>();
            Instant started = Instant.now();
            Boolean current = null;
            try {
                for (int round = 1; round <= settings.repeats(); round++) {
                    boolean[] order = round % 2 == 1 ? new boolean[]{false, true} : new boolean[]{true, false};
                    for (boolean rewrite : order) {
                        if (current == null || current != rewrite) {
                            switchRewrite(server, admin, rewrite, current == null ? original : current);
                            current = rewrite;
                            warmUp(admin, settings, batch);
                        }
                        List<Loader> loaders = !rewrite
                                ? (round % 2 == 1 ? List.of(Loader.JPA_OFF, Loader.JDBC_BATCH_OFF)
                                        : List.of(Loader.JDBC_BATCH_OFF, Loader.JPA_OFF))
                                : round % 2 == 1 ? List.of(Loader.JPA_ON, Loader.JDBC_BATCH_ON, Loader.JDBC)
                                : List.of(Loader.JDBC, Loader.JDBC_BATCH_ON, Loader.JPA_ON);
                        for (Loader loader : loaders) {
                            Result r = measure(admin, counters, settings, round, loader, batch);
                            results.add(r);
                            out.printf(Locale.US, "%5d  %-28s %-7s %8.2f %,12.0f  %17s%n", round, loader.label,
                                    loader == Loader.JDBC ? "-" : rewrite ? "on" : "off", r.seconds(), r.rowsPerSecond(),
                                    r.inserts() == null ? "n/a" : String.format(Locale.US, "%,d", r.inserts()));
                        }
                    }
                }
            } finally {
                if (current != null && current != original) {
                    out.println("Restoring rewriteBatchedStatements " + (original ? "on" : "off") + " (reload) ...");
                    switchRewrite(server, admin, original, current);
                }
            }
            report(results);
            writeComparison(results, settings, plan.totalRows(), batch, started, output, command, durability);
        }
        out.printf(Locale.US, "The database now holds the last benchmark data set (scale %s).%n", settings.scale());
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
    private static void warmUp(AdminClient admin, Settings settings, int batch) throws IOException, InterruptedException {
        AdminClient.Outcome outcome = admin.load(Math.min(settings.scale(), WARM_UP_SCALE), settings.seed(), batch, true, "jpa");
        if (!outcome.accepted()) {
            throw new IOException("warm-up load refused: " + outcome.error());
        }
        admin.await(outcome.figures().executionId(), 250);
    }

    private static Result measure(AdminClient admin, InsertCounter counters, Settings settings, int round, Loader loader, int batch)
            throws Exception {
        Long before = counters.inserts();
        AdminClient.Outcome outcome = admin.load(settings.scale(), settings.seed(), batch, true, loader.writer);
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

    private void report(List<Result> results) {
        double off = median(results, Loader.JPA_OFF);
        double on = median(results, Loader.JPA_ON);
        double jdbc = median(results, Loader.JDBC);
        double batchOff = median(results, Loader.JDBC_BATCH_OFF);
        double batchOn = median(results, Loader.JDBC_BATCH_ON);
        long runs = results.stream().filter(r -> r.loader() == Loader.JPA_OFF).count();
        Double guide = definition.expected(Loader.JPA_ON.variant, Metric.THROUGHPUT, Double.NaN);
        out.println();
        out.printf(Locale.US, "Median over %d rounds (rows/s):%n", runs);
        out.printf(Locale.US, "  JPA loader, rewriteBatchedStatements off   %,10.0f%n", off);
        out.printf(Locale.US, "  JPA loader, rewriteBatchedStatements on    %,10.0f%n", on);
        out.printf(Locale.US, "  JDBC batch, no JPA, rewrite off            %,10.0f%n", batchOff);
        out.printf(Locale.US, "  JDBC batch, no JPA, rewrite on             %,10.0f%n", batchOn);
        out.printf(Locale.US, "  plain JDBC multi-row INSERTs (ceiling)     %,10.0f%n", jdbc);
        out.printf(Locale.US, "rewriteBatchedStatements on / off: %.1fx  (the guide, %s: %s; bar 5x: %s)%n", on / off,
                definition.guide().reference(), guide == null ? definition.guide().figure() : String.format(Locale.US, "%.1fx", guide),
                on / off >= 5 ? "met" : "NOT met");
        out.printf(Locale.US, "The driver alone, on / off:        %.1fx  (what rewriting can buy on this machine and "
                + "database: the bound of the JPA loader's ratio)%n", batchOn / batchOff);
        out.printf(Locale.US, "JPA loader / plain-JDBC ceiling:   %.0f %%  (bar 40 %%: %s)%n", 100 * on / jdbc,
                on / jdbc >= 0.4 ? "met" : "NOT met");
        out.println("INSERT statements: the database's Com_insert during the load, including the job "
                + "repository's own rows (about ten per load).");
    }

    /**
     * The comparison files of every A/B result (results/experiments/TIME-batch-insert/): each loader a variant, each
     * round's rows per second an observation, the definition's control, the guide's ratio beside ours.
     */
    private void writeComparison(List<Result> results, Settings settings, long rows, int batch, Instant started, Path output,
                                 String command, Durability durability) throws IOException {
        var asRun = new ExperimentDefinition(definition.name(), definition.varies(), definition.description()
                + String.format(Locale.ROOT, " This run: %,d rows per load, batch size %,d.", rows, batch), definition.guide(),
                definition.benchmark(), new ExperimentDefinition.Data(settings.scale(), settings.seed()), Map.of(),
                settings.repeats(), definition.control(), definition.variants());
        var observations = new ArrayList<Observation>();
        String step = String.format(Locale.ROOT, "scale %s (%,d rows)", settings.scale(), rows);
        for (Result r : results) {
            observations.add(new Observation(observations.size() + 1, r.round(), r.loader().variant, null, true, List.of(),
                    List.of(new Observation.StepFigures(settings.scale(), step, r.rowsPerSecond(), null, null, Map.of()))));
        }
        folder = ExperimentFolder.writeBenchmark(output, asRun, command, started, Map.of("throughput", "rows/s", "step", "scale"),
                "an unmeasured load after each reload", observations, results, durability.warning().stream().toList(), out);
    }

    /** The folder the last run wrote, or null. */
    public Path folder() {
        return folder;
    }

    private static double median(List<Result> results, Loader loader) {
        double[] rates = results.stream().filter(r -> r.loader() == loader).mapToDouble(Result::rowsPerSecond).sorted().toArray();
        int n = rates.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? rates[n / 2] : (rates[n / 2 - 1] + rates[n / 2]) / 2;
    }

    /** The database's count of INSERT statements (Com_insert), when the database is known. */
    static final class InsertCounter implements AutoCloseable {
        private final Connection connection;

        private InsertCounter(Connection connection) {
            this.connection = connection;
        }

        static InsertCounter open(DatabaseTarget database) {
            try {
                return new InsertCounter(database != null ? database.connect() : null);
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

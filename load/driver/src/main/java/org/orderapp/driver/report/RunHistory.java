package org.orderapp.driver.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import org.orderapp.driver.rules.Durability;
import org.orderapp.driver.settings.LoadConfig;

/**
 * history.csv: one row per run, appended when its folder is written, in the results folder (the nearest folder named
 * "results" above the run folder, an experiment's runs included; else the folder the run folder was created in).
 * A time column and metric columns, as Apache Otava (formerly Hunter) reads a CSV test; the figures are the last
 * step's (a ramp's top, a single step's only one), averaged over the repeats.
 */
public final class RunHistory {

    public static final String FILE = "history.csv";
    public static final List<String> CPU_ROLES = List.of("server", "db", "driver");
    public static final List<String> COLUMNS = columns();

    private static final CsvMapper CSV = CsvMapper.builder().enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING).build();

    private RunHistory() {
    }

    private static List<String> columns() {
        var columns = new ArrayList<>(List.of("time", "commit", "profile", "settings", "model", "users", "tx_per_s", "p99_ms"));
        CPU_ROLES.forEach(role -> columns.add("cpu_" + role + "_ms_per_tx"));
        columns.add("folder");
        return List.copyOf(columns);
    }

    /** The history file the run folder's row goes to. */
    public static Path file(Path runFolder, Path output) {
        for (Path p = runFolder.toAbsolutePath().getParent(); p != null; p = p.getParent()) {
            if (p.getFileName() != null && p.getFileName().toString().equals("results")) {
                return p.resolve(FILE);
            }
        }
        return output.resolve(FILE);
    }

    static synchronized void append(RunResult run, Summary summary, RunProvenance provenance) throws IOException {
        if (summary.aggregate().isEmpty()) {
            return; // no step measured: nothing to track
        }
        Summary.Aggregate last = summary.aggregate().get(summary.aggregate().size() - 1);
        Summary.TypeAggregate all = last.types().get(Summary.ALL);
        var row = new ArrayList<String>(List.of(run.finished().truncatedTo(ChronoUnit.SECONDS).toString(), provenance.commit(), profile(run.config()),
                settingsDigest(run.config(), summary.config().durability()), run.config().model().name().toLowerCase(java.util.Locale.ROOT),
                ResultFiles.trim(last.step()), all == null ? "" : ResultFiles.f(all.throughputMean()),
                all == null ? "" : ResultFiles.f(all.p99Mean())));
        for (String role : CPU_ROLES) {
            double[] values = summary.steps().stream().filter(s -> s.step() == last.step() && s.cpuMsPerTx() != null)
                    .map(s -> s.cpuMsPerTx().get(role)).filter(Objects::nonNull).mapToDouble(Double::doubleValue).toArray();
            row.add(values.length == 0 ? "" : ResultFiles.f(java.util.Arrays.stream(values).average().orElseThrow()));
        }
        Path file = file(run.folder(), run.config().output() != null ? run.config().output() : run.folder().getParent());
        row.add(file.getParent().relativize(run.folder().toAbsolutePath()).toString());
        var schema = CsvSchema.builder().addColumns(COLUMNS, CsvSchema.ColumnType.STRING).build();
        String header = Files.exists(file) ? "" : String.join(",", COLUMNS) + "\n";
        String text = header + CSV.writer(schema).writeValueAsString(row);
        Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /**
     * The run's label (a --label, an experiment's variant), else its load model. An experiment's run is labelled
     * "03-r2-VARIANT" (its sequence and round, ExperimentRunner's): the variant alone, so its rounds form one series.
     */
    static String profile(LoadConfig config) {
        return config.label() == null || config.label().isBlank() ? config.model().name().toLowerCase(java.util.Locale.ROOT)
                : config.label().replaceFirst("^\\d+-r\\d+-", "");
    }

    /**
     * The first 12 hex digits of SHA-256 over the load settings as config.json holds them, less the label; a server
     * allowed an unsafe database counts among them, so that its runs form a series of their own, never one with durable
     * runs (a durable run's digest is as it was before durability was recorded).
     */
    static String settingsDigest(LoadConfig config, Durability durability) throws IOException {
        ObjectNode settings = ResultFiles.JSON.valueToTree(config);
        settings.remove("label");
        if (durability != null && durability.unsafe()) {
            settings.put("durability", durability.label());
        }
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(ResultFiles.JSON.writeValueAsBytes(settings));
            return HexFormat.of().formatHex(hash, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}

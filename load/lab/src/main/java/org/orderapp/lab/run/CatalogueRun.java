package org.orderapp.lab.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.orderapp.driver.rules.FailOn;
import org.orderapp.lab.experiment.ExperimentDefinition;
import org.orderapp.lab.experiment.Metric;
import org.orderapp.stack.layout.ProjectLayout;

/**
 * ./order experiment all: every experiment of the catalogue in turn, with the command line's options (--quick for a
 * smoke check). An experiment that fails is reported and passed over; one that needs what is not there (another
 * checkout) is not run and says why. The end is a summary: each experiment's outcome, time, folder and headline verdict.
 */
public final class CatalogueRun {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** What became of one experiment; auditFailed: an audit of its runs failed. */
    record Outcome(String name, Status status, Duration took, String detail, boolean auditFailed) {

        Outcome(String name, Status status, Duration took, String detail) {
            this(name, status, took, detail, false);
        }

        /** An experiment that failed to run fails whatever --fail-on says; an invalid one as it says. */
        boolean fails(FailOn failOn) {
            return status == Status.FAILED || status == Status.INVALID && failOn.fails(false, auditFailed);
        }
    }

    enum Status {
        VALID("every run valid"), INVALID("NOT every run valid"), NOT_RUN("not run"), FAILED("FAILED"),
        CHECKED("checked (dry run)");

        final String words;

        Status(String words) {
            this.words = words;
        }
    }

    /** The runner of one experiment of the catalogue, as the command line asks it to run (options, overrides). */
    @FunctionalInterface
    public interface Runners {
        ExperimentExecution of(Path file) throws IOException;
    }

    private final Runners runners;
    private final boolean quick;
    private final boolean dryRun;
    private final ProjectLayout layout;
    private final PrintStream out;
    private final FailOn failOn;

    public CatalogueRun(Runners runners, boolean quick, boolean dryRun, ProjectLayout layout, PrintStream out, FailOn failOn) {
        this.failOn = failOn;
        this.runners = runners;
        this.quick = quick;
        this.dryRun = dryRun;
        this.layout = layout;
        this.out = out;
    }

    /** Runs them all; 1 when an experiment failed to run or one of its runs fails --fail-on, else 0. */
    public int run(List<Path> files) {
        printPlan(files);
        var outcomes = new ArrayList<Outcome>();
        for (int i = 0; i < files.size(); i++) {
            Path file = files.get(i);
            String name = file.getFileName().toString().replace(ExperimentDefinition.SUFFIX, "");
            out.println();
            out.printf(Locale.ROOT, "########## Experiment %d of %d: %s ##########%n", i + 1, files.size(), name);
            long started = System.nanoTime();
            Outcome outcome;
            try {
                var runner = runners.of(file);
                int exit = runner.run();
                Path folder = runner.folder();
                String detail = folder == null ? "" : layout.root().relativize(folder) + headline(folder);
                Status status = exit == 0 ? (dryRun ? Status.CHECKED : Status.VALID) : exit == 1 ? Status.INVALID : Status.FAILED;
                outcome = new Outcome(name, status,
                        took(started), exit == 0 || exit == 1 ? detail : "exit status " + exit + (detail.isEmpty() ? "" : "; " + detail),
                        runner.auditFailed());
            } catch (NotRunnable e) {
                outcome = new Outcome(name, Status.NOT_RUN, took(started), e.getMessage());
            } catch (Exception e) {
                outcome = new Outcome(name, Status.FAILED, took(started), e.getMessage() != null ? e.getMessage() : e.toString());
            }
            outcomes.add(outcome);
            out.printf(Locale.ROOT, "Experiment %s: %s%n", name, outcome.status().words);
        }
        print(outcomes);
        return outcomes.stream().anyMatch(o -> o.fails(failOn)) ? 1 : 0;
    }

    /** Each experiment's method and how long it should take, and the whole catalogue's, before anything starts. */
    private void printPlan(List<Path> files) {
        out.println("Catalogue: " + files.size() + " experiments, one after the other:");
        Duration least = Duration.ZERO;
        Duration most = Duration.ZERO;
        for (Path file : files) {
            String name = file.getFileName().toString().replace(ExperimentDefinition.SUFFIX, "");
            try {
                var e = runners.of(file).estimate();
                least = least.plus(e.least());
                most = most.plus(e.most());
                out.printf(Locale.ROOT, "  %-26s %-20s %5.0f to %4.0f min%n", name, e.method(), e.least().toSeconds() / 60.0,
                        e.most().toSeconds() / 60.0);
            } catch (RuntimeException | java.io.IOException e) {
                out.printf(Locale.ROOT, "  %-26s cannot be planned: %s%n", name, e.getMessage());
            }
        }
        out.printf(Locale.ROOT, "Estimate: %.1f to %.1f hours of machine time.%n", least.toSeconds() / 3600.0, most.toSeconds() / 3600.0);
    }

    private void print(List<Outcome> outcomes) {
        out.println();
        out.println("Catalogue" + (quick ? " (quick: a smoke check, one round each, no verdicts)" : "") + ":");
        for (Outcome o : outcomes) {
            out.printf(Locale.ROOT, "  %-26s %-20s %5.1f min  %s%n", o.name(), o.status().words, o.took().toSeconds() / 60.0, o.detail());
        }
        long failed = outcomes.stream().filter(o -> o.status() == Status.FAILED || o.status() == Status.INVALID).count();
        long notRun = outcomes.stream().filter(o -> o.status() == Status.NOT_RUN).count();
        out.printf(Locale.ROOT, "%d experiment(s): %d %s, %d failed or with an invalid run, %d not run.%n",
                outcomes.size(), outcomes.size() - failed - notRun, dryRun ? "checked" : "with every run valid", failed, notRun);
    }

    private static Duration took(long startedNanos) {
        return Duration.ofNanos(System.nanoTime() - startedNanos);
    }

    /** "; tuned: throughput 1.05 (CI 0.94–1.17)" from the folder's comparison, at its last step. */
    static String headline(Path folder) {
        Path file = folder.resolve("comparison.json");
        if (!Files.isRegularFile(file)) {
            return "";
        }
        try {
            JsonNode c = JSON.readTree(file.toFile());
            var parts = new ArrayList<String>();
            double last = Double.NaN;
            for (JsonNode r : c.path("ratios")) {
                last = r.path("step").asDouble();
            }
            for (JsonNode r : c.path("ratios")) {
                if (r.path("metric").asText().equals(Metric.THROUGHPUT.key()) && r.path("step").asDouble() == last
                        && r.path("ratio").isNumber()) {
                    parts.add(String.format(Locale.ROOT, "%s %.2f%s", r.path("variant").asText(), r.path("ratio").asDouble(),
                            r.path("ci95").size() == 2 ? String.format(Locale.ROOT, " (CI %.2f–%.2f)", r.path("ci95").get(0).asDouble(),
                                    r.path("ci95").get(1).asDouble()) : ""));
                }
            }
            return parts.isEmpty() ? "" : "; throughput against " + c.path("control").asText() + ": " + String.join(", ", parts);
        } catch (IOException e) {
            return "";
        }
    }
}

package org.orderapp.lab.experiment;

import java.util.List;
import java.util.Map;
import org.orderapp.driver.report.StepOutcome;

/**
 * One measured run of a variant in an experiment: its figures per step, and whether it met the run rules.
 *
 * @param sequence the run's place in the order of execution (1, 2, ...)
 * @param round    the round, or the block of the interleaved method
 * @param folder   the run's folder, relative to the experiment's
 * @param burnIn   a window of a block measured while a server's JIT compiler was still at work (interleaved method):
 *                 drawn, not counted in the means and ratios
 * @param turn     the round within the block in which the window was measured (0 first): a block measured all at once
 *                 has one round per variant on its busiest server, and windows of one turn were measured at the same time;
 *                 0 for every window measured in turn, and for the rounds method
 * @param partner  a further window of a server's own variant in a block, measured beside another server's runtime
 *                 variant (a block all at once has a round for each variant of the busiest server): not the variant's
 *                 window of the block, so neither drawn nor counted in its figures, but the reference its turn gives the
 *                 pairing ({@link Comparison#paired})
 * @param switched a runtime variant's switched window ({@link Switched}): its parts in the order measured; empty for
 *                 any other window
 */
public record Observation(int sequence, int round, String variant, String folder, boolean valid, List<String> reasons,
                          List<StepFigures> steps, boolean burnIn, int turn, boolean partner, List<Switched> switched) {

    public Observation {
        reasons = List.copyOf(reasons);
        steps = List.copyOf(steps);
        switched = switched == null ? List.of() : List.copyOf(switched);
    }

    /** A window that was not switched. */
    public Observation(int sequence, int round, String variant, String folder, boolean valid, List<String> reasons,
                       List<StepFigures> steps, boolean burnIn, int turn, boolean partner) {
        this(sequence, round, variant, folder, valid, reasons, steps, burnIn, turn, partner, List.of());
    }

    /**
     * One part of a switched window: a runtime variant's window in which its server was switched between the variant's
     * setting and its host's every few seconds (in the order variant, host, host, variant or host, variant, variant,
     * host: a linear drift falls on both alike), the server's CPU and the transactions answered read at the start and
     * the end of every part (a part begins once its switch has been answered).
     *
     * @param step         the step of the window
     * @param variant      whether the server had the variant's setting in this part (else its host's)
     * @param seconds      the part's length
     * @param serverCpuMs  the server process's CPU in the part: the sum of its threads' clocks (nanoseconds where Linux
     *                     keeps them, not the process's 10-ms ticks)
     * @param transactions the successful transactions answered in the part
     * @param partsMs      the server's CPU in the part by thread part, the rest and the kernel's
     *                     ({@code ServerWindow.SERVER_PARTS}), where known
     * @param neighboursCpuMs      the other servers measured at the same time (a duet's), their processes' CPU in the
     *                             same part: the machine's pace, which moves every server's CPU per transaction alike;
     *                             null where no other server was measured or one could not be read
     * @param neighboursTransactions their successful transactions answered in the part
     * @param neighboursJitMs      of neighboursCpuMs, their JIT compilers' threads' CPU; null where not read
     * @param neighboursGcMs       of neighboursCpuMs, their collectors' threads' CPU; null where not read (as in a
     *                             comparison written before it was)
     * @param databaseCpuMs        the server's own database process's CPU in the part (the same transactions' other
     *                             half, whose work the server's setting does not change); null where not read, or where
     *                             the database is not the server's own (another server uses it too)
     * @param neighboursDatabaseCpuMs the other servers' databases' CPU in the part (each a process of its own in a
     *                             duet); null where not read
     */
    public record Switched(double step, boolean variant, double seconds, double serverCpuMs, long transactions,
                           Map<String, Double> partsMs, Double neighboursCpuMs, long neighboursTransactions,
                           Double neighboursJitMs, Double neighboursGcMs, Double databaseCpuMs,
                           Double neighboursDatabaseCpuMs) {

        public Switched {
            partsMs = partsMs == null ? Map.of() : Map.copyOf(partsMs);
        }

        /** A part whose neighbours' collectors and the databases were not read. */
        public Switched(double step, boolean variant, double seconds, double serverCpuMs, long transactions,
                        Map<String, Double> partsMs, Double neighboursCpuMs, long neighboursTransactions, Double neighboursJitMs) {
            this(step, variant, seconds, serverCpuMs, transactions, partsMs, neighboursCpuMs, neighboursTransactions,
                    neighboursJitMs, null, null, null);
        }

        /** The same part at another step. */
        public Switched atStep(double step) {
            return new Switched(step, variant, seconds, serverCpuMs, transactions, partsMs, neighboursCpuMs, neighboursTransactions,
                    neighboursJitMs, neighboursGcMs, databaseCpuMs, neighboursDatabaseCpuMs);
        }
    }

    /** A run, or a variant's window of a block of one round. */
    public Observation(int sequence, int round, String variant, String folder, boolean valid, List<String> reasons,
                       List<StepFigures> steps, boolean burnIn) {
        this(sequence, round, variant, folder, valid, reasons, steps, burnIn, 0, false);
    }

    /** A run or window that counts (not burn-in). */
    public Observation(int sequence, int round, String variant, String folder, boolean valid, List<String> reasons,
                       List<StepFigures> steps) {
        this(sequence, round, variant, folder, valid, reasons, steps, false);
    }

    /** Whether the run or window counts in the variant's means and ratios: valid, not burn-in, not a partner window. */
    public boolean counts() {
        return usable() && !partner;
    }

    /** Whether the window's figures may be paired: valid and not burn-in (a partner window's too). */
    public boolean usable() {
        return valid && !burnIn;
    }

    /**
     * One step of a run (e.g. 100 users): throughput, p99 and mean response time of all requests, CPU milliseconds
     * per transaction by role (server, db, driver, other; null where unknown), the server's figures that metrics
     * compare (by ServerMetrics name, see {@link Metric#serverFigure()}), and further figures by name (the contention of
     * {@link ContentionFigures}), reported with their means but not compared as ratios.
     */
    public record StepFigures(double step, String name, Double throughput, Double p99Ms, Double meanMs,
                              Map<String, Double> cpuMsPerTx, Map<String, Double> server, Map<String, Double> figures) {

        public StepFigures {
            cpuMsPerTx = cpuMsPerTx == null ? Map.of() : new java.util.LinkedHashMap<>(cpuMsPerTx);
            server = server == null ? Map.of() : Map.copyOf(server);
            figures = figures == null ? Map.of() : new java.util.LinkedHashMap<>(figures);
        }

        /** A step without server or further figures (the benchmarks'). */
        public StepFigures(double step, String name, Double throughput, Double p99Ms, Double meanMs, Map<String, Double> cpuMsPerTx) {
            this(step, name, throughput, p99Ms, meanMs, cpuMsPerTx, Map.of(), Map.of());
        }

        /** A load step's figures: the client's, the CPU by role, every server figure a metric can compare, the contention. */
        public static StepFigures of(StepOutcome outcome) {
            var c = outcome.client();
            var all = c.allResponses();
            Map<String, Double> server = new java.util.LinkedHashMap<>();
            for (Metric m : Metric.values()) {
                if (m.serverFigure() != null && outcome.server().get(m.serverFigure()) != null) {
                    server.put(m.serverFigure(), outcome.server().get(m.serverFigure()));
                }
            }
            if (c.warmUp() != null) {
                server.put(Metric.WARM_UP_SECONDS, c.warmUp().seconds());
            }
            return new StepFigures(c.step(), c.name(), c.throughput(), all.getTotalCount() == 0 ? null : all.getValueAtPercentile(99) / 1000.0,
                    all.getTotalCount() == 0 ? null : all.getMean() / 1000.0, outcome.server().cpuPerTransaction(), server,
                    ContentionFigures.of(c, outcome.server()));
        }

        /** The same step with one more server figure (a run's, such as its deployment time). */
        public StepFigures withServer(String figure, double value) {
            var more = new java.util.LinkedHashMap<>(server);
            more.put(figure, value);
            return new StepFigures(step, name, throughput, p99Ms, meanMs, cpuMsPerTx, more, figures);
        }

        /** The roles whose CPU is the application's cost: the server, the database and the driver. */
        static final List<String> COST_ROLES = List.of("server", "db", "driver");

        public Double value(Metric metric) {
            return switch (metric) {
                case THROUGHPUT -> throughput;
                case P99 -> p99Ms;
                case MEAN -> meanMs;
                case CPU -> cpuTotal();
                default -> server.get(metric.serverFigure());
            };
        }

        /** Server + database + driver, when all three are known. */
        Double cpuTotal() {
            double total = 0;
            for (String role : COST_ROLES) {
                Double v = cpuMsPerTx.get(role);
                if (v == null) {
                    return null;
                }
                total += v;
            }
            return total;
        }
    }
}

package org.orderapp.load.experiment;

import java.util.List;
import java.util.Map;

/**
 * One measured run of a variant in an experiment: its figures per step, and whether it met the run rules.
 *
 * @param sequence the run's place in the order of execution (1, 2, ...)
 * @param folder   the run's folder, relative to the experiment's
 */
public record Observation(int sequence, int round, String variant, String folder, boolean valid, List<String> reasons,
                          List<StepFigures> steps) {

    public Observation {
        reasons = List.copyOf(reasons);
        steps = List.copyOf(steps);
    }

    /**
     * One step of a run (e.g. 100 users): throughput, p99 and mean response time of all requests, CPU milliseconds
     * per transaction by role (server, db, driver, other; null where unknown), and further figures by name (the
     * contention of {@link ContentionFigures}), reported with their means but not compared as ratios.
     */
    public record StepFigures(double step, String name, Double throughput, Double p99Ms, Double meanMs,
                              Map<String, Double> cpuMsPerTx, Map<String, Double> figures) {

        public StepFigures {
            cpuMsPerTx = cpuMsPerTx == null ? Map.of() : new java.util.LinkedHashMap<>(cpuMsPerTx);
            figures = figures == null ? Map.of() : new java.util.LinkedHashMap<>(figures);
        }

        /** A step with no further figures. */
        public StepFigures(double step, String name, Double throughput, Double p99Ms, Double meanMs, Map<String, Double> cpuMsPerTx) {
            this(step, name, throughput, p99Ms, meanMs, cpuMsPerTx, null);
        }

        /** The roles whose CPU is the application's cost: the server, the database and the driver. */
        static final List<String> COST_ROLES = List.of("server", "db", "driver");

        public Double value(Metric metric) {
            return switch (metric) {
                case THROUGHPUT -> throughput;
                case P99 -> p99Ms;
                case MEAN -> meanMs;
                case CPU -> cpuTotal();
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

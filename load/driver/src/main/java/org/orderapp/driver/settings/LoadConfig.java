package org.orderapp.driver.settings;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonValue;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.orderapp.driver.engine.SteadyState;
import org.orderapp.driver.fault.Fault;
import org.orderapp.driver.rules.RunRules;
import org.orderapp.driver.workload.HotProducts;
import org.orderapp.driver.workload.Range;
import org.orderapp.driver.workload.TransactionMix;

/**
 * Everything that defines a run, written as is to the run folder (config.json, by Jackson) so a run can be repeated
 * exactly. Built from the command line's options ({@link LoadOptions}), which hold the defaults.
 *
 * @param steps       closed model: users per step; open model: arrival rates per step (transactions per second)
 * @param steadyState null: every step warms up for {@code warmUp}; otherwise the run's first step (the first load
 *                    on the server) warms up at least that long and then until its throughput is steady
 * @param rules       what a run must meet to be valid
 * @param faults      faults injected during the run (none: an undisturbed run)
 * @param customers   the ids of the customers the users act for ({@link Range#UNBOUNDED}: every customer)
 * @param hotProducts null: orders spread over every product; otherwise they concentrate on a few
 */
public record LoadConfig(
        Model model,
        List<Double> steps,
        int connections,
        Duration thinkTime,
        boolean exponentialThinkTime,
        Duration warmUp,
        Duration measure,
        int repeats,
        TransactionMix mix,
        Range lines,
        Range quantity,
        int browsePages,
        Endpoints endpoints,
        Range customers,
        HotProducts hotProducts,
        long seed,
        Duration requestTimeout,
        Duration sampleInterval,
        boolean flightRecording,
        Duration lockThreshold,
        boolean cpuProfile,
        Duration cpuInterval,
        boolean audit,
        Duration drainTimeout,
        @JsonIgnore Path output,
        String label,
        SteadyState steadyState,
        RunRules rules,
        List<Fault> faults) {

    /** Closed: a fixed number of users, each waiting for its answer; open: a fixed arrival rate. */
    public enum Model {
        CLOSED, OPEN;

        @JsonValue
        String lowerCase() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * Which HTTP interface carries NewOrder and OrderInquiry: the guide's form endpoints (/NewOrder,
     * /OrderInquiry), the JSON API (/api/orders, /api/customers/{id}/orders), or whichever the server offers.
     */
    public enum Endpoints {
        AUTO, FORM, API;

        @JsonValue
        String lowerCase() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public LoadConfig {
        steps = List.copyOf(steps);
        if (steps.isEmpty()) {
            throw new IllegalArgumentException("at least one step (users or rate) is needed");
        }
        for (double s : steps) {
            if (!(s > 0)) {
                throw new IllegalArgumentException("steps must be positive, got " + s);
            }
            if (model == Model.CLOSED && s != Math.rint(s)) {
                throw new IllegalArgumentException("users must be whole numbers, got " + s);
            }
        }
        require(connections > 0, "connections must be positive");
        require(!thinkTime.isNegative(), "think time must not be negative");
        require(!warmUp.isNegative(), "warm-up must not be negative");
        require(measure.toMillis() >= 100, "the measurement window must be at least 100 ms");
        require(repeats >= 1, "repeats must be at least 1");
        require(lines.min() >= 1 && lines.max() <= Integer.MAX_VALUE, "lines must be a range like 1-9 with 1 <= min <= max");
        require(quantity.min() >= 1 && quantity.max() <= Integer.MAX_VALUE, "quantity must be a range with 1 <= min <= max");
        require(browsePages >= 0, "browse pages must not be negative");
        require(requestTimeout.toMillis() > 0, "the request timeout must be positive");
        require(sampleInterval.toMillis() >= 100, "the sample interval must be at least 100 ms");
        require(cpuInterval.toNanos() > 0, "the CPU profile's interval must be positive");
        require(rules != null, "the run rules are required");
        faults = faults == null ? List.of() : List.copyOf(faults);
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    /** Steps as "1..100/20" (1, 20, 40, ... 100, the guide's stepping) or a list "1,20,40". */
    public static List<Double> parseSteps(String spec) {
        String s = spec.replace(" ", "");
        var values = new ArrayList<Double>();
        if (s.contains("..")) {
            String[] range = s.split("\\.\\.|/");
            if (range.length != 3) {
                throw new IllegalArgumentException("a stepped range is FROM..TO/STEP, e.g. 1..100/20; got '" + spec + "'");
            }
            double from = Double.parseDouble(range[0]);
            double to = Double.parseDouble(range[1]);
            double step = Double.parseDouble(range[2]);
            if (!(step > 0) || to < from) {
                throw new IllegalArgumentException("a stepped range needs TO >= FROM and STEP > 0; got '" + spec + "'");
            }
            values.add(from);
            for (double v = Math.ceil((from + 1) / step) * step; v <= to + 1e-9; v += step) {
                values.add(v);
            }
            if (values.get(values.size() - 1) < to) {
                values.add(to);
            }
        } else {
            for (String part : s.split(",")) {
                values.add(Double.parseDouble(part));
            }
        }
        return values;
    }

    /** The same run, written elsewhere under another label (an experiment's rounds). */
    public LoadConfig withOutput(Path output, String label) {
        return new LoadConfig(model, steps, connections, thinkTime, exponentialThinkTime, warmUp, measure, repeats, mix,
                lines, quantity, browsePages, endpoints, customers, hotProducts, seed,
                requestTimeout, sampleInterval, flightRecording, lockThreshold, cpuProfile, cpuInterval, audit, drainTimeout, output, label,
                steadyState, rules, faults);
    }

    /** The step's name as reports show it: "40 users" or "250 tx/s". */
    public String stepName(double step) {
        return model == Model.CLOSED ? (long) step + " users" : formatNumber(step) + " tx/s";
    }

    static String formatNumber(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}

package org.orderapp.driver.engine;

import java.util.List;

/**
 * How a step's warm-up ended: after its fixed duration, or when the throughput had settled (steady state), or at
 * the steady state's maximum without settling. {@code windows} are the last windows' throughputs that were judged,
 * {@code jitShare} the share of the server's CPU its JIT compiler took over them (null: not known, or a fixed warm-up).
 */
public record WarmUp(String mode, double seconds, Boolean steady, List<Double> windows, Double jitShare) {

    public static final String FIXED = "fixed";
    public static final String STEADY_STATE = "steady-state";

    public WarmUp {
        windows = List.copyOf(windows);
    }
}

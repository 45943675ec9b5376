package org.orderapp.driver.engine;

import org.orderapp.driver.workload.SimulatedUser;

/** Makes the simulated user number n of a step, with its own connection and random stream. */
@FunctionalInterface
public interface UserFactory {
    SimulatedUser create(int n, StepRecorder recorder);
}

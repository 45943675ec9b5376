package org.orderapp.driver.report;

import org.orderapp.driver.engine.StepResult;
import org.orderapp.observation.ServerWindow;
import org.orderapp.observation.database.LockContention;
import org.orderapp.observation.profile.CpuLayers;

/**
 * One step of one repeat: the client's figures, the server's in the same window, the lock contention if recorded,
 * and the CPU profile if asked: its flame graph (relative to the run folder) and its samples by layer, or why there
 * is none.
 */
public record StepOutcome(StepResult client, ServerWindow server, LockContention contention, String recording,
                          String cpuProfile, CpuLayers cpuLayers, String cpuProfileUnavailable) {

    /** The same step with other server figures. */
    public StepOutcome withServer(ServerWindow other) {
        return new StepOutcome(client, other, contention, recording, cpuProfile, cpuLayers, cpuProfileUnavailable);
    }
}

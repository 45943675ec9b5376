package org.orderapp.load;

import org.orderapp.load.engine.StepResult;
import org.orderapp.load.server.LockContention;
import org.orderapp.load.server.ServerWindow;

/** One step of one repeat: the client's figures, the server's in the same window, and the lock contention if recorded. */
public record StepOutcome(StepResult client, ServerWindow server, LockContention contention, String recording) {
}

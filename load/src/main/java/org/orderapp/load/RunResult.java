package org.orderapp.load;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.orderapp.load.audit.AuditResult;
import org.orderapp.load.fault.FaultEvent;
import org.orderapp.load.rules.Validity;
import org.orderapp.load.server.ServerSample;

/**
 * A whole run: what was asked, what the client and the server saw step by step, the faults injected and how the
 * load came through them, the audit, and the run rules' verdict.
 *
 * @param cpuProfiler the engine that profiled the server's CPU ("async-profiler 4.2 cpu", "jfr"); null if none did
 */
public record RunResult(LoadConfig config, Target target, String endpoint, Instant started, Instant finished,
                        Path folder, int customers, int centers, List<StepOutcome> steps, List<ServerSample> samples,
                        AuditResult audit, Validity validity, List<String> notes, List<FaultEvent> faults,
                        String cpuProfiler) {

    public boolean auditPassed() {
        return audit != null && audit.pass();
    }

    public long errors() {
        return steps.stream().mapToLong(s -> s.client().errorCount()).sum();
    }
}

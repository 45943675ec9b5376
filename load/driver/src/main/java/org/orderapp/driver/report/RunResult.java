package org.orderapp.driver.report;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.orderapp.driver.audit.AuditResult;
import org.orderapp.driver.fault.FaultEvent;
import org.orderapp.driver.rules.Validity;
import org.orderapp.driver.settings.LoadConfig;
import org.orderapp.observation.ServerSample;
import org.orderapp.target.Target;

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

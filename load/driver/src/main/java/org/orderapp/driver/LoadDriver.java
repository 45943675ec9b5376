package org.orderapp.driver;

import java.io.IOException;
import java.io.PrintStream;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.orderapp.driver.audit.AuditResult;
import org.orderapp.driver.audit.RunAudit;
import org.orderapp.driver.audit.StockSnapshot;
import org.orderapp.driver.engine.StepResult;
import org.orderapp.driver.fault.Fault;
import org.orderapp.driver.fault.FaultEvent;
import org.orderapp.driver.fault.FaultInjector;
import org.orderapp.driver.report.RunFolder;
import org.orderapp.driver.report.RunResult;
import org.orderapp.driver.report.StepOutcome;
import org.orderapp.driver.rules.Validity;
import org.orderapp.driver.settings.LoadConfig;
import org.orderapp.driver.workload.OrderRetry;
import org.orderapp.observation.ServerReadings;
import org.orderapp.target.DatabaseLink;
import org.orderapp.target.GaleraNodes;
import org.orderapp.target.Target;

/**
 * Runs a load test against a running Order application and writes its run folder: the steps of every repeat on one
 * LoadSession (the server sampled alongside, recorded and profiled per window if asked), the faults injected, and the
 * audit at the end. The caller says where the application is; this module knows nothing of how it was started.
 */
public final class LoadDriver {

    private final LoadConfig config;
    private final Target target;
    private final PrintStream out;
    private Optional<DatabaseLink> databaseLink = Optional.empty();

    public LoadDriver(LoadConfig config, Target target, PrintStream out) {
        this.config = config;
        this.target = target;
        this.out = out;
    }

    /** The link through which the server reaches its database, for the fault db-hang. */
    public LoadDriver withDatabaseLink(Optional<DatabaseLink> link) {
        this.databaseLink = link;
        return this;
    }

    public RunResult run() throws IOException, SQLException, InterruptedException {
        Instant started = Instant.now();
        try (var session = LoadSession.open(config, target, out);
             var injector = new FaultInjector(config.faults(), session.runStartNanos(), session.cpu().databasePid(),
                     session.cpu().serverPid(), target.application(), target.adminAuthorization(), out).withNodes(target.nodes()).withTrust(target.trust())
                     .withDatabaseNodes(GaleraNodes.of(target.dbUrl())).withDatabaseLink(databaseLink)) {
            if (!session.awaitQuiet(config.drainTimeout())) {
                session.note("The replenish queue was still busy when the run started; the audit counts what moved meanwhile.");
            }
            StockSnapshot before = config.audit() ? StockSnapshot.take(session.connection()) : null;
            List<StepOutcome> outcomes = new ArrayList<>();
            injector.start();
            for (int repeat = 1; repeat <= config.repeats(); repeat++) {
                for (int i = 0; i < config.steps().size(); i++) {
                    // The first load on the server warms up until steady, if asked: later steps find the JIT's work done.
                    var steadyState = repeat == 1 && i == 0 ? config.steadyState() : null;
                    outcomes.add(session.step("run " + repeat + "/" + config.repeats(), repeat, i, config.steps().get(i), config.warmUp(), config.measure(), steadyState));
                }
            }
            injector.close(); // nothing stays stopped while the audit reads the database
            noteRetries(session);
            List<FaultEvent> faults = faultEvents(injector, outcomes);
            faults = afterRecovery(faults, session.management());
            AuditResult audit = null;
            if (config.audit()) {
                say("Audit: waiting for the replenish queue to drain ...");
                boolean drained = session.awaitQuiet(config.drainTimeout());
                audit = new RunAudit(target.dbUrl(), target.dbUser(), target.dbPassword(), out)
                        .check(before, session.acknowledged(), drained, faults, session.notes());
            }
            Validity validity = config.rules().check(outcomes.stream().map(StepOutcome::client).toList(), config.mix(), audit);
            say(validity.valid() ? "Run rules: VALID" : "Run rules: INVALID");
            validity.reasons().forEach(r -> say("  " + r));
            session.durability().warning().ifPresent(this::say);
            String profilerNote = session.cpuProfilerNote();
            if (profilerNote != null) {
                session.note(profilerNote);
            }
            var result = new RunResult(config, target, session.endpointName(), started, Instant.now(), session.folder(),
                    session.catalog().customerCount(), session.catalog().centerCount(), outcomes, session.samples(), audit, validity,
                    session.notes(), faults, session.cpuProfilerEngine());
            RunFolder.write(result);
            session.notes().forEach(n -> say("Note: " + n));
            say("Report: " + session.folder().resolve("report.html"));
            return result;
        }
    }

    /** How many orders were sent again under their Idempotency-Key, on the console and, if any, in the report's notes. */
    private void noteRetries(LoadSession session) {
        var keys = session.orderKeys();
        String retries = String.format(Locale.ROOT, "Idempotency keys: %d orders sent, %d of them again under their key "
                + "(%d retries), %d given up after %d attempts", keys.keysSent(), keys.retriedKeys(), keys.retries(),
                keys.keysGivenUp(), OrderRetry.MAX_ATTEMPTS);
        say(retries);
        if (keys.retriedKeys() > 0) {
            session.note(retries + "; the audit checks that no key placed more than one order.");
        }
    }

    /** The faults injected, each with how the load came through it, as the run's timeline shows; said on the console. */
    private List<FaultEvent> faultEvents(FaultInjector injector, List<StepOutcome> outcomes) {
        List<StepResult.Tick> ticks = outcomes.stream().flatMap(o -> o.client().timeline().stream()).toList();
        List<FaultEvent> begun = injector.events(); // in the order they began
        List<FaultEvent> faults = new ArrayList<>();
        for (int i = 0; i < begun.size(); i++) {
            faults.add(begun.get(i).withRecovery(ticks, i + 1 < begun.size() ? begun.get(i + 1).startSeconds() : Double.MAX_VALUE));
        }
        for (FaultEvent f : faults) {
            say(String.format(Locale.ROOT, "Fault %s from %.1f s to %.1f s on %s: %s; %d errors; longest wait %.1f s; %s", f.kind(),
                    f.startSeconds(), f.endSeconds(), f.target(), f.outcome(), f.errorsDuring(), f.longestWaitSeconds(),
                    f.secondsUntilServedAgain() == null
                            ? "throughput did not come back during the run"
                            : String.format(Locale.ROOT, "served again %.0f s after its end", f.secondsUntilServedAgain())));
        }
        return faults;
    }

    /** Kills leave in-doubt transactions; the recovery manager settles them within its period (120 s) and backoff. */
    private static final java.time.Duration RECOVERY_WAIT = java.time.Duration.ofSeconds(180);
    /** The faults that can leave a transaction in doubt: the kills, and a hang that cuts a commit's answer off. */
    private static final Set<String> KILLS = Set.of(Fault.Kind.SERVER_KILL.label(), Fault.Kind.DB_RESTART.label(),
            Fault.Kind.NODE_KILL.label(), Fault.Kind.DB_NODE_KILL.label(), Fault.Kind.DB_HANG.label(),
            Fault.Kind.DB_PARTITION.label(), Fault.Kind.SERVER_KILL_IN_COMMIT.label());

    /**
     * After a kill of the server or the database, or a hung link to it: waits until the transaction manager's log is empty and the
     * broker holds no prepared transaction (recovery is periodic), at most RECOVERY_WAIT, before the audit, since
     * a recovered branch can still deliver a replenish message; each kill's event then says what became of them.
     */
    private List<FaultEvent> afterRecovery(List<FaultEvent> faults, ServerReadings management) {
        if (management == null || faults.stream().noneMatch(f -> KILLS.contains(f.kind()))) {
            return faults;
        }
        say("Transactions: waiting for the recovery of in-doubt transactions ...");
        long start = System.nanoTime();
        Optional<ServerReadings.InDoubt> left = management.inDoubtTransactions();
        while ((left.isEmpty() || !left.get().none()) && System.nanoTime() - start < RECOVERY_WAIT.toNanos()) {
            java.util.concurrent.locks.LockSupport.parkNanos(java.time.Duration.ofSeconds(5).toNanos());
            left = management.inDoubtTransactions();
        }
        long waited = Math.round((System.nanoTime() - start) / 1e9);
        String after = left.map(d -> "after the run" + (waited < 5 ? "" : " and " + waited + " s of recovery") + ", " + d)
                .orElse("after the run, the server's transaction log could not be read");
        say("Transactions: " + after);
        return faults.stream().map(f -> KILLS.contains(f.kind()) ? f.withOutcome(f.outcome() + "; " + after) : f).toList();
    }

    private void say(String line) {
        out.println(line);
        out.flush();
    }
}

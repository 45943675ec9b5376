package org.orderapp.driver.audit;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.orderapp.driver.fault.Fault;
import org.orderapp.driver.fault.FaultEvent;
import org.orderapp.driver.workload.AcknowledgedOrder;
import org.orderapp.target.GaleraNodes;

/**
 * The audit at the end of a load, said on the console: on the database, or on a database cluster once its nodes agree
 * (and again on a killed or partitioned node once it has rejoined).
 */
public final class RunAudit {

    private final String url;
    private final String user;
    private final String password;
    private final PrintStream out;

    public RunAudit(String url, String user, String password, PrintStream out) {
        this.url = url;
        this.user = user;
        this.password = password;
        this.out = out;
    }

    /**
     * Audits what the load left against the stock before it and the orders acknowledged to its users; notes for the
     * report are added to notes.
     */
    public AuditResult check(StockSnapshot before, List<AcknowledgedOrder> acknowledged, boolean drained, List<FaultEvent> faults,
                             List<String> notes) throws SQLException, InterruptedException {
        Optional<GaleraNodes> galera = GaleraNodes.of(url);
        if (galera.isPresent()) {
            return onCluster(galera.get(), before, acknowledged, drained, faults, notes);
        }
        try (Connection fresh = DriverManager.getConnection(url, user, password)) { // a database restart closed earlier ones
            AuditResult audit = Audit.check(fresh, before, StockSnapshot.take(fresh), acknowledged, drained);
            sayAudit(audit, "");
            return audit;
        }
    }

    /** How long the nodes of a database cluster get to agree before an audit reads one of them; a rejoin takes longer. */
    private static final java.time.Duration AGREEMENT_WAIT = java.time.Duration.ofMinutes(3);
    private static final java.time.Duration REJOIN_WAIT = java.time.Duration.ofMinutes(6);

    /**
     * The audit on a database cluster: once the nodes that were not killed or cut off agree (each Synced, all at the same
     * last committed transaction), on one of them, whose copy then holds everything any node committed; after a
     * db-node-kill or a db-partition, once that node has rejoined and caught up, again on it: its copy must hold the same.
     */
    private AuditResult onCluster(GaleraNodes galera, StockSnapshot before, List<AcknowledgedOrder> acknowledged, boolean drained,
                                     List<FaultEvent> faults, List<String> notes) throws SQLException, InterruptedException {
        String lost = faults.stream().map(RunAudit::nodeLostBy).filter(java.util.Objects::nonNull).findFirst().orElse(null);
        boolean away = lost != null;
        GaleraNodes.Node victim = galera.victim();
        List<GaleraNodes.Node> survivors = galera.nodes().stream().filter(n -> !away || n != victim).toList();
        say("Audit: waiting until the database nodes " + survivors.stream().map(GaleraNodes.Node::name).toList()
                + " agree (Synced, at one position) ...");
        var states = galera.awaitAgreement(survivors, user, password, AGREEMENT_WAIT);
        say("Audit: database nodes " + GaleraNodes.describe(survivors, states));
        if (!GaleraNodes.agreed(survivors, states)) {
            notes.add("The database nodes did not agree within " + AGREEMENT_WAIT.toSeconds() + " s: "
                    + GaleraNodes.describe(survivors, states));
        }
        GaleraNodes.Node first = survivors.stream().filter(states::containsKey).findFirst().orElse(survivors.get(0));
        AuditResult audit = auditOn(first, before, acknowledged, drained);
        sayAudit(audit, " on " + first.name());
        if (!away) {
            notes.add("Audit on database node " + first.name() + ", once " + GaleraNodes.describe(survivors, states) + ".");
            return audit;
        }
        say("Audit: waiting until " + victim.name() + " (" + lost + ") has rejoined and caught up with the others ...");
        states = galera.awaitAgreement(galera.nodes(), user, password, REJOIN_WAIT);
        say("Audit: database nodes " + GaleraNodes.describe(galera.nodes(), states));
        if (!states.containsKey(victim) || !states.get(victim).synced()) {
            notes.add("The " + lost + " database node " + victim.name() + " did not rejoin within " + REJOIN_WAIT.toSeconds() + " s");
            return audit.and(victim.name(), new AuditResult(false, acknowledged.size(), 0, acknowledged.size(), 0, 0, 0, 0, 0, 0, 0,
                    List.of(), 0, 0, 0, 0, -1, 0, 0, drained, OutboxBacklog.NO_OUTBOX, List.of("not audited: it did not rejoin the cluster")));
        }
        AuditResult rejoined = auditOn(victim, before, acknowledged, drained);
        sayAudit(rejoined, " on " + victim.name() + " (" + lost + ", rejoined)");
        notes.add("Audit on database node " + first.name() + " after the others agreed, and again on " + victim.name()
                + " (" + lost + ") after it rejoined: " + (rejoined.pass() ? "PASS" : "FAIL") + " there; "
                + GaleraNodes.describe(galera.nodes(), states) + ".");
        return audit.and(victim.name() + " (rejoined)", rejoined);
    }

    /** "killed" or "partitioned" when the fault took a database node away from the others; null when not. */
    private static String nodeLostBy(FaultEvent f) {
        if (f.kind().equals(Fault.Kind.DB_NODE_KILL.label()) && f.outcome().startsWith("killed")) {
            return "killed";
        }
        return f.kind().equals(Fault.Kind.DB_PARTITION.label()) && f.outcome().startsWith("partitioned") ? "partitioned" : null;
    }

    private AuditResult auditOn(GaleraNodes.Node node, StockSnapshot before, List<AcknowledgedOrder> acknowledged, boolean drained)
            throws SQLException {
        try (Connection c = DriverManager.getConnection(node.url(), user, password)) {
            return Audit.check(c, before, StockSnapshot.take(c), acknowledged, drained);
        }
    }

    private void sayAudit(AuditResult audit, String where) {
        say(String.format(Locale.ROOT, "Audit%s: %s — %d acknowledged orders, %d found, %d missing; %d placed; "
                        + "stock balanced at %d of %d centers that moved; replenish requests %d, applied %d, orphaned %d; "
                        + "idempotency keys stored %d, duplicate orders %d, acknowledged after a retry %d; lost updates seen: %d%s",
                where, audit.pass() ? "PASS" : "FAIL",
                audit.acknowledged(), audit.acknowledgedFound(), audit.acknowledgedMissing(), audit.ordersPlaced(),
                audit.centers().stream().filter(AuditResult.CenterBalance::balanced).count(), audit.centers().size(),
                audit.replenishRequested(), audit.replenishApplied(), audit.replenishOrphaned(), audit.keysStored(),
                audit.duplicates(), audit.acknowledgedAfterRetry(), audit.lostUpdates(), outbox(audit.outbox())));
        audit.findings().forEach(f -> say("  " + f));
    }

    /** The outbox's backlog for the console line: nothing without an outbox table. */
    private static String outbox(OutboxBacklog outbox) {
        if (outbox.unpublished() < 0) {
            return "";
        }
        return "; outbox: " + outbox.unpublished() + " written, not yet published" + (outbox.any()
                ? String.format(Locale.ROOT, " (the oldest for %.1f s)", outbox.oldestAgeSeconds()) : "");
    }

    private void say(String line) {
        out.println(line);
        out.flush();
    }
}

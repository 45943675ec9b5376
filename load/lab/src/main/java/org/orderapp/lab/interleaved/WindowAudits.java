package org.orderapp.lab.interleaved;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.orderapp.driver.LoadSession;
import org.orderapp.driver.audit.AuditResult;
import org.orderapp.driver.audit.RunAudit;
import org.orderapp.driver.audit.StockSnapshot;
import org.orderapp.driver.settings.LoadConfig;

/** The interleaved method's audits: each window's when the data is reset before it, else each database's at the end. */
final class WindowAudits {

    private final LoadConfig load;
    private final InterleavedSettings.DataReset reset;
    private final PrintStream out;
    private final Map<String, AuditResult> lastWindowAudit = new LinkedHashMap<>();
    private final Map<String, AuditResult> audits = new LinkedHashMap<>();
    private int windowsAudited;
    private int windowsFailed;

    WindowAudits(LoadConfig load, InterleavedSettings.DataReset reset, PrintStream out) {
        this.load = load;
        this.reset = reset;
        this.out = out;
    }

    /**
     * The data back at its loaded state (when the caller resets it: every window starts from the same data, audited or
     * not) and, with the audit on, the stock before the window for its audit.
     */
    StockSnapshot startWindow(ResidentVariant r, LoadSession s) throws IOException, InterruptedException {
        if (reset == null) {
            return null;
        }
        try {
            reset.reset(r);
            s.forgetAcknowledged();
            if (!load.audit()) {
                return null;
            }
            try (var c = s.connect()) {
                return StockSnapshot.take(c);
            }
        } catch (IOException | InterruptedException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("the data of " + r.name() + " could not be reset before its window: " + e.getMessage(), e);
        }
    }

    /** The window's audit, once the variant's replenish queue has drained: every order acknowledged in it, stored once. */
    AuditResult endWindow(ResidentVariant r, LoadSession s, StockSnapshot before) throws InterruptedException, IOException {
        if (before == null) {
            return null;
        }
        boolean drained = s.awaitQuiet(load.drainTimeout());
        var quiet = new PrintStream(OutputStream.nullOutputStream());
        try {
            AuditResult audit = new RunAudit(r.target().dbUrl(), r.target().dbUser(), r.target().dbPassword(), quiet)
                    .check(before, s.acknowledged(), drained, List.of(), new ArrayList<>());
            if (!audit.pass()) {
                say("Audit of " + r.name() + "'s window: FAIL " + String.join("; ", audit.findings()));
            }
            windowsAudited++;
            windowsFailed += audit.pass() ? 0 : 1;
            lastWindowAudit.put(r.name(), audit);
            return audit;
        } catch (SQLException e) {
            throw new IOException("the audit of " + r.name() + "'s window failed to run: " + e.getMessage(), e);
        }
    }

    /**
     * The experiment's audit: the windows' summed up when the data was reset before every window; else drains every
     * server's queue, then audits each database against every variant's acknowledged orders on it.
     */
    String atEnd(List<ResidentVariant> residents, Map<String, LoadSession> sessions, Map<String, StockSnapshot> before)
            throws SQLException, InterruptedException {
        if (!load.audit()) {
            return null;
        }
        if (reset != null) {
            return windowsFailed == 0 ? "PASS" : "FAIL: " + windowsFailed + " of " + windowsAudited + " windows";
        }
        say("Audit: waiting for every server's replenish queue to drain ...");
        boolean drained = true;
        for (LoadSession s : sessions.values()) {
            drained &= s.awaitQuiet(load.drainTimeout());
        }
        var failures = new ArrayList<String>();
        for (var database : before.entrySet()) {
            var on = residents.stream().filter(r -> r.database().equals(database.getKey())).toList();
            var acknowledged = on.stream().flatMap(r -> sessions.get(r.name()).acknowledged().stream()).toList();
            var target = on.get(0).target();
            say("Audit of the database of " + String.join(", ", on.stream().map(ResidentVariant::name).toList()) + ":");
            AuditResult result = new RunAudit(target.dbUrl(), target.dbUser(), target.dbPassword(), out)
                    .check(database.getValue(), acknowledged, drained, List.of(), new ArrayList<>());
            audits.put(database.getKey(), result);
            if (!result.pass()) {
                failures.add(database.getKey() + ": " + String.join("; ", result.findings()));
            }
        }
        return failures.isEmpty() ? "PASS" : "FAIL: " + String.join("; ", failures);
    }

    /** The audit for a variant's run folder: its database's at the end, or else its last window's (none: null). */
    AuditResult of(ResidentVariant r) {
        return audits.containsKey(r.database()) ? audits.get(r.database()) : lastWindowAudit.get(r.name());
    }

    private void say(String line) {
        out.println(line);
        out.flush();
    }
}

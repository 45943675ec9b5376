package org.orderapp.driver.fault;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.orderapp.target.DatabaseLink;
import org.orderapp.target.GaleraNodes;
import org.orderapp.target.ServerProcess;
import org.orderapp.target.ServerTrust;
import org.orderapp.target.Target;

/**
 * Injects a run's faults at their times, on processes of this machine, and remembers what it did. A stopped
 * process is always resumed (a hung link to the database healed, a filled disk emptied): at the fault's end, when the
 * run ends early, and when the driver itself is stopped (Ctrl-C), so a run never leaves the database frozen.
 */
public final class FaultInjector implements AutoCloseable {

    private final List<Fault> faults;
    private final long runStartNanos;
    private final Optional<Long> databasePid;
    private final Optional<Long> serverPid;
    private final URI application;
    private final String adminAuthorization;
    /**
     * The faults' timer: a thread for every fault and one more, so that a fault whose injection blocks (an admin call
     * that a loaded server answers slowly) holds back neither the next fault nor a stall's resume. With one thread a
     * poison message sent at 2 s kept a database stall due at 5 s waiting until 11 s.
     */
    private final ScheduledExecutorService timer;
    private final FaultJournal journal;
    private final Set<Long> stopped = ConcurrentHashMap.newKeySet();
    private volatile List<Target.Node> nodes = List.of();
    private volatile ServerTrust trust = ServerTrust.system();
    private volatile Optional<GaleraNodes> databaseNodes = Optional.empty();
    private volatile Optional<DatabaseLink> databaseLink = Optional.empty();
    private final Thread resumeOnExit = new Thread(this::resumeAll, "fault-resume");
    private final DatabasePartition partition;

    /**
     * @param runStartNanos the run's start on System.nanoTime(), the clock of the faults' times
     * @param databasePid   the database's process on this machine, if it is one
     * @param serverPid     the server's JVM on this machine, if it is one
     * @param application   the application's base URL, for the faults sent through its admin API
     * @param adminAuthorization the administrator's Authorization header; null: such faults are not injected
     */
    public FaultInjector(List<Fault> faults, long runStartNanos, Optional<Long> databasePid, Optional<Long> serverPid,
                         URI application, String adminAuthorization, PrintStream out) {
        this.faults = List.copyOf(faults);
        this.runStartNanos = runStartNanos;
        this.databasePid = databasePid;
        this.serverPid = serverPid;
        this.application = application;
        this.adminAuthorization = adminAuthorization;
        this.timer = Executors.newScheduledThreadPool(this.faults.size() + 1, r -> {
            Thread t = new Thread(r, "fault-injector");
            t.setDaemon(true);
            return t;
        });
        this.journal = new FaultJournal(runStartNanos, out, timer);
        this.partition = new DatabasePartition(timer, journal);
    }

    /** Whom the faults sent over HTTPS trust: the application's certificate. */
    public FaultInjector withTrust(ServerTrust serverTrust) {
        this.trust = serverTrust;
        return this;
    }

    /** The nodes of a cluster, for node-kill: found by their management port when the fault comes. */
    public FaultInjector withNodes(List<Target.Node> clusterNodes) {
        this.nodes = List.copyOf(clusterNodes);
        return this;
    }

    /** The nodes of a database cluster, for db-node-kill: found by their SQL port when the fault comes. */
    public FaultInjector withDatabaseNodes(Optional<GaleraNodes> clusterNodes) {
        this.databaseNodes = clusterNodes;
        return this;
    }

    /** The link between the server and the database, for db-hang; empty: that fault is not injected. */
    public FaultInjector withDatabaseLink(Optional<DatabaseLink> link) {
        this.databaseLink = link;
        return this;
    }

    public void start() {
        if (faults.isEmpty()) {
            return;
        }
        partition.prepare(faults, databaseNodes);
        Runtime.getRuntime().addShutdownHook(resumeOnExit);
        for (Fault f : faults) {
            long delay = runStartNanos + f.at().toNanos() - System.nanoTime();
            timer.schedule(() -> inject(f), Math.max(0, delay), TimeUnit.NANOSECONDS);
        }
    }

    /**
     * Every fault begun so far, ended or not, in the order they began: the journal holds them in the order they were
     * written, and a fault whose injection blocks (a poison message's admin call to a loaded server) is written when
     * its call returns, after faults that began later on threads of their own.
     */
    public List<FaultEvent> events() {
        return journal.events().stream().sorted(Comparator.comparingDouble(FaultEvent::startSeconds)).toList();
    }

    private void inject(Fault f) {
        switch (f.kind()) {
            case DB_STALL -> stall(f, databasePid, "the database");
            case DB_HANG -> hang(f);
            case DB_RESTART -> kill(f, databasePid, "the database");
            case SERVER_KILL -> kill(f, serverPid, "the server JVM");
            case POISON -> poison(f);
            case NODE_KILL -> killNode(f);
            case DB_NODE_KILL -> killDatabaseNode(f);
            case DB_PARTITION -> partition.inject(f, databaseNodes);
            case SERVER_KILL_IN_COMMIT -> new CommitKills(f, journal, application, adminAuthorization, trust).start();
            case DB_DISK_FULL -> new DiskFill(f, journal, databasePid).fill();
        }
    }

    /** SIGSTOP, then SIGCONT after the fault's duration. */
    private void stall(Fault f, Optional<Long> pid, String what) {
        double start = seconds();
        if (pid.isEmpty()) {
            record(new FaultEvent(f.kind().label(), start, start, what, "not injected: " + what
                    + " is not a process of this machine", null, 0));
            return;
        }
        try {
            signal(pid.get(), "STOP");
        } catch (IOException e) {
            record(new FaultEvent(f.kind().label(), start, start, what + " (pid " + pid.get() + ")",
                    "not injected: " + e.getMessage(), null, 0));
            return;
        }
        stopped.add(pid.get());
        say(String.format(Locale.ROOT, "Fault %s at %.1f s: %s (pid %d) stopped for %d s", f.kind().label(), start, what,
                pid.get(), f.duration().toSeconds()));
        int index = record(new FaultEvent(f.kind().label(), start, Double.NaN, what + " (pid " + pid.get() + ")",
                "stopped (SIGSTOP)", null, 0));
        timer.schedule(() -> {
            String outcome = resume(pid.get()) ? "stopped (SIGSTOP), resumed (SIGCONT)" : "stopped; resuming failed";
            double end = seconds();
            journal.update(index, new FaultEvent(f.kind().label(), start, end, what + " (pid " + pid.get() + ")", outcome, null, 0));
            say(String.format(Locale.ROOT, "Fault %s: %s resumed at %.1f s", f.kind().label(), what, end));
        }, f.duration().toNanos(), TimeUnit.NANOSECONDS);
    }

    /** The link to the database hung (nothing forwarded either way), healed after the fault's duration. */
    private void hang(Fault f) {
        double start = seconds();
        if (databaseLink.isEmpty()) {
            record(new FaultEvent(f.kind().label(), start, start, "the link to the database", "not injected: the server does "
                    + "not reach the database through a link of this process (an experiment's stack does)", null, 0));
            return;
        }
        DatabaseLink link = databaseLink.get();
        String what = "the link to the database (127.0.0.1:" + link.port() + ", " + link.connections() + " connections)";
        link.hang();
        say(String.format(Locale.ROOT, "Fault %s at %.1f s: %s drops everything for %d s", f.kind().label(), start, what,
                f.duration().toSeconds()));
        int index = record(new FaultEvent(f.kind().label(), start, Double.NaN, what, "hung", null, 0));
        timer.schedule(() -> {
            link.heal();
            double end = seconds();
            journal.update(index, new FaultEvent(f.kind().label(), start, end, what, "hung, healed", null, 0));
            say(String.format(Locale.ROOT, "Fault %s: the link to the database healed at %.1f s", f.kind().label(), end));
        }, f.duration().toNanos(), TimeUnit.NANOSECONDS);
    }

    /**
     * SIGKILL: whoever owns the process (./order run, an experiment) starts it again. For the server, what its
     * transaction log held at that instant is read from its files while it is dead, before anyone restarts it.
     */
    private void kill(Fault f, Optional<Long> pid, String what) {
        double start = seconds();
        if (pid.isEmpty()) {
            record(new FaultEvent(f.kind().label(), start, start, what, "not injected: " + what
                    + " is not a process of this machine", null, 0));
            return;
        }
        boolean server = f.kind() == Fault.Kind.SERVER_KILL || f.kind() == Fault.Kind.NODE_KILL;
        Optional<java.nio.file.Path> serverData = server ? TransactionLogFiles.dataDirectory(pid.get()) : Optional.empty();
        String outcome;
        try {
            signal(pid.get(), "KILL");
            outcome = "killed (SIGKILL)";
            if (server) {
                awaitGone(pid.get());
                outcome += "; " + TransactionLogFiles.describe(serverData);
            }
            say(String.format(Locale.ROOT, "Fault %s at %.1f s: %s (pid %d) killed", f.kind().label(), start, what, pid.get()));
        } catch (IOException e) {
            outcome = "not injected: " + e.getMessage();
        }
        record(new FaultEvent(f.kind().label(), start, start, what + " (pid " + pid.get() + ")", outcome, null, 0));
    }

    /** SIGKILL to the first node's JVM, as server-kill does to a single server. */
    private void killNode(Fault f) {
        if (nodes.isEmpty()) {
            double now = seconds();
            record(new FaultEvent(f.kind().label(), now, now, "a node", "not injected: the application is not a cluster "
                    + "(server-kill kills a single server)", null, 0));
            return;
        }
        Target.Node node = nodes.get(0);
        kill(f, ServerProcess.listeningOn(Target.managementPort(node.management())), node.name() + "'s JVM");
    }

    /** SIGKILL to the first database node's mariadbd, as db-restart does to a single database. */
    private void killDatabaseNode(Fault f) {
        if (databaseNodes.isEmpty()) {
            double now = seconds();
            record(new FaultEvent(f.kind().label(), now, now, "a database node", "not injected: the database is not a cluster "
                    + "(db-restart kills a single database)", null, 0));
            return;
        }
        GaleraNodes.Node node = databaseNodes.get().victim();
        kill(f, ServerProcess.listeningOn(node.port()), "database node " + node.name() + " (" + node.host() + ":" + node.port() + ")");
    }

    /** POST api/admin/faults/poison-message as the administrator. */
    private void poison(Fault f) {
        double start = seconds();
        URI uri = application.resolve("api/admin/faults/poison-message");
        String outcome;
        if (adminAuthorization == null) {
            outcome = "not injected: no admin password known (ORDER_ADMIN_PASSWORD)";
        } else {
            try {
                var response = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).sslContext(trust.sslContext()).build().send(
                        HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).header("Authorization", adminAuthorization)
                                .header("X-Order-Admin", "1") // required on admin changes (the web module's AdminRequestFilter)
                                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
                outcome = response.statusCode() == 202 ? "one poison message sent to the replenish queue"
                        : "not injected: HTTP " + response.statusCode() + " " + response.body();
            } catch (IOException e) {
                outcome = "not injected: " + e.getMessage();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                outcome = "not injected: interrupted";
            }
        }
        say(String.format(Locale.ROOT, "Fault %s at %.1f s: %s", f.kind().label(), start, outcome));
        record(new FaultEvent(f.kind().label(), start, start, uri.toString(), outcome, null, 0));
    }

    private int record(FaultEvent event) {
        return journal.record(event);
    }

    private boolean resume(long pid) {
        try {
            signal(pid, "CONT");
            stopped.remove(pid);
            return true;
        } catch (IOException e) {
            say("Fault: resuming process " + pid + " failed: " + e.getMessage());
            return false;
        }
    }

    private void resumeAll() {
        journal.undoAll();
        databaseLink.ifPresent(DatabaseLink::heal);
        partition.heal();
        for (long pid : Set.copyOf(stopped)) {
            resume(pid);
        }
    }

    /** Waits (at most a few seconds) until a killed process has gone, so its files are as it left them. */
    private static void awaitGone(long pid) {
        ProcessHandle.of(pid).ifPresent(p -> {
            try {
                p.onExit().get(5, TimeUnit.SECONDS);
            } catch (Exception e) {
                // still there after SIGKILL: a zombie whose files no longer change
            }
        });
    }

    private static void signal(long pid, String signal) throws IOException {
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).redirectErrorStream(true).start();
            String message = new String(kill.getInputStream().readAllBytes()).trim();
            if (kill.waitFor() != 0) {
                throw new IOException("kill -" + signal + " " + pid + " failed: " + message);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while signalling " + pid, e);
        }
    }

    private double seconds() {
        return journal.seconds();
    }

    private void say(String line) {
        journal.say(line);
    }

    /** Stops injecting; resumes whatever is still stopped. */
    @Override
    public void close() {
        timer.shutdownNow();
        resumeAll();
        List<FaultEvent> begun = journal.events();
        for (int i = 0; i < begun.size(); i++) {
            FaultEvent e = begun.get(i);
            if (Double.isNaN(e.endSeconds())) {
                journal.update(i, new FaultEvent(e.kind(), e.startSeconds(), seconds(), e.target(),
                        e.outcome() + ", resumed when the run ended", null, 0));
            }
        }
        if (!faults.isEmpty()) {
            try {
                Runtime.getRuntime().removeShutdownHook(resumeOnExit);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway
            }
        }
    }
}

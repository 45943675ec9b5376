package org.orderapp.driver.fault;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.orderapp.target.ServerProcess;
import org.orderapp.target.ServerTrust;

/**
 * The fault server-kill-in-commit: the server JVM halted inside an order's commit, COUNT times in a row. A kill timed
 * from outside (server-kill) lands in a commit by chance; this one is armed through the admin API
 * (POST api/admin/faults/halt-in-commit, allowed only on a server started with order.faults.halt-in-commit=true) and
 * the application halts itself (Runtime.halt) in the next order's commit, at a point chosen here: after the database
 * committed and before the answer first (the window an outbox must close), then at random before the commit, after
 * it, or a random instant into it. Each next kill is armed once the restarted server (./order run and the experiment
 * runner start it again) takes the request; one event is recorded per kill, so each has its own recovery. Runs on a
 * thread of its own: a restart takes the better part of a minute, and the other faults keep their times.
 */
final class CommitKills {

    /** The points of the application's CommitFaults.Point, as the admin API names them. */
    static final List<String> POINTS = List.of("after-commit", "before-commit", "in-commit");
    /** How long a restarted server may take to take the request again. */
    private static final Duration RESTART_WAIT = Duration.ofMinutes(5);
    /** How long an armed server may go without committing an order (under load: milliseconds). */
    private static final Duration HALT_WAIT = Duration.ofSeconds(60);
    /** How long a server whose answer to the arming broke off is given to show it halted. */
    private static final Duration EXIT_WAIT = Duration.ofSeconds(3);

    private final Fault fault;
    private final FaultJournal journal;
    private final URI application;
    private final String adminAuthorization;
    private final ServerTrust trust;
    private volatile boolean ended;

    CommitKills(Fault fault, FaultJournal journal, URI application, String adminAuthorization, ServerTrust trust) {
        this.fault = fault;
        this.journal = journal;
        this.application = application;
        this.adminAuthorization = adminAuthorization;
        this.trust = trust;
    }

    void start() {
        journal.atEnd(() -> ended = true);
        Thread kills = new Thread(this::killAll, fault.kind().label());
        kills.setDaemon(true);
        kills.start();
    }

    private void killAll() {
        for (int kill = 1; kill <= fault.count() && !ended; kill++) {
            String point = kill == 1 ? POINTS.get(0) : POINTS.get(ThreadLocalRandom.current().nextInt(POINTS.size()));
            try {
                killOnce(kill, point);
            } catch (NotInjected e) {
                double now = journal.seconds();
                journal.record(new FaultEvent(fault.kind().label(), now, now, "the server JVM", String.format(Locale.ROOT,
                        "not injected (kill %d of %d, %s): %s", kill, fault.count(), point, e.getMessage()), null, 0));
                journal.say(String.format(Locale.ROOT, "Fault %s at %.1f s: kill %d of %d not injected: %s",
                        fault.kind().label(), now, kill, fault.count(), e.getMessage()));
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void killOnce(int kill, String point) throws NotInjected, InterruptedException {
        long pid = arm(point);
        Optional<Path> serverData = TransactionLogFiles.dataDirectory(pid);
        double armed = journal.seconds();
        Optional<ProcessHandle> server = ProcessHandle.of(pid);
        if (server.isPresent()) {
            try {
                server.get().onExit().get(HALT_WAIT.toSeconds(), TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                throw new NotInjected("armed at " + point + ", but the server (pid " + pid + ") did not halt within "
                        + HALT_WAIT.toSeconds() + " s: no order committed");
            } catch (ExecutionException e) {
                throw new NotInjected("the server's process could not be watched: " + e.getCause());
            }
        }
        double halted = journal.seconds();
        String outcome = String.format(Locale.ROOT, "kill %d of %d: halted (Runtime.halt) %s, %.1f s after it was armed; %s",
                kill, fault.count(), describe(point), halted - armed, TransactionLogFiles.describe(serverData));
        journal.record(new FaultEvent(fault.kind().label(), halted, halted, "the server JVM (pid " + pid + ")", outcome, null, 0));
        journal.say(String.format(Locale.ROOT, "Fault %s at %.1f s: %s", fault.kind().label(), halted, outcome));
    }

    /** Arms the halt on the server that answers, once it answers; answers its process. */
    private long arm(String point) throws NotInjected, InterruptedException {
        if (adminAuthorization == null) {
            throw new NotInjected("no admin password known (ORDER_ADMIN_PASSWORD)");
        }
        URI uri = application.resolve("api/admin/faults/halt-in-commit?point=" + point);
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).sslContext(trust.sslContext()).build();
        long deadline = System.nanoTime() + RESTART_WAIT.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline && !ended) {
            Optional<Long> pid = ServerProcess.listeningOn(application.getPort());
            if (pid.isPresent()) {
                try {
                    var response = client.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10))
                            .header("Authorization", adminAuthorization)
                            .header("X-Order-Admin", "1") // required on admin changes (the web module's AdminRequestFilter)
                            .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
                    if (response.statusCode() == 202) {
                        return pid.get();
                    }
                    last = "HTTP " + response.statusCode() + " " + response.body();
                    if (response.statusCode() >= 400 && response.statusCode() < 500 && response.statusCode() != 404) {
                        throw new NotInjected(last); // refused: not allowed, not an administrator
                    }
                } catch (IOException e) {
                    last = e.toString(); // restarting, or halted by this very request
                    if (haltedSince(pid.get())) {
                        // Armed: an order's commit, on another thread, halted the JVM before the 202 was out. Asking
                        // again would arm the restarted server too and kill it a second time.
                        return pid.get();
                    }
                }
            }
            TimeUnit.SECONDS.sleep(1);
        }
        throw new NotInjected("the server did not take " + uri + " within " + RESTART_WAIT.toMinutes() + " min: " + last);
    }

    /** Whether the server process the request went to has gone (it may take a moment to be reaped). */
    private static boolean haltedSince(long pid) throws InterruptedException {
        Optional<ProcessHandle> server = ProcessHandle.of(pid);
        if (server.isEmpty()) {
            return true;
        }
        try {
            server.get().onExit().get(EXIT_WAIT.toSeconds(), TimeUnit.SECONDS);
            return true;
        } catch (TimeoutException | ExecutionException stillThere) {
            return false;
        }
    }

    private static String describe(String point) {
        return switch (point) {
            case "after-commit" -> "after the database committed an order, before its answer";
            case "before-commit" -> "before an order's database commit, its statements sent";
            default -> "at a random instant (0-5 ms) into an order's commit";
        };
    }

    private static final class NotInjected extends Exception {
        private static final long serialVersionUID = 1L;

        NotInjected(String message) {
            super(message);
        }
    }
}

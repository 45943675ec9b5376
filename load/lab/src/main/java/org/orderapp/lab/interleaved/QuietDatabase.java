package org.orderapp.lab.interleaved;

import java.time.Duration;
import java.util.Locale;
import java.util.OptionalDouble;
import org.orderapp.observation.CpuMeter;

/**
 * Waits, after a variant's data was reset, until its database has done the work the reset left it: the reset empties
 * the order tables and writes about 12,000 stock rows back, and InnoDB goes on with it (flushing pages, purging the
 * old row versions) for seconds after the reset returned. Windows begun two seconds after a reset met stalls of the database (1.1-3.6 ms of its CPU per
 * transaction against 0.6-0.9) in 7 of 48 windows; after eight seconds in none of 60 (calibration, 2026-11-28). Quiet
 * means the database process used at most {@link #QUIET_SHARE} of one core over a poll; at most {@link #LONGEST}.
 * Part of those stalls was the reset's emptied optimizer statistics, which the settle now takes afresh
 * (LoadSession#freshStatisticsBeforeWindows).
 */
final class QuietDatabase {

    static final Duration POLL = Duration.ofMillis(500);
    /** Above what an idle database's background threads take, below what its purge after a reset takes. */
    static final double QUIET_SHARE = 0.05;
    static final Duration LONGEST = Duration.ofSeconds(30);

    /** How long it waited, whether the database became quiet, and its last rate as words. */
    record Wait(double seconds, boolean quiet, String lastRate) {
    }

    private QuietDatabase() {
    }

    /** Polls the database's CPU until one poll finds it quiet, or the longest wait passed; unknown CPU: no wait. */
    static Wait await(CpuMeter cpu) throws InterruptedException {
        long start = System.nanoTime();
        OptionalDouble last = cpu.databaseMillis();
        if (last.isEmpty()) {
            return new Wait(0, true, "its CPU is not known here");
        }
        double share = Double.NaN;
        while (System.nanoTime() - start < LONGEST.toNanos()) {
            long before = System.nanoTime();
            Thread.sleep(POLL.toMillis());
            OptionalDouble now = cpu.databaseMillis();
            if (now.isEmpty()) {
                return new Wait((System.nanoTime() - start) / 1e9, true, "its process is gone");
            }
            share = (now.getAsDouble() - last.getAsDouble()) / ((System.nanoTime() - before) / 1e6);
            last = now;
            if (share <= QUIET_SHARE) {
                return new Wait((System.nanoTime() - start) / 1e9, true, rate(share));
            }
        }
        return new Wait((System.nanoTime() - start) / 1e9, false, rate(share));
    }

    private static String rate(double share) {
        return String.format(Locale.ROOT, "%.0f %% of a core", 100 * share);
    }
}

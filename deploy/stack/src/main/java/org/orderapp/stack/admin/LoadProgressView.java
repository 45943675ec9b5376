package org.orderapp.stack.admin;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Locale;
import org.orderapp.batch.LoadStatus;

/**
 * Follows a load on the server and shows it: one progress line rewritten in place on a terminal (every few
 * seconds a new line otherwise), then a summary. The figures are the server's own (GET .../reference-data).
 */
public final class LoadProgressView {

    private static final long POLL_MILLIS = 500;
    private static final long PLAIN_LINE_MILLIS = 10_000;

    private final AdminClient admin;
    private final PrintStream out;
    private final boolean terminal;

    public LoadProgressView(AdminClient admin, PrintStream out) {
        this.admin = admin;
        this.out = out;
        this.terminal = System.console() != null;
    }

    /** Polls until the load has ended; answers its final figures. */
    public LoadStatus follow(long executionId) throws IOException, InterruptedException {
        long lastPlain = System.currentTimeMillis(); // not a terminal: a line after every interval, none at the start
        int width = 0;
        while (true) {
            LoadStatus f = admin.status();
            if (f.executionId() != executionId) {
                throw new IOException("the server now reports load " + f.executionId() + " instead of " + executionId);
            }
            if (!f.running()) {
                if (terminal && width > 0) {
                    out.print("\r" + " ".repeat(width) + "\r");
                }
                return f;
            }
            String line = line(f);
            if (terminal) {
                out.print("\r" + line + " ".repeat(Math.max(0, width - line.length())));
                out.flush();
                width = line.length();
            } else if (System.currentTimeMillis() - lastPlain >= PLAIN_LINE_MILLIS) {
                out.println(line);
                lastPlain = System.currentTimeMillis();
            }
            Thread.sleep(POLL_MILLIS);
        }
    }

    static String line(LoadStatus f) {
        double percent = f.rowsTotal() == 0 ? 0 : 100.0 * f.rowsDone() / f.rowsTotal();
        String left = f.secondsLeft() == null ? "time left unknown" : duration(f.secondsLeft()) + " left";
        return String.format(Locale.US, "  %,d of %,d rows  %5.1f %%  %,8.0f rows/s  %s  %s", f.rowsDone(),
                f.rowsTotal(), percent, f.rowsPerSecond(), left, f.currentTable() == null ? "" : "(" + f.currentTable() + ")");
    }

    /** The end of a load: what it did, per table, and how fast. */
    public static void summary(LoadStatus f, PrintStream out) {
        if (f.completed()) {
            out.printf(Locale.US, "Loaded %,d rows in %s (%,.0f rows/s): scale %s, seed %d, batch size %,d, %s writer%n",
                    f.rowsWritten(), duration(f.loadSeconds()), f.rowsPerSecond(), f.scale(), f.seed(), f.batchSize(),
                    String.valueOf(f.writer()).toUpperCase(Locale.ROOT));
            if (f.rowsWritten() != f.rowsDone()) {
                out.printf(Locale.US, "  (a restart: earlier executions had committed the other %,d rows)%n",
                        f.rowsDone() - f.rowsWritten());
            }
        } else {
            out.printf(Locale.US, "Load %d ended %s at %,d of %,d rows%s%n", f.executionId(), f.state(), f.rowsDone(),
                    f.rowsTotal(), f.message() == null || f.message().isEmpty() ? "" : ": " + f.message());
        }
        for (LoadStatus.TableProgress t : f.tables()) {
            String resumed = t.resumedFrom() != null && t.resumedFrom() > 0
                    ? String.format(Locale.US, "  (resumed at row %,d)", t.resumedFrom()) : "";
            out.printf(Locale.US, "  %-20s %,12d of %,12d%s%n", t.table(), t.rows(), t.total(), resumed);
        }
    }

    static String duration(double seconds) {
        long s = Math.round(seconds);
        if (seconds < 60) {
            return String.format(Locale.US, "%.1f s", seconds);
        }
        if (s < 3600) {
            return String.format(Locale.US, "%d min %02d s", s / 60, s % 60);
        }
        return String.format(Locale.US, "%d h %02d min", s / 3600, (s % 3600) / 60);
    }
}

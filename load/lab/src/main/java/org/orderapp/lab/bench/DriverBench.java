package org.orderapp.lab.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Pattern;
import org.HdrHistogram.Recorder;
import org.orderapp.driver.http.UserConnection;

/**
 * The driver's self-check: its request rate against wrk's on the same trivial endpoint with the same number of
 * connections, in alternating rounds of the same length, in one run. The driver must reach the given share of
 * wrk's rate; otherwise its own overhead, not the server, would limit what it measures.
 */
public final class DriverBench {

    private static final Pattern WRK_RATE = Pattern.compile("Requests/sec:\\s+([0-9.]+)");
    private static final Pattern WRK_NON_2XX = Pattern.compile("Non-2xx or 3xx responses:\\s+(\\d+)");

    public record Settings(URI url, int connections, Duration round, int rounds, Duration warmUp, double requiredRatio,
                           String wrk) {
    }

    public record Round(int number, double wrkRate, double driverRate, double driverP99Millis, long driverErrors) {
        public double ratio() {
            return driverRate / wrkRate;
        }
    }

    public record Result(Settings settings, List<Round> rounds, double wrkMean, double driverMean) {
        public double ratio() {
            return driverMean / wrkMean;
        }

        public boolean pass() {
            return ratio() >= settings.requiredRatio();
        }
    }

    private final Settings settings;
    private final PrintStream out;

    public DriverBench(Settings settings, PrintStream out) {
        this.settings = settings;
        this.out = out;
    }

    public Result run() throws IOException, InterruptedException {
        out.printf(Locale.ROOT, "Self-check: the driver against wrk on GET %s, %d connections, %d rounds of %d s each (warm-up %d s)%n",
                settings.url(), settings.connections(), settings.rounds(), settings.round().toSeconds(), settings.warmUp().toSeconds());
        // Both warm up first: the driver's JIT and the server's paths.
        driver(settings.warmUp());
        wrk(settings.warmUp());
        List<Round> rounds = new ArrayList<>();
        out.printf(Locale.ROOT, "%-7s %14s %14s %14s %8s%n", "round", "wrk req/s", "driver req/s", "driver p99 ms", "ratio");
        for (int i = 1; i <= settings.rounds(); i++) {
            // Alternate which goes first, so a drift of the machine during the run favours neither.
            double wrkRate;
            double[] driver;
            if (i % 2 == 1) {
                wrkRate = wrk(settings.round());
                driver = driver(settings.round());
            } else {
                driver = driver(settings.round());
                wrkRate = wrk(settings.round());
            }
            var round = new Round(i, wrkRate, driver[0], driver[1], (long) driver[2]);
            rounds.add(round);
            out.printf(Locale.ROOT, "%-7d %14.1f %14.1f %14.2f %8.2f%s%n", i, round.wrkRate(), round.driverRate(),
                    round.driverP99Millis(), round.ratio(), round.driverErrors() > 0 ? "  (" + round.driverErrors() + " driver errors)" : "");
        }
        double wrkMean = rounds.stream().mapToDouble(Round::wrkRate).average().orElse(0);
        double driverMean = rounds.stream().mapToDouble(Round::driverRate).average().orElse(0);
        var result = new Result(settings, rounds, wrkMean, driverMean);
        out.printf(Locale.ROOT, "%-7s %14.1f %14.1f %14s %8.2f%n", "mean", wrkMean, driverMean, "", result.ratio());
        out.printf(Locale.ROOT, "Driver/wrk = %.2f: %s (required >= %.2f)%n", result.ratio(), result.pass() ? "PASS" : "FAIL",
                settings.requiredRatio());
        return result;
    }

    /** wrk's rate over the duration; fails if wrk is missing or saw non-2xx answers. */
    double wrk(Duration duration) throws IOException, InterruptedException {
        int threads = Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(), settings.connections()));
        Process p;
        try {
            p = new ProcessBuilder(settings.wrk(), "-t" + threads, "-c" + settings.connections(),
                    "-d" + Math.max(1, duration.toSeconds()) + "s", settings.url().toString()).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IOException("wrk could not be started (" + e.getMessage() + "); install it: apt-get install wrk", e);
        }
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(duration.toSeconds() + 60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("wrk failed: " + output.strip());
        }
        var non2xx = WRK_NON_2XX.matcher(output);
        if (non2xx.find()) {
            throw new IOException("wrk saw " + non2xx.group(1) + " non-2xx answers from " + settings.url() + "; is it the right URL?");
        }
        var rate = WRK_RATE.matcher(output);
        if (!rate.find()) {
            throw new IOException("no request rate in wrk's output: " + output.strip());
        }
        return Double.parseDouble(rate.group(1));
    }

    /** The driver's rate, p99 (ms) and errors: one thread and one keep-alive connection per connection, as in a load run. */
    double[] driver(Duration duration) throws InterruptedException {
        var ok = new LongAdder();
        var errors = new LongAdder();
        var latency = new Recorder(TimeUnit.MINUTES.toMicros(1), 3);
        long start = System.nanoTime();
        long end = start + duration.toNanos();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < settings.connections(); i++) {
            Thread t = new Thread(() -> {
                try (var connection = new UserConnection(Duration.ofSeconds(30))) {
                    while (System.nanoTime() < end) {
                        var exchange = connection.get(settings.url(), "text/plain");
                        if (exchange.answered() && exchange.status() == 200) {
                            ok.increment();
                            latency.recordValue(Math.min(TimeUnit.MINUTES.toMicros(1), exchange.serviceNanos() / 1_000));
                        } else {
                            errors.increment();
                        }
                    }
                }
            }, "bench-conn-" + i);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        return new double[] {ok.sum() / seconds, latency.getIntervalHistogram().getValueAtPercentile(99) / 1000.0, errors.sum()};
    }
}

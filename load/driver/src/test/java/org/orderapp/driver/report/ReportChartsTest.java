package org.orderapp.driver.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orderapp.driver.engine.Phase;
import org.orderapp.driver.engine.StepResult;
import org.orderapp.driver.engine.WarmUp;
import org.orderapp.driver.rules.Validity;
import org.orderapp.driver.settings.LoadConfig;
import org.orderapp.driver.settings.LoadOptions;
import org.orderapp.driver.workload.RequestType;
import org.orderapp.observation.ServerMetrics;
import org.orderapp.observation.ServerSample;
import org.orderapp.observation.ServerWindow;
import org.orderapp.target.Target;

/** The report's charts, from a small run made up here: the data each draws is in summary.json, each has its canvas. */
class ReportChartsTest {

    private static final Target TARGET = new Target(URI.create("http://localhost:8080/Order/"),
            URI.create("http://127.0.0.1:9990/management"), "jdbc:mysql://127.0.0.1:3306/order", "order", "secret", null);
    private static final List<String> CHARTS = List.of("throughput", "latency", "distribution", "histogram", "timeline",
            "latencyOverTime", "errorsOverTime", "poolsOverTime", "queuesChart");

    @Test
    void theReportCarriesEveryChartAndWhatItDraws(@TempDir Path folder) throws Exception {
        RunFolder.write(run(folder, 2));
        String report = Files.readString(folder.resolve("report.html"));
        for (String chart : CHARTS) {
            assertTrue(report.contains("<canvas id=\"" + chart + "\">"), chart);
            assertTrue(report.contains("'" + chart + "'"), chart + " is drawn by the script");
        }
        assertFalse(report.contains("src=\"http"), "nothing from the network");

        JsonNode summary = ResultFiles.JSON.readTree(folder.resolve("summary.json").toFile());
        JsonNode tick = summary.path("steps").get(0).path("timeline").get(1);
        assertEquals(5.0, tick.path("p50Millis").asDouble(), 0.01);
        assertEquals(9.0, tick.path("p90Millis").asDouble(), 0.01);
        assertEquals(40.0, tick.path("p99Millis").asDouble(), 0.01);
        assertEquals(80.0, tick.path("p999Millis").asDouble(), 0.01);
        assertEquals(2.0, tick.path("errorsPerSecond").asDouble());

        JsonNode newOrder = summary.path("aggregate").get(0).path("types").path("NewOrder");
        assertEquals(1000, newOrder.path("merged").path("count").asLong());
        assertEquals(200.0, newOrder.path("merged").path("p9999").asDouble(), 0.2, "p99.99 per request type");
        assertEquals(200.0, newOrder.path("merged").path("max").asDouble(), 0.2);
        long binned = 0;
        for (JsonNode bin : newOrder.path("histogram")) {
            binned += bin.get(2).asLong();
        }
        assertEquals(1000, binned, "the histogram counts every request once");

        for (String stem : List.of("run1-step1-10users", "run1-step2-20users")) {
            String hgrm = Files.readString(folder.resolve("histograms").resolve(stem + ".hgrm"));
            assertTrue(hgrm.contains("Percentile") && hgrm.contains("#[Max     =      200.0") && hgrm.contains("Total count    =         1500"),
                    "HdrHistogram's percentile distribution, in ms:\n" + hgrm);
            assertTrue(Files.exists(folder.resolve("histograms").resolve(stem + "-NewOrder.hgrm")));
        }
        String steps = Files.readString(folder.resolve("steps.csv"));
        assertTrue(steps.lines().findFirst().orElseThrow().contains(",p99_9_ms,p99_99_ms,max_ms,"), steps);
    }

    /** In headless Chromium, where there is one: every chart of a two-step run drawn, none with one step left empty. */
    @Test
    void chromiumDrawsTheCharts(@TempDir Path folder) throws Exception {
        Path chromium = Path.of(System.getProperty("order.it.chromium", "/usr/bin/chromium"));
        assumeTrue(Files.isExecutable(chromium), "no Chromium at " + chromium);
        Path two = Files.createDirectories(folder.resolve("two"));
        RunFolder.write(run(two, 2));
        String dom = dom(chromium, two.resolve("report.html"), folder);
        for (String chart : CHARTS) {
            assertTrue(drawn(dom, chart), chart + " is drawn:\n" + dom.substring(0, Math.min(dom.length(), 2000)));
        }

        Path one = Files.createDirectories(folder.resolve("one"));
        RunFolder.write(run(one, 1));
        String oneStep = dom(chromium, one.resolve("report.html"), folder);
        assertTrue(oneStep.contains("<div id=\"againstLoad\" hidden=\"\">"), "against load is left out with one step");
        assertTrue(drawn(oneStep, "latencyOverTime") && drawn(oneStep, "histogram"), "the rest is drawn");
    }

    /** Chart.js sizes the canvas it draws on through its style. */
    private static boolean drawn(String dom, String chart) {
        return Pattern.compile("<canvas id=\"" + chart + "\"[^>]*style=\"display: block;[^\"]*\"").matcher(dom).find();
    }

    private static String dom(Path chromium, Path page, Path scratch) throws Exception {
        Path out = scratch.resolve("dom.html");
        var process = new ProcessBuilder(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--user-data-dir=" + scratch.resolve("profile"), "--virtual-time-budget=5000", "--dump-dom", page.toUri().toString())
                .redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "Chromium answered within 2 minutes");
        return Files.readString(out, StandardCharsets.UTF_8);
    }

    /** Steps of 10 and 20 users (or just the first): 1000 NewOrders each, 10 s windows of 1-s ticks, queue samples. */
    static RunResult run(Path folder, int stepCount) {
        LoadConfig config = LoadOptions.parse(folder, List.of("--users", stepCount == 1 ? "10" : "10,20"));
        var outcomes = new ArrayList<StepOutcome>();
        var samples = new ArrayList<ServerSample>();
        for (int i = 0; i < stepCount; i++) {
            var response = new EnumMap<RequestType, Histogram>(RequestType.class);
            var h = new Histogram(3_600_000_000L, 3);
            h.recordValueWithCount(5_000, 800);
            h.recordValueWithCount(9_000, 180);
            h.recordValueWithCount(40_000, 19);
            h.recordValue(200_000);
            response.put(RequestType.NEW_ORDER, h);
            var inquiries = new Histogram(3_600_000_000L, 3);
            inquiries.recordValueWithCount(2_000, 500);
            response.put(RequestType.ORDER_INQUIRY, inquiries);
            double start = 20.0 * i;
            var ticks = new ArrayList<StepResult.Tick>();
            for (int s = 1; s <= 20; s++) {
                ticks.add(new StepResult.Tick(start + s, s <= 10 ? Phase.WARM_UP : Phase.MEASURE, 100 + 10 * i, s % 5 == 0 ? 0 : 2,
                        40, 5, 9, 80, 120));
                samples.add(new ServerSample(start + s, Map.of(ServerMetrics.DS_IN_USE, 3.0 + i, ServerMetrics.HTTP_BUSY_THREADS, 10.0,
                        ServerMetrics.QUEUE_DEPTH, (double) (s % 4))));
            }
            var step = new StepResult(1, i, 10 * (i + 1), 10 * (i + 1) + " users", start + 10, 10, response, response,
                    Map.of("NewOrder: timeout", 20L), Map.of(), 0, 0, ticks, new WarmUp(WarmUp.FIXED, 10, null, List.of(), null));
            var server = new ServerWindow(Map.of(ServerWindow.CPU_PER_TX + "server", 1.5));
            outcomes.add(new StepOutcome(step, server, null, null, null, null, null));
        }
        return new RunResult(config, TARGET, "form", Instant.EPOCH, Instant.EPOCH.plusSeconds(20L * stepCount), folder, 10, 1,
                outcomes, samples, null, Validity.of(List.of("the audit was skipped")), List.of(), List.of(), null);
    }
}

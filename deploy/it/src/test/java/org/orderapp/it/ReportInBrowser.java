package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * A run folder's report.html in headless Chromium, as BrowserIT drives it (the system's chromedriver, nothing
 * downloaded): which of its charts Chart.js drew, and a screenshot of the whole page beside the report.
 */
final class ReportInBrowser {

    private static final Path CHROMIUM = Path.of(System.getProperty("order.it.chromium", "/usr/bin/chromium"));
    private static final Path CHROMEDRIVER = Path.of(System.getProperty("order.it.chromedriver", "/usr/bin/chromedriver"));

    private ReportInBrowser() {
    }

    static boolean available() {
        return Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
    }

    /** Each canvas of the page, drawn by Chart.js or not; the page's screenshot as report.png in its folder. */
    @SuppressWarnings("unchecked")
    static Map<String, Boolean> charts(Path report) throws Exception {
        Path profile = Files.createTempDirectory("order-chromium-");
        var options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--user-data-dir=" + profile, "--window-size=1280,1000");
        var service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        var browser = new ChromeDriver(service, options);
        try {
            browser.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60));
            browser.get(report.toUri().toString());
            var js = (JavascriptExecutor) browser;
            Map<String, Boolean> drawn = (Map<String, Boolean>) js.executeScript("const out = {};"
                    + "document.querySelectorAll('canvas').forEach(c => out[c.id] = !!Chart.getChart(c) && c.offsetParent !== null);"
                    + "return out;");
            long height = (Long) js.executeScript("return document.body.scrollHeight");
            browser.manage().window().setSize(new Dimension(1280, (int) Math.min(height + 40, 16_000)));
            Files.copy(browser.getScreenshotAs(OutputType.FILE).toPath(), report.resolveSibling("report.png"),
                    StandardCopyOption.REPLACE_EXISTING);
            return drawn;
        } finally {
            browser.quit();
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** Chart.js drew every one of these. */
    static void assertDrawn(Map<String, Boolean> charts, List<String> names) {
        for (String name : names) {
            assertTrue(Boolean.TRUE.equals(charts.get(name)), name + " is drawn: " + charts);
        }
    }
}

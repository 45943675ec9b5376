package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URL;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * The pages in a real browser: headless Chromium, driven through the system's chromedriver (no driver is ever
 * downloaded), places an order through the form, reads the result, runs an inquiry and pages through a browse.
 */
@ExtendWith(ArquillianExtension.class)
class BrowserIT {

    private static final Path CHROMIUM = Path.of(System.getProperty("order.it.chromium", "/usr/bin/chromium"));
    private static final Path CHROMEDRIVER = Path.of(System.getProperty("order.it.chromedriver", "/usr/bin/chromedriver"));

    private static final int CENTER = 8140;
    private static final long CUSTOMER = 8_140_001L;
    private static final long BROWSING_CUSTOMER = 8_140_002L;
    private static final int BROWSED_ORDERS = 45; // three pages: 20, 20, 5
    private static final long PRODUCT = 8141;
    private static final long OTHER_PRODUCT = 8142;

    @Deployment(testable = false, name = OrderDeployment.NAME)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @ArquillianResource
    @OperateOnDeployment(OrderDeployment.NAME)
    URL base;

    private Path profile;
    private WebDriver browser;

    @BeforeAll
    static void chromiumInstalled() {
        assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "Chromium is not installed, so the browser test is skipped. To run it on Debian or Ubuntu: "
                        + "apt-get install -y chromium chromium-driver (or point -Dorder.it.chromium and "
                        + "-Dorder.it.chromedriver at a Chromium and its matching chromedriver).");
    }

    @BeforeEach
    void startBrowserAndData() throws Exception {
        try (var c = TestDatabase.connect()) {
            TestData.distributionCenter(c, CENTER);
            TestData.pricingMethod(c, CENTER, "0.5000");
            TestData.customer(c, CUSTOMER, CENTER, CENTER);
            TestData.customer(c, BROWSING_CUSTOMER, CENTER, CENTER);
            TestData.product(c, PRODUCT, "Browser teapot", "4.00", 0, 100);
            TestData.product(c, OTHER_PRODUCT, "Browser kettle", "10.00", 0, 100);
            TestData.inventory(c, PRODUCT, CENTER, 100_000);
            TestData.inventory(c, OTHER_PRODUCT, CENTER, 100_000);
            TestData.exec(c, "DELETE FROM order_line WHERE order_id IN (SELECT id FROM orders WHERE customer_id = " + BROWSING_CUSTOMER + ")");
            TestData.exec(c, "DELETE FROM orders WHERE customer_id = " + BROWSING_CUSTOMER);
            try (var insert = c.prepareStatement("INSERT INTO orders (id, customer_id, distribution_center_id, order_date, "
                    + "total_amount, address_line1, city, state, zip_code) VALUES (?, ?, ?, ?, 9.99, 'a', 'b', 'OR', '97201')")) {
                var first = Instant.parse("2025-06-01T00:00:00Z");
                for (int i = 0; i < BROWSED_ORDERS; i++) {
                    var id = UUID.randomUUID();
                    insert.setBytes(1, ByteBuffer.allocate(16).putLong(id.getMostSignificantBits())
                            .putLong(id.getLeastSignificantBits()).array());
                    insert.setLong(2, BROWSING_CUSTOMER);
                    insert.setInt(3, CENTER);
                    insert.setTimestamp(4, Timestamp.from(first.plus(i, ChronoUnit.HOURS)));
                    insert.addBatch();
                }
                insert.executeBatch();
            }
        }

        profile = Files.createTempDirectory("order-chromium-");
        var options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--user-data-dir=" + profile, "--window-size=1200,1000");
        // The console, where Chromium reports what the pages' Content-Security-Policy refused.
        options.setCapability("goog:loggingPrefs", java.util.Map.of("browser", "ALL"));
        // The driver is named, so Selenium Manager is never asked to find or fetch one.
        var service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
        browser.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60));
        browser.manage().timeouts().implicitlyWait(Duration.ofSeconds(5)); // elements of a page still loading
    }

    @AfterEach
    void stopBrowser() throws IOException {
        if (browser != null) {
            browser.quit();
        }
        if (profile != null) {
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    void placeAnOrderSeeItInTheInquiryAndPageThroughABrowse() throws Exception {
        // Home, then the new-order form, as a person would get there.
        browser.get(base.toString());
        assertEquals("Home · Order", browser.getTitle());
        clickToNewPage(By.id("new-order"));
        assertEquals("New order · Order", browser.getTitle());

        // A mistake first: the form comes back with the message and what was typed.
        type(By.id("customerid"), String.valueOf(CUSTOMER));
        var products = browser.findElements(By.name("productid"));
        var quantities = browser.findElements(By.name("quantity"));
        assertEquals(9, products.size());
        type(products.get(0), "8149999");
        type(quantities.get(0), "2");
        clickToNewPage(By.id("place-order"));
        var error = browser.findElement(By.id("error"));
        assertEquals("404", error.getDomAttribute("data-status"));
        assertEquals("no product with id 8149999", error.getText());
        assertEquals("8149999", browser.findElements(By.name("productid")).get(0).getDomProperty("value"));

        // The order: two lines, the other rows left empty.
        products = browser.findElements(By.name("productid"));
        quantities = browser.findElements(By.name("quantity"));
        type(products.get(0), String.valueOf(PRODUCT));
        type(quantities.get(0), "2");
        type(products.get(1), String.valueOf(OTHER_PRODUCT));
        type(quantities.get(1), "3");
        clickToNewPage(By.id("place-order"));

        assertEquals("Order placed · Order", browser.getTitle());
        String orderId = browser.findElement(By.id("order-id")).getText();
        assertTrue(orderId.matches("[0-9a-f-]{36}"), orderId);
        var rows = browser.findElements(By.cssSelector("#order-lines tbody tr"));
        assertEquals(2, rows.size());
        assertTrue(rows.get(0).getText().contains("Browser teapot"), rows.get(0).getText());
        assertTrue(rows.get(1).getText().contains("Browser kettle"));
        // 4.00 and 10.00 with a 50 % markup: 2 × 6.00 + 3 × 15.00
        assertEquals("57.00", browser.findElement(By.id("order-total")).getText());
        screenshot("order-placed");

        // The inquiry of that customer shows it.
        clickToNewPage(By.id("inquiry-link"));
        assertEquals("Order inquiry · Order", browser.getTitle());
        assertEquals(orderId, browser.findElement(By.cssSelector("section.order")).getDomAttribute("data-order-id"));
        assertTrue(browser.findElement(By.cssSelector("section.order")).getText().contains("57.00"));

        // Browse: a search of 45 orders, paged forwards and back, then a new search.
        clickToNewPage(By.linkText("Browse"));
        assertEquals("Browse · Order", browser.getTitle());
        assertTrue(browser.manage().getCookies().isEmpty(), "no session before the first search");
        type(By.id("browse-customerid"), String.valueOf(BROWSING_CUSTOMER));
        clickToNewPage(By.id("search-orders-button"));
        assertPosition(1, 3, 20);
        Cookie session = browser.manage().getCookieNamed("JSESSIONID");
        assertTrue(session != null && session.isHttpOnly(), "the search started one session, kept in an HttpOnly cookie");
        assertFalse(browser.findElement(By.id("previous")).isEnabled());

        clickToNewPage(By.id("next"));
        assertPosition(2, 3, 20);
        clickToNewPage(By.id("next"));
        assertPosition(3, 3, 5);
        assertFalse(browser.findElement(By.id("next")).isEnabled(), "the last page has no next");
        screenshot("browse-last-page");
        clickToNewPage(By.id("previous"));
        assertPosition(2, 3, 20);
        assertEquals(session.getValue(), browser.manage().getCookieNamed("JSESSIONID").getValue(), "one session throughout");

        clickToNewPage(By.id("new-search"));
        assertTrue(browser.findElements(By.id("results")).isEmpty(), "a new search starts from the search forms");
        type(By.id("browse-name"), "Browser ");
        clickToNewPage(By.id("search-products-button"));
        assertPosition(1, 1, 2);
        assertTrue(browser.findElement(By.id("results")).getText().contains("Browser kettle"));
        assertEquals(session.getValue(), browser.manage().getCookieNamed("JSESSIONID").getValue());

        var refused = browser.manage().logs().get(org.openqa.selenium.logging.LogType.BROWSER).getAll().stream()
                .map(org.openqa.selenium.logging.LogEntry::getMessage)
                .filter(m -> m.contains("Content Security Policy") || m.contains("Refused to")).toList();
        assertEquals(List.of(), refused, "the pages need nothing their own security policy refuses");
    }

    /**
     * Clicks something that loads another page (a link, or a form post answered by a redirect) and returns once
     * the browser shows the new page, fully loaded. The old page is marked with a window property; a new document
     * has a new window object without it. While the document is being replaced the driver may answer with an
     * error instead (a stale element, or "node does not belong to the document"): that is asked again.
     */
    private void clickToNewPage(By target) throws InterruptedException {
        var script = (JavascriptExecutor) browser;
        script.executeScript("window.orderPageBeforeClick = true;");
        browser.findElement(target).click();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            try {
                Object newPage = script.executeScript(
                        "return window.orderPageBeforeClick !== true && document.readyState === 'complete';");
                if (Boolean.TRUE.equals(newPage)) {
                    return;
                }
            } catch (WebDriverException navigating) {
                // the document is being replaced; ask again
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no new page after clicking " + target);
            }
            Thread.sleep(50);
        }
    }

    private void assertPosition(int number, int count, int rows) {
        assertEquals(String.valueOf(number), browser.findElement(By.id("page-number")).getText());
        assertEquals(String.valueOf(count), browser.findElement(By.id("page-count")).getText());
        assertEquals(rows, browser.findElements(By.cssSelector("#results tbody tr")).size());
    }

    private void type(By field, String text) {
        type(browser.findElement(field), text);
    }

    private static void type(WebElement field, String text) {
        field.clear();
        field.sendKeys(text);
    }

    /** Kept in target/browser for a person to look at. */
    private void screenshot(String name) throws IOException {
        Path dir = Path.of(System.getProperty("order.it.dir", "target"), "browser");
        Files.createDirectories(dir);
        Path shot = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE).toPath();
        Files.move(shot, dir.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
    }
}

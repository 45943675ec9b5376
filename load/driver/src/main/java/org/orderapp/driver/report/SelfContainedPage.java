package org.orderapp.driver.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * A page that opens offline: an HTML template from the class path with the pages' shared style and script
 * (page.css, page.js), Chart.js (read from its WebJar) and the page's data (JSON) inlined in place of placeholders,
 * the comments PAGE_CSS, PAGE_JS, CHART_JS and the data's own.
 */
public final class SelfContainedPage {

    private static final String SHARED = "/org/orderapp/driver/report/";

    private SelfContainedPage() {
    }

    public static void write(Path file, String template, String dataPlaceholder, String json) throws IOException {
        String html = resource(template)
                .replace("/*PAGE_CSS*/", resource(SHARED + "page.css"))
                .replace("/*PAGE_JS*/", resource(SHARED + "page.js"))
                .replace("/*CHART_JS*/", scriptSafe(chartJs()))
                .replace(dataPlaceholder, scriptSafe(json));
        Files.writeString(file, html, StandardCharsets.UTF_8);
    }

    /** Chart.js from the WebJar on the class path, at whatever version the build brought. */
    static String chartJs() throws IOException {
        var properties = new Properties();
        try (InputStream in = SelfContainedPage.class.getResourceAsStream("/META-INF/maven/org.webjars.npm/chart.js/pom.properties")) {
            if (in == null) {
                throw new IOException("the Chart.js WebJar is not on the class path");
            }
            properties.load(in);
        }
        String js = resource("/META-INF/resources/webjars/chart.js/" + properties.getProperty("version") + "/dist/chart.umd.js");
        return js.replaceAll("(?m)^//# sourceMappingURL=.*$", ""); // the map is not shipped with the page
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = SelfContainedPage.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException(name + " is not on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Text placed inside a script element must not close it. */
    private static String scriptSafe(String text) {
        return text.replace("</", "<\\/");
    }
}

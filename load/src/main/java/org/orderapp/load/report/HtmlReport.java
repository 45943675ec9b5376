package org.orderapp.load.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * report.html: one self-contained file that opens offline. The summary is embedded as JSON; the charts are
 * drawn by Chart.js, whose UMD build is read from its WebJar and inlined.
 */
final class HtmlReport {

    private static final String TEMPLATE = "/org/orderapp/load/report/report.html";

    private HtmlReport() {
    }

    static void write(Path file, String summaryJson) throws IOException {
        String html = resource(TEMPLATE)
                .replace("/*CHART_JS*/", scriptSafe(chartJs()))
                .replace("/*SUMMARY_JSON*/", scriptSafe(summaryJson));
        Files.writeString(file, html, StandardCharsets.UTF_8);
    }

    /** Chart.js from the WebJar on the class path, at whatever version the build brought. */
    static String chartJs() throws IOException {
        var properties = new Properties();
        try (InputStream in = HtmlReport.class.getResourceAsStream("/META-INF/maven/org.webjars.npm/chart.js/pom.properties")) {
            if (in == null) {
                throw new IOException("the Chart.js WebJar is not on the class path");
            }
            properties.load(in);
        }
        String js = resource("/META-INF/resources/webjars/chart.js/" + properties.getProperty("version") + "/dist/chart.umd.js");
        return js.replaceAll("(?m)^//# sourceMappingURL=.*$", ""); // the map is not shipped with the report
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = HtmlReport.class.getResourceAsStream(name)) {
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

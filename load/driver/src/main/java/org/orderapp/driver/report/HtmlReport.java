package org.orderapp.driver.report;

import java.io.IOException;
import java.nio.file.Path;

/**
 * report.html: one self-contained file that opens offline. The summary is embedded as JSON; the charts are
 * drawn by Chart.js, inlined.
 */
public final class HtmlReport {

    private static final String TEMPLATE = "/org/orderapp/driver/report/report.html";

    private HtmlReport() {
    }

    static void write(Path file, String summaryJson) throws IOException {
        SelfContainedPage.write(file, TEMPLATE, "/*SUMMARY_JSON*/", summaryJson);
    }
}

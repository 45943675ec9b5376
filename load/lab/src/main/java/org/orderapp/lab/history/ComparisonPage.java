package org.orderapp.lab.history;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** compare.html: the comparison as one plain HTML page, no script and nothing fetched, so it opens anywhere. */
public final class ComparisonPage {

    private ComparisonPage() {
    }

    public static void write(RunComparison comparison, Path file) throws IOException {
        var html = new StringBuilder("""
                <!DOCTYPE html>
                <html lang="en"><head><meta charset="utf-8"><title>Runs compared</title>
                <style>
                body { font-family: system-ui, sans-serif; margin: 2em; }
                table { border-collapse: collapse; }
                th, td { border: 1px solid #ccc; padding: .25em .6em; }
                td { text-align: right; font-variant-numeric: tabular-nums; }
                td.label { text-align: left; }
                tr.section th { background: #eee; text-align: left; }
                .warning { color: #a00; }
                </style></head><body>
                <h1>Runs compared</h1>
                """);
        if (!comparison.warnings().isEmpty()) {
            html.append("<ul>\n");
            comparison.warnings().forEach(w -> html.append("<li class=\"warning\">").append(escape(w)).append("</li>\n"));
            html.append("</ul>\n");
        }
        html.append("<table>\n<tr><th></th>");
        comparison.names().forEach(n -> html.append("<th>").append(escape(n)).append("</th>"));
        html.append("</tr>\n");
        String section = null;
        for (RunComparison.Row row : comparison.rows()) {
            if (!row.section().equals(section)) {
                section = row.section();
                html.append("<tr class=\"section\"><th colspan=\"").append(comparison.names().size() + 1).append("\">")
                        .append(escape(section)).append("</th></tr>\n");
            }
            html.append("<tr><td class=\"label\">").append(escape(row.label())).append("</td>");
            row.cells().forEach(c -> html.append("<td>").append(escape(c)).append("</td>"));
            html.append("</tr>\n");
        }
        html.append("</table>\n</body></html>\n");
        Files.writeString(file, html, StandardCharsets.UTF_8);
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}

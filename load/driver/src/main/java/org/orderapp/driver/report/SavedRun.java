package org.orderapp.driver.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A run folder read back: its summary.json (every figure, as the report draws them) and where it came from. A
 * folder without a summary.json is refused, with what is missing.
 */
public final class SavedRun {

    private final Path folder;
    private final String summaryJson;
    private final JsonNode summary;
    private final RunProvenance provenance;

    private SavedRun(Path folder, String summaryJson, JsonNode summary, RunProvenance provenance) {
        this.folder = folder;
        this.summaryJson = summaryJson;
        this.summary = summary;
        this.provenance = provenance;
    }

    /** @throws IOException naming the folder and why it is not a run folder */
    public static SavedRun open(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            throw new IOException(folder + " is not a folder: name a run folder (results/<time>-<model>...)");
        }
        Path file = folder.resolve("summary.json");
        if (!Files.isRegularFile(file)) {
            throw new IOException(folder + " is not a run folder: it holds no summary.json (written by ./order load "
                    + "and by each run of an experiment, under its runs/ folder)");
        }
        String json = Files.readString(file, StandardCharsets.UTF_8);
        JsonNode summary;
        try {
            summary = ResultFiles.JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IOException(file + " is not JSON: " + e.getOriginalMessage());
        }
        if (!summary.path("run").isObject() || !summary.path("steps").isArray() || !summary.path("aggregate").isArray()) {
            throw new IOException(file + " is not a run's summary (no run, steps or aggregate): "
                    + "written by another tool, or by a driver too old to read back");
        }
        return new SavedRun(folder, json, summary, RunProvenance.read(folder, summary));
    }

    public Path folder() {
        return folder;
    }

    /** summary.json as a tree: run, validity, config, steps, aggregate ... (see {@link Summary}). */
    public JsonNode summary() {
        return summary;
    }

    /** Where it ran: commit and machine ("unknown" and 0 for what a folder written before provenance.json lacks). */
    public RunProvenance provenance() {
        return provenance;
    }

    /** report.html, written again by the driver's report writer from summary.json. */
    public Path writeReport() throws IOException {
        Path report = folder.resolve("report.html");
        HtmlReport.write(report, summaryJson);
        return report;
    }
}

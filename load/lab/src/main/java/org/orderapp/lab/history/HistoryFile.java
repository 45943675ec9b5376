package org.orderapp.lab.history;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.orderapp.driver.report.RunHistory;

/** history.csv read back: one map per run, column name to cell, in the order the runs finished. */
public final class HistoryFile {

    /** The figures tracked per run: throughput, p99 and CPU per transaction by role. */
    public static final List<String> METRICS = RunHistory.COLUMNS.subList(RunHistory.COLUMNS.indexOf("tx_per_s"),
            RunHistory.COLUMNS.indexOf("folder"));

    private HistoryFile() {
    }

    public static List<Map<String, String>> read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IOException("no history at " + file + ": every ./order load and every run of an experiment adds a row"
                    + " to the results folder's " + RunHistory.FILE);
        }
        try (MappingIterator<Map<String, String>> rows = new CsvMapper().readerForMapOf(String.class)
                .with(CsvSchema.emptySchema().withHeader()).readValues(file.toFile())) {
            List<Map<String, String>> all = rows.readAll();
            if (!all.isEmpty() && !all.get(0).containsKey("time")) {
                throw new IOException(file + " has no time column: not a history written by ./order");
            }
            return all;
        }
    }
}

package org.orderapp.driver.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.orderapp.driver.engine.StepResult;

/**
 * histograms/STEM.hgrm (every request type together) and histograms/STEM-TYPE.hgrm per step: HdrHistogram's percentile
 * distribution of the step's window in milliseconds, the text its plotter and other tools read.
 */
final class PercentileFiles {

    /** The histograms hold microseconds; the files show milliseconds. */
    private static final double MICROS_PER_MILLI = 1000.0;
    private static final int TICKS_PER_HALF_DISTANCE = 5;

    private PercentileFiles() {
    }

    static void write(RunResult run) throws IOException {
        for (StepOutcome o : run.steps()) {
            StepResult c = o.client();
            String stem = ResultFiles.stepStem(c.repeat(), c.stepIndex(), c.step(), run.config());
            for (Map.Entry<String, Histogram> e : Summary.byType(c.response()).entrySet()) {
                String name = e.getKey().equals(Summary.ALL) ? stem : stem + "-" + e.getKey();
                write(run.folder().resolve("histograms").resolve(name + ".hgrm"), e.getValue());
            }
        }
    }

    private static void write(Path file, Histogram histogram) throws IOException {
        Files.createDirectories(file.getParent());
        try (var out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            histogram.outputPercentileDistribution(out, TICKS_PER_HALF_DISTANCE, MICROS_PER_MILLI);
        }
    }
}

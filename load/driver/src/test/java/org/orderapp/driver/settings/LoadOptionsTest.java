package org.orderapp.driver.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.orderapp.driver.workload.HotProducts;
import org.orderapp.driver.workload.Range;
import org.orderapp.driver.workload.TransactionMix;

/** The command line's options are the one place of every default; a run's configuration is built from them. */
class LoadOptionsTest {

    @Test
    void noOptionsIsTheDocumentedDefaultRun() {
        LoadConfig c = LoadOptions.parse(Path.of("results"), List.of());
        assertEquals(LoadConfig.Model.CLOSED, c.model());
        assertEquals(List.of(1.0, 20.0, 40.0, 60.0, 80.0, 100.0), c.steps());
        assertEquals(Duration.ofSeconds(10), c.warmUp());
        assertEquals(Duration.ofSeconds(30), c.measure());
        assertEquals(new Range(1, 9), c.lines());
        assertEquals(new Range(1, 10), c.quantity());
        assertEquals(new Range(1, Range.UNBOUNDED), c.customers());
        assertEquals(50, c.mix().weight(TransactionMix.Kind.NEW_ORDER));
        assertEquals(0.05, c.rules().mixTolerance(), 1e-12);
        assertEquals(0.01, c.rules().maxErrorRate(), 1e-12);
        assertEquals(Duration.ofSeconds(2), c.rules().p90Limits().values().iterator().next());
        assertNull(c.steadyState());
        assertEquals(false, c.cpuProfile());
        assertEquals(Duration.ofMillis(10), c.cpuInterval());
        assertEquals(Path.of("results"), c.output());
    }

    @Test
    void optionsAreReadAsWritten() {
        LoadConfig c = LoadOptions.parse(Path.of("results"), List.of("--model", "open", "--rates", "20", "--lines", "5",
                "--customers", "100-199", "--measure", "1500ms", "--steady-state", "--fault", "db-stall@60s:15s",
                "--cpu-profile", "--cpu-interval", "5ms", "--output", "elsewhere"));
        assertEquals(LoadConfig.Model.OPEN, c.model());
        assertEquals(List.of(20.0), c.steps());
        assertEquals(new Range(5, 5), c.lines());
        assertEquals(new Range(100, 199), c.customers());
        assertEquals(Duration.ofMillis(1500), c.measure());
        assertEquals(Duration.ofSeconds(120), c.steadyState().min());
        assertEquals(1, c.faults().size());
        assertEquals(true, c.cpuProfile());
        assertEquals(Duration.ofMillis(5), c.cpuInterval());
        assertEquals(Path.of("elsewhere"), c.output());
        assertNull(LoadOptions.parse(Path.of("results"), List.of()).hotProducts(), "every product alike unless asked");
        assertEquals(new HotProducts(5, 0.8), LoadOptions.parse(Path.of("results"), List.of("--hot-products", "5:80%")).hotProducts());
        assertThrows(IllegalArgumentException.class, () -> LoadOptions.parse(Path.of("results"), List.of("--hot-products", "5:2")));
    }

    @Test
    void rangesAndDurationsReadWhatTheyWrite() {
        for (String spec : List.of("5", "1-9", "1-")) {
            assertEquals(spec, Range.parse(spec, "--x").toString());
        }
        assertThrows(IllegalArgumentException.class, () -> Range.parse("9-1", "--lines"));
        assertThrows(IllegalArgumentException.class, () -> Range.parse("1-2-3", "--lines"));
        for (String spec : List.of("30s", "500ms", "0s")) {
            assertEquals(spec, Durations.format(Durations.parse(spec)));
        }
        assertEquals(Duration.ofMinutes(2), Durations.parse("2m"));
        assertEquals(Duration.ofHours(1), Durations.parse("1h"));
        assertEquals(Duration.ofMillis(2500), Durations.parse("2.5"));
        assertThrows(IllegalArgumentException.class, () -> Durations.parse("soon"));
    }
}

package org.orderapp.lab.interleaved;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.orderapp.lab.experiment.ExperimentDefinition;
import org.orderapp.lab.experiment.Method;
import org.orderapp.lab.experiment.Observation;

/** What the calibration finds is the spin of the blocks that count: burn-in blocks measure a compiler, not the spin. */
class CalibrationTest {

    @Test
    void theSpinIsFoundInTheCountedBlocksOnly() throws Exception {
        ExperimentDefinition calibration = ExperimentDefinition.read(Path.of("../experiments/calibration.yaml"));
        var observations = new ArrayList<Observation>();
        for (int block = 1; block <= 10; block++) {
            boolean burnIn = block <= 3;
            // a compiling server: its CPU per transaction far above the warm one's, and unrelated to the spin
            double control = burnIn ? 2.0 + 0.3 * block : 0.80 + 0.01 * (block % 3);
            observations.add(window(block, "control", control, burnIn));
            observations.add(window(block, "control-2", control, burnIn));
            observations.add(window(block, "spin-50", burnIn ? control - 0.4 : control + 0.050, burnIn));
            observations.add(window(block, "spin-200", burnIn ? control - 0.2 : control + 0.200, burnIn));
        }
        List<Method.Detected> found = Calibration.detected(calibration, observations, null);
        assertEquals(List.of("spin-50", "spin-200"), found.stream().map(Method.Detected::variant).toList());
        assertEquals(50, found.get(0).detectedMicros(), 0.5);
        assertEquals(200, found.get(1).detectedMicros(), 0.5);
        assertEquals(7, found.get(1).n(), "the seven counted blocks");
    }

    @Test
    void onlyBurnInBlocksDetectNothing() throws Exception {
        ExperimentDefinition calibration = ExperimentDefinition.read(Path.of("../experiments/calibration.yaml"));
        var observations = new ArrayList<Observation>();
        for (int block = 1; block <= 4; block++) {
            observations.add(window(block, "control", 2.0, true));
            observations.add(window(block, "spin-50", 1.9, true));
            observations.add(window(block, "spin-200", 2.1, true));
        }
        for (Method.Detected d : Calibration.detected(calibration, observations, null)) {
            assertNull(d.detectedMicros(), d.variant() + ": no block counted, nothing detected");
        }
    }

    @Test
    void onOwnCoresTheSpinIsFoundPerCrossoverGroupSoThatAFasterCoreCancels() throws Exception {
        ExperimentDefinition calibration = ExperimentDefinition.read(Path.of("../experiments/calibration.yaml"));
        var observations = new ArrayList<Observation>();
        for (int block = 1; block <= 12; block++) {
            // the control and spin-200 swap cores every block; one core takes 1.21 times the other's CPU for the same work
            double controlCore = block % 2 == 1 ? 1.0 : 1.21;
            double spinCore = block % 2 == 1 ? 1.21 : 1.0;
            observations.add(window(block, "control", 0.8 * controlCore, false));
            observations.add(window(block, "spin-200", (0.8 + 0.200) * spinCore, false));
        }
        Method.Detected perBlock = Calibration.detected(calibration, observations, null).get(1);
        Method.Detected perGroup = Calibration.detected(calibration, observations, 2).get(1);
        assertEquals(12, perBlock.n());
        assertTrue(perBlock.ci95().get(1) - perBlock.ci95().get(0) > 300, "per block, the cores' difference: " + perBlock.ci95());
        assertEquals(6, perGroup.n(), "six crossover groups of two blocks");
        // per group the core's factor is the geometric mean of both cores' (1.1): 200 µs cost 220 µs of the average core
        assertEquals(220, perGroup.detectedMicros(), 0.5);
        assertEquals(220, perGroup.ci95().get(0), 0.5);
        assertEquals(220, perGroup.ci95().get(1), 0.5);
    }

    private static Observation window(int block, String variant, double serverCpuMs, boolean burnIn) {
        var step = new Observation.StepFigures(20, "20 users", 500.0, 40.0, 10.0, Map.of("server", serverCpuMs));
        return new Observation(0, block, variant, null, true, List.of(), List.of(step), burnIn);
    }
}

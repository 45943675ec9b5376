package org.orderapp.lab.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.orderapp.observation.ServerWindow;

/** What the calibration finds is the spin of the blocks that count: burn-in blocks measure a compiler, not the spin. */
class CalibrationTest {

    @Test
    void theSpinIsFoundInTheCountedBlocksOnly() throws Exception {
        ExperimentDefinition calibration = onControlsServer();
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
    void aSurplusBeyondTheSpinShowsInThePartOfTheServerWhereItWent() throws Exception {
        ExperimentDefinition calibration = onControlsServer();
        var observations = new ArrayList<Observation>();
        for (int block = 1; block <= 8; block++) {
            double noise = 0.01 * (block % 3);
            observations.add(window(block, "control", Map.of("requests", 0.50 + noise, "gc", 0.10, "system", 0.05)));
            // the spin's 200 µs on the request threads, and 60 µs more for the collector
            observations.add(window(block, "spin-200", Map.of("requests", 0.70 + noise, "gc", 0.16, "system", 0.05)));
        }
        Method.Detected spin200 = Calibration.detected(calibration, observations, null).get(1);
        assertEquals(260, spin200.detectedMicros(), 0.5);
        assertEquals(List.of("requests", "gc", "system"), List.copyOf(spin200.partsMicros().keySet()), "the parts measured, in order");
        assertEquals(200, spin200.partsMicros().get("requests"), 0.5);
        assertEquals(60, spin200.partsMicros().get("gc"), 0.5);
        assertEquals(0, spin200.partsMicros().get("system"), 0.5);
        assertTrue(Calibration.detected(calibration, observations, null).get(0).partsMicros().isEmpty(), "spin-50 not measured");
    }

    @Test
    void allAtOnceThePartsAreCarriedBetweenRoundsByTheServersWholeCpu() throws Exception {
        ExperimentDefinition calibration = onControlsServer();
        var observations = new ArrayList<Observation>();
        var machine = new java.util.Random(11);
        for (int block = 1; block <= 8; block++) {
            double[] pace = {0.8 + 0.4 * machine.nextDouble(), 0.8 + 0.4 * machine.nextDouble()};
            // control-2's windows in both rounds; its compiler idle (no tick in any window), as a warm server's often is
            for (int turn = 0; turn < 2; turn++) {
                observations.add(window(block, turn, "control-2", Map.of("requests", 0.60 * pace[turn], "jit", 0.0,
                        "system", 0.10 * pace[turn]), turn == 1));
            }
            observations.add(window(block, 0, "control", Map.of("requests", 0.60 * pace[0], "jit", 0.0, "system", 0.10 * pace[0]), false));
            observations.add(window(block, 1, "spin-200", Map.of("requests", 0.60 * pace[1] + 0.200, "jit", 0.0,
                    "system", 0.10 * pace[1]), false));
        }
        Method.Detected spin200 = Calibration.detected(calibration, observations, null).get(1);
        assertEquals(200, spin200.detectedMicros(), 0.5);
        assertEquals(200, spin200.partsMicros().get("requests"), 0.5, "the control's part carried by the whole's change");
        assertEquals(0, spin200.partsMicros().get("jit"), 0.5, "a part with no tick in any window is still paired: 0");
        assertEquals(0, spin200.partsMicros().get("system"), 0.5);
    }

    @Test
    void onlyBurnInBlocksDetectNothing() throws Exception {
        ExperimentDefinition calibration = onControlsServer();
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
        ExperimentDefinition calibration = onControlsServer();
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

    @Test
    void allAtOnceARuntimeSpinIsPairedWithItsHostThroughThePartnerServersWindows() throws Exception {
        ExperimentDefinition calibration = onControlsServer();
        assertEquals(3, calibration.mostOnOneServer(), "control's server has control, spin-50 and spin-200: three rounds a block");
        var observations = new ArrayList<Observation>();
        var machine = new java.util.Random(7);
        for (int block = 1; block <= 12; block++) {
            // The machine's pace changes from round to round by up to a factor of two; control-2, a JVM of its own, costs 5 %
            // more than control; control's server measures its three variants one per round, in an order that rotates.
            double[] pace = {0.7 + 0.8 * machine.nextDouble(), 0.7 + 0.8 * machine.nextDouble(), 0.7 + 0.8 * machine.nextDouble()};
            for (int turn = 0; turn < 3; turn++) {
                observations.add(window(block, turn, "control-2", 0.84 * pace[turn], turn > 0));
            }
            observations.add(window(block, block % 3, "control", 0.80 * pace[block % 3], false));
            observations.add(window(block, (block + 1) % 3, "spin-50", 0.80 * pace[(block + 1) % 3] + 0.050, false));
            observations.add(window(block, (block + 2) % 3, "spin-200", 0.80 * pace[(block + 2) % 3] + 0.200, false));
        }
        List<Method.Detected> found = Calibration.detected(calibration, observations, null);
        assertEquals(50, found.get(0).detectedMicros(), 0.5, "control carried to spin-50's round by control-2's change");
        assertEquals(200, found.get(1).detectedMicros(), 0.5);
        assertEquals(12, found.get(1).n());
        assertEquals(0, found.get(0).ci95().get(1) - found.get(0).ci95().get(0), 0.5, "the machine's pace cancelled");
        var pairs = Comparison.paired(observations, "control-2", "control", 20, s -> s.cpuMsPerTx().get("server"), 1);
        assertEquals(12, pairs.size(), "the A/A pair from the windows of control's round, control-2's partner window where it is one");
        pairs.forEach(p -> assertEquals(1.05, p[0] / p[1], 1e-9));

        var withoutPartners = observations.stream().filter(o -> !o.partner()).toList();
        Method.Detected inTurn = Calibration.detected(calibration, withoutPartners, null).get(0);
        assertTrue(inTurn.ci95() == null || inTurn.ci95().get(1) - inTurn.ci95().get(0) > 100,
                "without the partner windows the machine's pace is in the spin's figure: " + inTurn.ci95());
    }

    @Test
    void withinItsServerASpinIsNotMovedByThePartnersResponseToItsNeighbour() throws Exception {
        ExperimentDefinition calibration = onControlsServer();
        var observations = new ArrayList<Observation>();
        var machine = new java.util.Random(11);
        for (int block = 1; block <= 16; block++) {
            // A steady machine but for a few per cent of noise per round; control-2 costs 5 % less beside a spinning
            // server (what four duet runs here saw), which the partner pairing reads as the machine's change.
            double[] pace = new double[3];
            for (int turn = 0; turn < 3; turn++) {
                pace[turn] = 1 + 0.02 * (machine.nextDouble() - 0.5);
            }
            int controlTurn = block % 3;
            for (int turn = 0; turn < 3; turn++) {
                observations.add(window(block, turn, "control-2", 2.0 * pace[turn] * (turn == controlTurn ? 1 : 0.95), turn > 0));
            }
            observations.add(window(block, controlTurn, "control", 2.0 * pace[controlTurn], false));
            observations.add(window(block, (block + 1) % 3, "spin-50", 2.0 * pace[(block + 1) % 3] + 0.050, false));
            observations.add(window(block, (block + 2) % 3, "spin-200", 2.0 * pace[(block + 2) % 3] + 0.200, false));
        }
        Method.Detected spin200 = Calibration.detected(calibration, observations, null).get(1);
        assertTrue(spin200.detectedMicros() > 280, "the partner's 5 % (100 µs) counted as the machine's: " + spin200.detectedMicros());
        assertEquals(200, spin200.withinServerMicros(), 25, "within its server, the spin as injected give or take the noise");
        assertTrue(spin200.withinServerCi95().get(0) < 200 && spin200.withinServerCi95().get(1) > 200,
                "its interval holds the injected 200 µs: " + spin200.withinServerCi95());
        assertTrue(spin200.ci95().get(0) > 200, "the paired interval does not: " + spin200.ci95());

        assertEquals(16, spin200.withinServerN());

        // In turn every window is alone on the machine (turn 0, no partner windows): the pairing is within the server
        // already, and no second figure is given.
        var inTurn = observations.stream().filter(o -> !o.partner())
                .map(o -> new Observation(o.sequence(), o.round(), o.variant(), o.folder(), o.valid(), o.reasons(), o.steps(),
                        o.burnIn(), 0, false)).toList();
        Method.Detected alone = Calibration.detected(calibration, inTurn, null).get(1);
        assertEquals(200, alone.detectedMicros(), 25, "in turn: the spin's window against control's, as measured");
        assertNull(alone.withinServerMicros(), "in turn the pairing is within the server already: no second figure");
        assertEquals(0, alone.withinServerN());
    }

    @Test
    void aSwitchedWindowFindsTheSpinWithinItsQuartetsWhateverTheMachinesDriftWithinIt() throws Exception {
        ExperimentDefinition calibration = onControlsServer();
        var observations = new ArrayList<Observation>();
        var machine = new java.util.Random(5);
        for (int block = 1; block <= 9; block++) {
            boolean burnIn = block <= 2;
            // From window to window the machine's pace changes by up to a factor of two, and within a window it drifts
            // by 10 % from part to part; the spin's windows alternate their order (variant first, host first).
            double pace = 0.7 + 0.8 * machine.nextDouble();
            observations.add(window(block, "control", 0.8 * pace, burnIn));
            for (String spin : List.of("spin-50", "spin-200")) {
                double micros = spin.equals("spin-50") ? 50 : 200;
                boolean variantFirst = block % 2 == 1;
                var parts = new ArrayList<Observation.Switched>();
                for (int i = 0; i < 4; i++) {
                    boolean atVariant = (i == 0 || i == 3) == variantFirst;
                    double perTx = 0.8 * pace * (1 + 0.1 * i) + (atVariant ? micros / 1000 : 0) + (burnIn ? 1.5 : 0);
                    long tx = 500;
                    parts.add(new Observation.Switched(20, atVariant, 3.4, perTx * tx, tx,
                            Map.of("requests", (perTx - 0.1) * tx, "system", 0.1 * tx), null, 0, null));
                }
                var step = new Observation.StepFigures(20, "20 users", 500.0, 40.0, 10.0, Map.of("server", 0.8 * pace + micros / 2000));
                observations.add(new Observation(0, block, spin, null, true, List.of(), List.of(step), burnIn, 0, false, parts));
            }
        }
        List<Method.Detected> found = Calibration.detected(calibration, observations, null);
        for (Method.Detected d : found) {
            double injected = d.variant().equals("spin-50") ? 50 : 200;
            assertEquals(Method.Detected.SWITCHED, d.by());
            assertFalse(d.compilerApart(), "its compiler's threads were not read: the whole CPU");
            assertNull(d.wholeMicros());
            assertEquals(7, d.n(), "a quartet in each of the seven counted blocks' windows");
            assertEquals(injected, d.detectedMicros(), 1e-6, d.variant() + ": a linear drift within the window cancels");
            assertEquals(injected, d.partsMicros().get("requests"), 1e-6, "the spin on the request threads");
            assertEquals(0, d.partsMicros().get("system"), 1e-6);
        }
        assertEquals(15, found.get(0).goalMicros());
        assertEquals(30, found.get(1).goalMicros());

        // The variants switched within their windows have no ratios: their windows' figures are of both settings.
        var context = new Comparison.Context("test", "start", "end", Map.of("throughput", "tx/s"), "warm",
                false, List.of(), null);
        var comparison = Comparison.of(calibration, context, observations);
        assertTrue(comparison.ratios().stream().noneMatch(r -> r.variant().startsWith("spin")), "no ratio for a switched variant");
        assertTrue(comparison.notes().stream().anyMatch(n -> n.startsWith("Variant spin-200's windows were switched")),
                "and the comparison says why: " + comparison.notes());
    }

    @Test
    void aWindowOfSeveralQuartetsGivesOneFigureTheMeanOfItsQuartets() throws Exception {
        // Two quartets a window (variant, host, host, variant, variant, host, host, variant, or the reverse): the first
        // finds the spin 30 µs high, the second 30 µs low, so each window finds it exactly; and a window counts once,
        // its quartets seconds apart being no independent samples of the machine.
        var observations = new ArrayList<Observation>();
        for (int block = 1; block <= 6; block++) {
            boolean variantFirst = block % 2 == 1;
            var parts = new ArrayList<Observation.Switched>();
            for (int i = 0; i < 8; i++) {
                boolean atVariant = (i % 4 == 0 || i % 4 == 3) == variantFirst;
                double spin = i < 4 ? 0.23 : 0.17;
                long tx = 500;
                parts.add(new Observation.Switched(20, atVariant, 3.4, (1.0 + 0.01 * block + (atVariant ? spin : 0)) * tx, tx,
                        Map.of(), null, 0, null));
            }
            var step = new Observation.StepFigures(20, "20 users", 500.0, 40.0, 10.0, Map.of("server", 1.1));
            observations.add(new Observation(0, block, "spin-200", null, true, List.of(), List.of(step), false, 0, false, parts));
        }
        double[] found = Calibration.switchedMicros(observations, List.of("spin-200"), 20, Calibration.WHOLE);
        assertEquals(6, found.length, "one figure a window, not one a quartet");
        for (double f : found) {
            assertEquals(200, f, 1e-6, "the mean of its two quartets");
        }
        // A window whose second quartet had a setting that answered nothing gives no figure, not its first quartet's.
        var last = observations.get(5);
        var parts = new ArrayList<>(last.switched());
        var p = parts.get(5);
        parts.set(5, new Observation.Switched(p.step(), p.variant(), p.seconds(), p.serverCpuMs(), 0, p.partsMs(), null, 0, null));
        parts.set(6, new Observation.Switched(p.step(), p.variant(), p.seconds(), p.serverCpuMs(), 0, p.partsMs(), null, 0, null));
        observations.set(5, new Observation(0, 6, last.variant(), null, true, List.of(), last.steps(), false, 0, false, parts));
        assertEquals(5, Calibration.switchedMicros(observations, List.of("spin-200"), 20, Calibration.WHOLE).length);
    }

    @Test
    void aQuartetInWhichOneSettingAnsweredNothingFindsNothing() throws Exception {
        ExperimentDefinition calibration = onControlsServer();
        var parts = new ArrayList<Observation.Switched>();
        for (int i = 0; i < 4; i++) {
            boolean atVariant = i == 0 || i == 3;
            parts.add(new Observation.Switched(20, atVariant, 3.4, 400, atVariant ? 500 : 0, Map.of(), 400.0, 500, null));
        }
        var step = new Observation.StepFigures(20, "20 users", 500.0, 40.0, 10.0, Map.of("server", 0.8));
        var observations = List.of(new Observation(0, 1, "spin-200", null, true, List.of(), List.of(step), false, 0, false, parts));
        assertEquals(0, Calibration.switchedMicros(observations, List.of("spin-200"), 20, Calibration.WHOLE).length);
        assertEquals(0, Calibration.pacedMicros(observations, List.of("spin-200"), 20, Calibration.WHOLE, Calibration.NEIGHBOURS_WHOLE).length);
    }

    @Test
    void aNeighbourThatAnswersTheSpinShowsInItsOwnDifferenceAndBiasesThePacedFigure() throws Exception {
        // The pacing's known weakness, and its check: a neighbour whose CPU per transaction rises by 60 µs while the
        // server spins is read as a machine 2.5 % slower, so the spin is found short by that share of the host's 2.5 ms.
        ExperimentDefinition calibration = onControlsServer();
        var observations = new ArrayList<Observation>();
        for (int block = 1; block <= 8; block++) {
            observations.add(window(block, "control", 0.8, false));
            for (String spin : List.of("spin-50", "spin-200")) {
                double micros = spin.equals("spin-50") ? 50 : 200;
                var parts = new ArrayList<Observation.Switched>();
                for (int i = 0; i < 4; i++) {
                    boolean atVariant = (i == 0 || i == 3) == (block % 2 == 1);
                    long tx = 800;
                    double theirs = 2.4 + (atVariant ? 0.06 : 0) + 0.001 * block * (i % 2 == 0 ? 1 : -1);
                    parts.add(new Observation.Switched(20, atVariant, 5.5, (2.5 + (atVariant ? micros / 1000 : 0)) * tx, tx,
                            Map.of(), theirs * tx, tx, null));
                }
                var step = new Observation.StepFigures(20, "20 users", 500.0, 40.0, 10.0, Map.of("server", 2.5 + micros / 2000));
                observations.add(new Observation(0, block, spin, null, true, List.of(), List.of(step), false, 0, false, parts));
            }
        }
        var found = Calibration.detected(calibration, observations, null);
        assertEquals(2, found.size());
        for (Method.Detected d : found) {
            double injected = d.variant().equals("spin-50") ? 50 : 200;
            assertEquals(60, d.paceMicros(), 1e-6, "the neighbours' own difference: " + d.paceCi95());
            assertTrue(d.paceCi95().get(0) > 0, "which excludes 0: " + d.paceCi95());
            assertEquals(injected, d.withinServerMicros(), 1e-6, "not paced, the spin as it was");
            assertEquals(injected - 2500 * 0.06 / 2.4, d.detectedMicros(), 1e-6, "paced, short by the neighbours' answer");
            assertEquals(Method.Detected.BY_NEIGHBOURS, d.pace(), "no database read: paced by the other servers");
        }
    }

    @Test
    void theMachinesPaceReadFromTheOtherServersCancelsFromPartToPart() throws Exception {
        // The machine's pace moves every server's CPU per transaction alike, at random from part to part (not a linear
        // drift that the quartet's order cancels by itself); the spin is CPU time, which the pace does not scale.
        ExperimentDefinition calibration = onControlsServer();
        var machine = new Random(11);
        var observations = new ArrayList<Observation>();
        for (int block = 1; block <= 8; block++) {
            observations.add(window(block, "control", 0.8, false));
            for (String spin : List.of("spin-50", "spin-200")) {
                double micros = spin.equals("spin-50") ? 50 : 200;
                var parts = new ArrayList<Observation.Switched>();
                for (int i = 0; i < 4; i++) {
                    boolean atVariant = (i == 0 || i == 3) == (block % 2 == 1);
                    double pace = 0.8 + 0.4 * machine.nextDouble();
                    long tx = 800 + i;
                    long theirTx = 790 - i;
                    parts.add(new Observation.Switched(20, atVariant, 5.5, (2.5 * pace + (atVariant ? micros / 1000 : 0)) * tx, tx,
                            Map.of(), 2.4 * pace * theirTx, theirTx, null));
                }
                var step = new Observation.StepFigures(20, "20 users", 500.0, 40.0, 10.0, Map.of("server", 2.5 + micros / 2000));
                observations.add(new Observation(0, block, spin, null, true, List.of(), List.of(step), false, 0, false, parts));
            }
        }
        var paced = Calibration.detected(calibration, observations, null);
        assertEquals(List.of("spin-50", "spin-200"), paced.stream().map(Method.Detected::variant).toList());
        for (Method.Detected d : paced) {
            double injected = d.variant().equals("spin-50") ? 50 : 200;
            assertEquals(Method.Detected.PACED, d.by());
            assertEquals(8, d.n());
            assertEquals(injected, d.detectedMicros(), 1e-6, d.variant() + ": the pace cancels");
            assertTrue(d.halfWidthMicros() < 1e-6, "every quartet finds the spin exactly: " + d.ci95());
            assertTrue(d.withinServerCi95().get(1) - d.withinServerCi95().get(0) > 50,
                    "not paced, the same quartets' interval is wide: " + d.withinServerCi95());
            assertEquals(8, d.withinServerN());
            assertTrue(d.paceCi95().get(0) < 0 && d.paceCi95().get(1) > 0, "the neighbours answer nothing: " + d.paceCi95());
        }
        // One part whose neighbours could not be read: that window's quartet is not paced, so no figure is (n would lie).
        var last = observations.get(observations.size() - 1);
        var parts = new ArrayList<>(last.switched());
        var p = parts.get(2);
        parts.set(2, new Observation.Switched(p.step(), p.variant(), p.seconds(), p.serverCpuMs(), p.transactions(), p.partsMs(), null, 0, null));
        observations.set(observations.size() - 1, new Observation(0, 8, last.variant(), null, true, List.of(), last.steps(), false, 0,
                false, parts));
        var spin200 = Calibration.detected(calibration, observations, null).stream()
                .filter(d -> d.variant().equals("spin-200")).findFirst().orElseThrow();
        assertEquals(Method.Detected.SWITCHED, spin200.by());
        assertEquals(7, Calibration.pacedMicros(observations, List.of("spin-200"), 20, Calibration.WHOLE, Calibration.NEIGHBOURS_WHOLE).length);
    }

    @Test
    void theCompilersBurstsOnTheServerAndItsNeighboursAreTakenApartFromTheSpin() throws Exception {
        // A warm server's compiler still works in bursts that fall on one part or another, on the switched server and
        // on the servers that give the pace alike; the machine's pace is common to all of them. Apart from the
        // compilers' threads, every quartet finds the spin exactly; with them counted, the bursts widen it.
        ExperimentDefinition calibration = onControlsServer();
        var bursts = new Random(23);
        var observations = new ArrayList<Observation>();
        for (int block = 1; block <= 8; block++) {
            observations.add(window(block, "control", 1.6, false));
            for (String spin : List.of("spin-50", "spin-200")) {
                double micros = spin.equals("spin-50") ? 50 : 200;
                var parts = new ArrayList<Observation.Switched>();
                for (int i = 0; i < 4; i++) {
                    boolean atVariant = (i == 0 || i == 3) == (block % 2 == 1);
                    double pace = 0.9 + 0.2 * bursts.nextDouble();
                    double jit = bursts.nextInt(4) == 0 ? 100 + 200 * bursts.nextDouble() : 10 * bursts.nextInt(3);
                    double theirJit = bursts.nextInt(4) == 0 ? 100 + 200 * bursts.nextDouble() : 10 * bursts.nextInt(3);
                    long tx = 870;
                    double cpu = (1.6 * pace + (atVariant ? micros / 1000 : 0)) * tx + jit;
                    parts.add(new Observation.Switched(20, atVariant, 5.5, cpu, tx, Map.of("requests", cpu - jit, "jit", jit),
                            1.6 * pace * tx + theirJit, tx, theirJit));
                }
                var step = new Observation.StepFigures(20, "20 users", 150.0, 40.0, 10.0, Map.of("server", 1.6 + micros / 2000));
                observations.add(new Observation(0, block, spin, null, true, List.of(), List.of(step), false, 0, false, parts));
            }
        }
        for (Method.Detected d : Calibration.detected(calibration, observations, null)) {
            double injected = d.variant().equals("spin-50") ? 50 : 200;
            assertTrue(d.compilerApart());
            assertEquals(Method.Detected.PACED, d.by());
            assertEquals(injected, d.detectedMicros(), 1e-6, d.variant() + ": apart from the compilers, exact");
            assertTrue(d.halfWidthMicros() < 1e-6, "in every quartet: " + d.ci95());
            assertTrue(d.wholeCi95().get(1) - d.wholeCi95().get(0) > 40, "with the compilers counted, wide: " + d.wholeCi95());
            assertTrue(d.partsMicros().containsKey("jit"), "the compiler's own difference is still given");
            assertTrue(d.paceCi95().get(0) <= 0 && d.paceCi95().get(1) >= 0, "the neighbours answer nothing: "
                    + d.paceCi95());
        }
        // Neighbours whose compilers were not read in one part: that quartet is not paced, so the figure is not paced
        // at all (its n would lie), and is still apart from the server's own compiler.
        withLastPart(observations, 1, p -> new Observation.Switched(p.step(), p.variant(), p.seconds(), p.serverCpuMs(),
                p.transactions(), p.partsMs(), p.neighboursCpuMs(), p.neighboursTransactions(), null));
        var spin200 = Calibration.detected(calibration, observations, null).stream()
                .filter(d -> d.variant().equals("spin-200")).findFirst().orElseThrow();
        assertEquals(Method.Detected.SWITCHED, spin200.by());
        assertTrue(spin200.compilerApart());
        assertEquals(8, spin200.n());
    }

    @Test
    void theServersOwnDatabasePacesItsPartsWhereItWasReadInEveryOne() throws Exception {
        // The same transactions' other half: the machine's pace and the transactions' own weight move the server's and
        // its database's CPU per transaction alike, while the other servers' pace moves on its own as well; where the
        // database was read in every part it is the pace, and every quartet finds the spin.
        ExperimentDefinition calibration = onControlsServer();
        var observations = switchedBlocks((block, window) -> window);
        for (Method.Detected d : Calibration.detected(calibration, observations, null)) {
            double injected = d.variant().equals("spin-50") ? 50 : 200;
            assertEquals(Method.Detected.PACED, d.by());
            assertEquals(Method.Detected.BY_DATABASE, d.pace());
            assertTrue(d.compilerApart());
            assertEquals(injected, d.detectedMicros(), 1e-6, d.variant() + ": paced by its database, exact");
            assertTrue(Math.abs(d.wholeMicros() - injected) < 15 && d.wholeCi95().get(1) - d.wholeCi95().get(0) < 30,
                    "the whole CPU, paced by the database too (the other servers' pace would spread it): " + d.wholeCi95());
            assertTrue(d.halfWidthMicros() < 1e-6, "in every quartet: " + d.ci95());
            assertTrue(d.paceCi95().get(0) < 0 && d.paceCi95().get(1) > 0, "the database answers nothing: " + d.paceCi95());
            double[] byNeighbours = Calibration.pacedMicros(observations, List.of(d.variant()), 20, Calibration.WHOLE,
                    Calibration.NEIGHBOURS_WHOLE);
            assertTrue(java.util.Arrays.stream(byNeighbours).anyMatch(x -> Math.abs(x - injected) > 5),
                    "paced by the other servers, whose pace moves on its own too, the quartets spread");
        }
        // One part whose database was not read: that quartet cannot be paced by it, so the figure is paced by the other
        // servers throughout (a mix of the two would not be one method).
        withLastPart(observations, 3, p -> new Observation.Switched(p.step(), p.variant(), p.seconds(), p.serverCpuMs(),
                p.transactions(), p.partsMs(), p.neighboursCpuMs(), p.neighboursTransactions(), p.neighboursJitMs(), p.neighboursGcMs(),
                null, p.neighboursDatabaseCpuMs()));
        var spin200 = Calibration.detected(calibration, observations, null).stream()
                .filter(d -> d.variant().equals("spin-200")).findFirst().orElseThrow();
        assertEquals(Method.Detected.BY_NEIGHBOURS, spin200.pace());
        assertEquals(8, spin200.n());
    }

    @Test
    void thePaceIsTheOneThatLeavesThePartsAtOneSettingNearestEachOther() throws Exception {
        // Which process explains the machine best changes from day to day: here the other servers move with the
        // machine alone while the database moves on its own besides. The parts at one setting tell them apart (paced by
        // the other servers they are alike), so the other servers pace every quartet and find the spin exactly; paced
        // by the database, the same quartets would spread.
        ExperimentDefinition calibration = onControlsServer();
        var machine = new Random(11);
        var observations = new ArrayList<Observation>();
        for (int block = 1; block <= 8; block++) {
            for (String spin : List.of("spin-50", "spin-200")) {
                var parts = new ArrayList<Observation.Switched>();
                for (int i = 0; i < 4; i++) {
                    boolean atVariant = (i == 0 || i == 3) == (block % 2 == 1);
                    double pace = 0.8 + 0.4 * machine.nextDouble();
                    double databaseOwn = 0.9 + 0.2 * machine.nextDouble();
                    long tx = 870 + i;
                    double cpu = (1.6 * pace + (atVariant ? (spin.equals("spin-50") ? 50 : 200) / 1000.0 : 0)) * tx;
                    parts.add(new Observation.Switched(20, atVariant, 5.5, cpu, tx, Map.of("requests", cpu, "jit", 0.0),
                            1.6 * pace * 860 + 10, 860, 10.0, null, 1.1 * pace * databaseOwn * tx, 1.1 * pace * 860));
                }
                var step = new Observation.StepFigures(20, "20 users", 150.0, 40.0, 10.0, Map.of("server", 1.6));
                observations.add(new Observation(0, block, spin, null, true, List.of(), List.of(step), false, 0, false, parts));
            }
        }
        for (Method.Detected d : Calibration.detected(calibration, observations, null)) {
            double injected = d.variant().equals("spin-50") ? 50 : 200;
            assertEquals(Method.Detected.PACED, d.by());
            assertEquals(Method.Detected.BY_NEIGHBOURS, d.pace(), "the other servers explain the parts: " + d.paceSpreads());
            assertEquals(injected, d.detectedMicros(), 1e-6, d.variant() + ": paced by the other servers, exact");
            assertEquals(List.of(Method.Detected.BY_DATABASE, Method.Detected.BY_NEIGHBOURS, Method.Detected.BY_DATABASE_AND_NEIGHBOURS),
                    List.copyOf(d.paceSpreads().keySet()), "every pace read in every part, its spread given");
            assertEquals(0, d.paceSpreads().get(Method.Detected.BY_NEIGHBOURS), 1e-6);
            assertTrue(d.paceSpreads().get(Method.Detected.BY_DATABASE) > 30, "the database's own moves: " + d.paceSpreads());
            assertTrue(d.paceSpreads().get(Method.Detected.BY_DATABASE_AND_NEIGHBOURS) > 0
                    && d.paceSpreads().get(Method.Detected.BY_DATABASE_AND_NEIGHBOURS) < d.paceSpreads().get(Method.Detected.BY_DATABASE),
                    "the two added, between: " + d.paceSpreads());
            double[] byDatabase = Calibration.pacedMicros(observations, List.of(d.variant()), 20, Calibration.COMPILER_APART,
                    Calibration.DATABASE_PACE);
            assertTrue(java.util.Arrays.stream(byDatabase).anyMatch(x -> Math.abs(x - injected) > 15),
                    "paced by the database, the quartets spread");
        }
        // Where the database follows the machine exactly and the other servers move on their own besides, the database.
        var databaseBest = switchedBlocks((block, window) -> window);
        for (Method.Detected d : Calibration.detected(calibration, databaseBest, null)) {
            assertEquals(Method.Detected.BY_DATABASE, d.pace(), d.paceSpreads().toString());
        }
    }

    @Test
    void anotherPaceIsTakenOnlyWhereItLeavesTheHostsPartsClearlyNearerThanTheDatabase() {
        // About twenty pairs of host parts a run: a spread's own standard error is about a sixth of it, so a gap of less
        // than a fifth keeps the database, the pace of the most runs here; ties (to rounding) keep it too.
        String db = Method.Detected.BY_DATABASE;
        String others = Method.Detected.BY_NEIGHBOURS;
        String both = Method.Detected.BY_DATABASE_AND_NEIGHBOURS;
        assertEquals(db, Calibration.chosenPace(spreads(10.0, 8.5, 9.0)), "15 % nearer: chance");
        assertEquals(others, Calibration.chosenPace(spreads(10.0, 7.9, 9.0)), "more than a fifth nearer");
        assertEquals(both, Calibration.chosenPace(spreads(29.5, 23.5, 20.9)), "the night of 2026-12-02 01:11: the nearest");
        assertEquals(db, Calibration.chosenPace(spreads(19.4, 34.3, 24.9)), "and 02:03");
        assertEquals(db, Calibration.chosenPace(spreads(1.570e-13, 2.220e-13, 1.570e-13)), "a tie, to rounding");
        assertEquals(both, Calibration.chosenPace(spreads(null, 5.0, 4.0)), "no database read: the nearest of the others");
        assertNull(Calibration.chosenPace(spreads(null, null, null)), "none read: not paced");
    }

    private static Map<String, Double> spreads(Double database, Double others, Double both) {
        var spreads = new java.util.LinkedHashMap<String, Double>();
        spreads.put(Method.Detected.BY_DATABASE, database);
        spreads.put(Method.Detected.BY_NEIGHBOURS, others);
        spreads.put(Method.Detected.BY_DATABASE_AND_NEIGHBOURS, both);
        return spreads;
    }

    @Test
    void anOldGenerationsCollectionInOnePartIsTakenApartFromTheSpinWhereTheCollectorWasRead() throws Exception {
        // A warm server's collector takes a few milliseconds a part, and now and then an old generation's collection
        // takes hundreds in the one part it falls on: apart, as the compiler's bursts are, wherever every part had the
        // collector's threads read; the whole CPU beside it carries the burst.
        ExperimentDefinition calibration = onControlsServer();
        var observations = switchedBlocks((block, window) -> withCollector(window, block == 3 ? 1 : -1));
        for (Method.Detected d : Calibration.detected(calibration, observations, null)) {
            double injected = d.variant().equals("spin-50") ? 50 : 200;
            assertTrue(d.compilerApart() && d.collectorApart(), d.variant());
            assertEquals(Method.Detected.BY_DATABASE, d.pace());
            assertEquals(injected, d.detectedMicros(), 1e-6, d.variant() + ": apart from the collection, exact");
            assertTrue(d.halfWidthMicros() < 1e-6, "in every quartet: " + d.ci95());
            double[] whole = Calibration.pacedMicros(observations, List.of(d.variant()), 20, Calibration.WHOLE, Calibration.DATABASE_PACE);
            assertTrue(java.util.Arrays.stream(whole).anyMatch(x -> Math.abs(x - injected) > 300),
                    "with the collector counted, the collection's window is far off: " + java.util.Arrays.toString(whole));
            assertTrue(d.partsMicros().containsKey("gc"), "the collector's own difference is still given");
        }
        // Without the collector read in one part, the figure is the compiler's apart alone, throughout.
        withLastPart(observations, 2, p -> {
            var noGc = new java.util.HashMap<>(p.partsMs());
            noGc.remove("gc");
            return new Observation.Switched(p.step(), p.variant(), p.seconds(), p.serverCpuMs(), p.transactions(), noGc,
                    p.neighboursCpuMs(), p.neighboursTransactions(), p.neighboursJitMs(), p.neighboursGcMs(), p.databaseCpuMs(),
                    p.neighboursDatabaseCpuMs());
        });
        var spin200 = Calibration.detected(calibration, observations, null).stream()
                .filter(d -> d.variant().equals("spin-200")).findFirst().orElseThrow();
        assertTrue(spin200.compilerApart());
        assertFalse(spin200.collectorApart(), "the collector was not read in every part");
    }

    /**
     * Eight blocks, each the control's window and a switched window of each spin paced by its database (the machine's
     * pace drawn from one seed), each switched window as {@code each} makes it of its block's.
     */
    private static List<Observation> switchedBlocks(java.util.function.BiFunction<Integer, Observation, Observation> each) {
        var machine = new Random(5);
        var observations = new ArrayList<Observation>();
        for (int block = 1; block <= 8; block++) {
            observations.add(window(block, "control", 1.6, false));
            for (String spin : List.of("spin-50", "spin-200")) {
                observations.add(each.apply(block, switchedWindow(block, spin, machine, 0)));
            }
        }
        return observations;
    }

    /** The last observation (block 8's) with its part {@code index} changed by {@code change}. */
    private static void withLastPart(List<Observation> observations, int index,
                                     java.util.function.UnaryOperator<Observation.Switched> change) {
        var last = observations.get(observations.size() - 1);
        var parts = new ArrayList<>(last.switched());
        parts.set(index, change.apply(parts.get(index)));
        observations.set(observations.size() - 1, new Observation(0, 8, last.variant(), null, true, List.of(), last.steps(), false, 0,
                false, parts));
    }

    /**
     * The window with its server's collector read in every part: 5 ms a part, and in part {@code collection} (none
     * where negative) an old generation's collection of 600 ms, each in the server's CPU.
     */
    private static Observation withCollector(Observation window, int collection) {
        var parts = new ArrayList<Observation.Switched>();
        for (int i = 0; i < window.switched().size(); i++) {
            var p = window.switched().get(i);
            double gc = i == collection ? 600 : 5;
            var byPart = new java.util.HashMap<>(p.partsMs());
            byPart.put("gc", gc);
            parts.add(new Observation.Switched(p.step(), p.variant(), p.seconds(), p.serverCpuMs() + gc, p.transactions(), byPart,
                    p.neighboursCpuMs(), p.neighboursTransactions(), p.neighboursJitMs(), p.neighboursGcMs(), p.databaseCpuMs(),
                    p.neighboursDatabaseCpuMs()));
        }
        return new Observation(window.sequence(), window.round(), window.variant(), null, true, List.of(), window.steps(), false, 0,
                false, parts);
    }

    @Test
    void aDatabaseThatAnswersTheSpinShowsInItsOwnDifference() throws Exception {
        // The database pace's check: were the database to spend 30 µs more per transaction while its server spins (the
        // requests' timing), the spin would be found short by that share of the server's CPU, and the database's own
        // difference would say so.
        ExperimentDefinition calibration = onControlsServer();
        var observations = new ArrayList<Observation>();
        for (int block = 1; block <= 8; block++) {
            for (String spin : List.of("spin-50", "spin-200")) {
                observations.add(switchedWindow(block, spin, null, 0.03));
            }
        }
        var found = Calibration.detected(calibration, observations, null);
        assertEquals(2, found.size());
        for (Method.Detected d : found) {
            assertEquals(Method.Detected.BY_DATABASE, d.pace());
            assertEquals(30, d.paceMicros(), 1e-6, "the database's own difference: " + d.paceCi95());
            assertTrue(d.paceCi95().get(0) > 0, "which excludes 0: " + d.paceCi95());
            assertTrue(d.detectedMicros() < (d.variant().equals("spin-50") ? 50 : 200) - 10, "and the spin found short");
        }
    }

    @Test
    void aSpinSwitchedOnBothServersOfTheAaPairAtOnceIsFoundFromEachBlocksTwoWindows(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        // The same spell of the machine moves the two windows of a block in opposite directions (they begin with opposite
        // settings): each server alone finds the spin 40 µs off either way from block to block, the block's mean exactly.
        ExperimentDefinition twins = spinOnTheAaPair(dir, "");
        var observations = new ArrayList<Observation>();
        for (int block = 1; block <= 8; block++) {
            double spell = block % 2 == 0 ? 40 : -40;
            observations.add(spinWindow(block, "spin-50", 50 + spell));
            observations.add(spinWindow(block, "spin-50-b", 50 - spell));
        }
        var found = Calibration.detected(twins, observations, null);
        assertEquals(1, found.size(), "one figure for the spin, not one per server: " + found);
        Method.Detected d = found.get(0);
        assertEquals("spin-50", d.variant());
        assertEquals(List.of("spin-50", "spin-50-b"), d.pooled());
        assertEquals(8, d.n(), "a figure a block, its two windows sharing the block's machine");
        assertEquals(50, d.detectedMicros(), 1e-6);
        assertTrue(d.halfWidthMicros() < 1e-6, "the spells cancel within each block: " + d.ci95());
        // Measured on one server only, the same windows spread the figure by the spells.
        var alone = Calibration.detected(twins, observations.stream().filter(o -> o.variant().equals("spin-50")).toList(), null);
        assertEquals(1, alone.size());
        assertNull(alone.get(0).pooled());
        assertTrue(alone.get(0).halfWidthMicros() > 30, "alone: " + alone.get(0).ci95());
        assertEquals(List.of("control"), Calibration.twins(twins, twins.variants().get(0)), "a host has none");
        assertEquals(List.of("spin-50", "spin-50-b"), Calibration.twins(twins, twins.variants().get(3)));

        // One twin's window without its compiler's threads read: not every window has them, so the figure is the whole CPU's.
        var unread = new ArrayList<>(observations);
        var w = unread.get(1);
        unread.set(1, new Observation(0, w.round(), w.variant(), null, true, List.of(), w.steps(), false, 0, false,
                w.switched().stream().map(p -> new Observation.Switched(p.step(), p.variant(), p.seconds(), p.serverCpuMs(),
                        p.transactions(), Map.of("requests", p.serverCpuMs()), null, 0, null, null, p.databaseCpuMs(), null)).toList()));
        assertFalse(Calibration.detected(twins, unread, null).get(0).compilerApart(), "counted by window, not by block");
    }

    @Test
    void aSpinMeasuredInTwoRoundsABlockIsFoundFromAllFourWindows(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        // A copy of the calibration with the 50-µs spin's second pair (spin-50-c, spin-50-d: two rounds a block). Each
        // round's spell cancels between its two windows; the block's figure is the mean of all four, under spin-50's name.
        ExperimentDefinition twice = spinOnTheAaPair(dir, """
                  - name: spin-200
                    server-of: control
                    properties: {order.calibration.spin-micros: "200"}
                  - name: spin-50-c
                    server-of: control
                    properties: {order.calibration.spin-micros: "50"}
                  - name: spin-50-d
                    server-of: control-2
                    properties: {order.calibration.spin-micros: "50"}
                """);
        assertEquals(List.of("spin-50", "spin-50-b", "spin-50-c", "spin-50-d"), Calibration.twins(twice, twice.variants().get(5)),
                "twins may share a host");
        assertEquals(List.of("spin-200"), Calibration.twins(twice, twice.variants().get(4)), "another spin is none");
        var observations = new ArrayList<Observation>();
        for (int block = 1; block <= 8; block++) {
            double spell = block % 2 == 0 ? 40 : -40;
            observations.add(spinWindow(block, "spin-50", 50 + spell));
            observations.add(spinWindow(block, "spin-50-b", 50 - spell));
            observations.add(spinWindow(block, "spin-50-c", 50 - 2 * spell));
            observations.add(spinWindow(block, "spin-50-d", 50 + 2 * spell));
        }
        var found = Calibration.detected(twice.withVariants(twice.variants().stream().filter(v -> !v.name().equals("spin-200")).toList()),
                observations, null);
        assertEquals(1, found.size(), "one figure for the spin, not one per variant: " + found);
        assertEquals(List.of("spin-50", "spin-50-b", "spin-50-c", "spin-50-d"), found.get(0).pooled());
        assertEquals(8, found.get(0).n(), "a figure a block");
        assertEquals(50, found.get(0).detectedMicros(), 1e-6);
        assertTrue(found.get(0).halfWidthMicros() < 1e-6, "the spells cancel within each block: " + found.get(0).ci95());
    }

    @Test
    void aSpinOnControl2sServerNotSwitchedIsPairedWithControl2() throws Exception {
        // Measured in turn with windows too short to be switched: spin-50-b against its own host's windows (one JVM), not
        // against control's, which differs by the two JVMs (here 100 µs).
        var twins = ExperimentDefinition.read(Path.of("../experiments/calibration.yaml"));
        var observations = new ArrayList<Observation>();
        for (int block = 1; block <= 8; block++) {
            double machine = 0.01 * (block % 3);
            observations.add(window(block, "control", 2.0 + machine, false));
            observations.add(window(block, "control-2", 2.1 + machine, false));
            observations.add(window(block, "spin-50-b", 2.15 + machine, false));
        }
        var found = Calibration.detected(twins, observations, null).stream().filter(d -> d.variant().equals("spin-50-b")).toList();
        assertEquals(1, found.size());
        assertEquals(Method.Detected.PAIRED, found.get(0).by());
        assertEquals(50, found.get(0).detectedMicros(), 1e-6, "against control-2");
        assertNull(found.get(0).pooled());
    }

    /** The A/A pair with the 50-µs spin on each server (spin-50, spin-50-b), and {@code more} variants after them. */
    private static ExperimentDefinition spinOnTheAaPair(Path dir, String more) throws Exception {
        Path file = dir.resolve("twins.yaml");
        java.nio.file.Files.writeString(file, """
                varies: a spin on each server of an A/A pair
                variants:
                  - name: control
                  - name: control-2
                  - name: spin-50
                    server-of: control
                    properties: {order.calibration.spin-micros: "50"}
                  - name: spin-50-b
                    server-of: control-2
                    properties: {order.calibration.spin-micros: "50"}
                """ + more);
        return ExperimentDefinition.read(file);
    }

    /**
     * The shipped calibration with its spins on control's server only: the windows these tests draw are control's, and
     * the spins on control-2's server ({@link #aSpinSwitchedOnBothServersOfTheAaPairAtOnceIsFoundFromEachBlocksTwoWindows})
     * would otherwise be variants without a window.
     */
    private static ExperimentDefinition onControlsServer() throws Exception {
        var shipped = ExperimentDefinition.read(Path.of("../experiments/calibration.yaml"));
        assertEquals(List.of("control", "control-2", "spin-50", "spin-200", "spin-50-b", "spin-200-b"),
                shipped.variants().stream().map(Variant::name).toList());
        return shipped.withVariants(shipped.variants().subList(0, 4));
    }

    /** A switched window of one quartet whose spin parts cost {@code micros} more per transaction, at a steady machine. */
    private static Observation spinWindow(int block, String name, double micros) {
        var parts = new ArrayList<Observation.Switched>();
        for (int i = 0; i < 4; i++) {
            boolean atVariant = (i == 0 || i == 3) == (block % 2 == 1);
            long tx = 800;
            double cpu = (1.6 + (atVariant ? micros / 1000 : 0)) * tx;
            parts.add(new Observation.Switched(20, atVariant, 5.5, cpu, tx, Map.of("requests", cpu, "jit", 0.0, "gc", 0.0),
                    null, 0, null, null, 1.1 * tx, null));
        }
        var step = new Observation.StepFigures(20, "20 users", 150.0, 40.0, 10.0, Map.of("server", 1.6 + micros / 2000));
        return new Observation(0, block, name, null, true, List.of(), List.of(step), false, 0, false, parts);
    }

    /**
     * A switched window of one quartet at 150 tx/s: the server spends 1.6 ms a transaction and its database 1.1 ms, both
     * scaled by the part's pace (the machine's and the transactions' weight), the database {@code databaseAnswer} ms more
     * in the spin's parts; the other servers' pace moves on its own by up to 10 % besides (null machine: no pace moves).
     */
    private static Observation switchedWindow(int block, String spin, Random machine, double databaseAnswer) {
        double micros = spin.equals("spin-50") ? 50 : 200;
        var parts = new ArrayList<Observation.Switched>();
        for (int i = 0; i < 4; i++) {
            boolean atVariant = (i == 0 || i == 3) == (block % 2 == 1);
            double pace = machine == null ? 1 : 0.8 + 0.4 * machine.nextDouble();
            double theirs = machine == null ? 1 : pace * (0.95 + 0.1 * machine.nextDouble());
            long tx = 870 + i;
            double jit = 20 * i; // the compiler's own, apart from the figure, in the whole CPU beside it
            double cpu = (1.6 * pace + (atVariant ? micros / 1000 : 0)) * tx + jit;
            parts.add(new Observation.Switched(20, atVariant, 5.5, cpu, tx, Map.of("requests", cpu - jit, "jit", jit),
                    1.6 * theirs * 860 + 10, 860, 10.0, null,
                    (1.1 * pace + (atVariant ? databaseAnswer : 0)) * tx, 1.1 * theirs * 860));
        }
        var step = new Observation.StepFigures(20, "20 users", 150.0, 40.0, 10.0, Map.of("server", 1.6 + micros / 2000));
        return new Observation(0, block, spin, null, true, List.of(), List.of(step), false, 0, false, parts);
    }

    private static Observation window(int block, int turn, String variant, double serverCpuMs, boolean partner) {
        var step = new Observation.StepFigures(20, "20 users", 500.0, 40.0, 10.0, Map.of("server", serverCpuMs));
        return new Observation(0, block, variant, null, true, List.of(), List.of(step), false, turn, partner);
    }

    /** A counted window whose server CPU is known by part (the thread parts add up to the server's; system cuts across). */
    private static Observation window(int block, String variant, Map<String, Double> parts) {
        return window(block, 0, variant, parts, false);
    }

    private static Observation window(int block, int turn, String variant, Map<String, Double> parts, boolean partner) {
        double server = parts.entrySet().stream().filter(p -> !p.getKey().equals("system")).mapToDouble(Map.Entry::getValue).sum();
        var figures = new java.util.HashMap<String, Double>();
        parts.forEach((part, ms) -> figures.put(ServerWindow.serverPartPerTx(part), ms));
        var step = new Observation.StepFigures(20, "20 users", 500.0, 40.0, 10.0, Map.of("server", server), figures, Map.of());
        return new Observation(0, block, variant, null, true, List.of(), List.of(step), false, turn, partner);
    }

    private static Observation window(int block, String variant, double serverCpuMs, boolean burnIn) {
        var step = new Observation.StepFigures(20, "20 users", 500.0, 40.0, 10.0, Map.of("server", serverCpuMs));
        return new Observation(0, block, variant, null, true, List.of(), List.of(step), burnIn);
    }
}

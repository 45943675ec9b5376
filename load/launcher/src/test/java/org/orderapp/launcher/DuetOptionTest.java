package org.orderapp.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orderapp.driver.settings.LoadOptions;
import org.orderapp.lab.interleaved.Pairing;
import org.orderapp.stack.layout.ProjectLayout;

/**
 * --duet, --in-turn and --own-cores, and a file's own pairing and time limit: named in the command an experiment records,
 * the command line over the file, and refused where the method of rounds measures.
 */
class DuetOptionTest {

    @TempDir
    Path dir;

    private static final String TWO = "varies: a setting\nvariants:\n  - name: a\n  - name: b\n";

    @Test
    void theCommandAnExperimentRecordsSaysDuetOnlyWhenItApplies() throws Exception {
        Path file = Files.writeString(dir.resolve("two.yaml"), TWO);
        var duet = parsed(file, "--duet");
        assertTrue(duet.commandLine("two", duet.definition(file)).contains(" --duet"), duet.commandLine("two", duet.definition(file)));

        var ownCores = parsed(file, "--duet", "--own-cores");
        assertTrue(ownCores.commandLine("two", ownCores.definition(file)).contains(" --duet --own-cores"));
        assertEquals(Pairing.DUET_ON_OWN_CORES, ownCores.pairing(ownCores.definition(file)));
        assertEquals(Pairing.DUET, duet.pairing(duet.definition(file)));

        var inTurn = parsed(file);
        assertFalse(inTurn.commandLine("two", inTurn.definition(file)).contains("--duet"), inTurn.commandLine("two", inTurn.definition(file)));
        assertEquals(Pairing.IN_TURN, inTurn.pairing(inTurn.definition(file)));
        assertTrue(inTurn.commandLine("two", inTurn.definition(file)).contains(" --max-time 45m"), "the default");
        var alone = assertThrows(IllegalArgumentException.class, () -> parsed(file, "--own-cores").pairing(inTurn.definition(file)));
        assertTrue(alone.getMessage().contains("--own-cores is a way of --duet"), alone.getMessage());
    }

    @Test
    void aFileMayAskForADuetAndATimeLimitWhichTheCommandLineOverrides() throws Exception {
        Path file = Files.writeString(dir.resolve("duo.yaml"), TWO + "interleaved: {pairing: duet, max-time: 30m}\n");
        var byTheFile = parsed(file);
        var definition = byTheFile.definition(file);
        assertEquals(Pairing.DUET, byTheFile.pairing(definition));
        assertEquals(java.time.Duration.ofMinutes(30), byTheFile.stopRule(definition).maxTime());
        assertTrue(byTheFile.commandLine("duo", definition).endsWith(" --max-time 30m --duet"), byTheFile.commandLine("duo", definition));
        assertEquals(Pairing.DUET_ON_OWN_CORES, parsed(file, "--own-cores").pairing(definition));

        var inTurn = parsed(file, "--in-turn", "--max-time", "10m");
        assertEquals(Pairing.IN_TURN, inTurn.pairing(definition));
        assertEquals(java.time.Duration.ofMinutes(10), inTurn.stopRule(definition).maxTime());
        assertTrue(inTurn.commandLine("duo", definition).endsWith(" --max-time 10m --in-turn"), inTurn.commandLine("duo", definition));

        assertThrows(picocli.CommandLine.MutuallyExclusiveArgsException.class, () -> parsed(file, "--duet", "--in-turn"));
        Path bad = Files.writeString(dir.resolve("bad.yaml"), TWO + "interleaved: {pairing: together}\n");
        var refused = assertThrows(IllegalArgumentException.class, () -> parsed(bad).definition(bad));
        assertTrue(refused.getMessage().contains("pairing 'together' is not one of [in-turn, duet]"), refused.getMessage());
        Path badTime = Files.writeString(dir.resolve("bad-time.yaml"), TWO + "interleaved: {max-time: soon}\n");
        refused = assertThrows(IllegalArgumentException.class, () -> parsed(badTime).definition(badTime));
        assertTrue(refused.getMessage().contains("interleaved: max-time:"), refused.getMessage());
    }

    @Test
    void instancesComeFromTheFileOrTheCommandLineAndAreRecordedInTheCommand() throws Exception {
        Path file = Files.writeString(dir.resolve("jvms.yaml"), TWO + "interleaved: {instances: 3}\n");
        var byTheFile = parsed(file);
        var definition = byTheFile.definition(file);
        assertEquals(3, byTheFile.instances(definition));
        assertTrue(byTheFile.commandLine("jvms", definition).endsWith(" --instances 3"), byTheFile.commandLine("jvms", definition));
        var two = parsed(file, "--instances", "2");
        assertEquals(2, two.instances(definition));
        Path plain = Files.writeString(dir.resolve("plain.yaml"), TWO);
        var one = parsed(plain);
        assertEquals(1, one.instances(one.definition(plain)));
        assertFalse(one.commandLine("plain", one.definition(plain)).contains("--instances"), "one server a variant is the default");
        assertTrue(parsed(plain, "--rounds", "2").commandLine("plain", one.definition(plain)).endsWith("--rounds 2"),
                "by rounds every round is a fresh JVM: no instances");
    }

    @Test
    void aWayOfTheInterleavedMethodIsRefusedWhereItCannotApplyBeforeAnythingStarts() {
        for (var options : java.util.List.of(java.util.List.of("all", "--own-cores"), java.util.List.of("calibration", "--own-cores", "--in-turn"),
                java.util.List.of("calibration", "--own-cores", "--rounds", "2"), java.util.List.of("calibration", "--in-turn", "--quick"),
                java.util.List.of("calibration", "--duet", "--rounds", "2"), java.util.List.of("calibration", "--instances", "2", "--rounds", "2"),
                java.util.List.of("calibration", "--instances", "2", "--quick"), java.util.List.of("calibration", "--instances", "5"),
                java.util.List.of("calibration", "--instances", "0"))) {
            var args = new java.util.ArrayList<>(java.util.List.of("experiment", "--dry-run"));
            args.addAll(options);
            var order = LoadOptions.commandLine(new OrderCommand());
            assertEquals(2, order.execute(args.toArray(String[]::new)), "refused: " + options);
        }
    }

    private static ExperimentCommand parsed(Path file, String... options) {
        var command = new ExperimentCommand();
        var args = new java.util.ArrayList<String>(java.util.List.of(file.toString()));
        args.addAll(java.util.List.of(options));
        LoadOptions.commandLine(command).parseArgs(args.toArray(String[]::new));
        return command;
    }

    @Test
    void anExperimentMeasuredByRoundsRefusesItBeforeAnythingStarts() throws Exception {
        Path file = Files.writeString(dir.resolve("aot.yaml"), "varies: the cache\nvariants:\n  - name: plain\n    jdk: 25\n"
                + "  - name: cached\n    jdk: 25\n    aot-cache: train-and-use\n");
        var command = new ExperimentCommand();
        LoadOptions.commandLine(command).parseArgs("aot", "--duet");
        var refused = assertThrows(IllegalArgumentException.class,
                () -> command.runner(new ProjectLayout(dir), command.definition(file), file, "c"));
        assertTrue(refused.getMessage().contains("--duet") && refused.getMessage().contains("measured by rounds: a variant with an AOT cache"),
                refused.getMessage());
    }
}

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

/** --duet and --own-cores: named in the command an experiment records, and refused where the method of rounds measures. */
class DuetOptionTest {

    @TempDir
    Path dir;

    @Test
    void theCommandAnExperimentRecordsSaysDuetOnlyWhenGiven() {
        var duet = new ExperimentCommand();
        LoadOptions.commandLine(duet).parseArgs("calibration", "--duet");
        assertTrue(duet.commandLine("calibration").contains(" --duet"), duet.commandLine("calibration"));

        var ownCores = new ExperimentCommand();
        LoadOptions.commandLine(ownCores).parseArgs("calibration", "--duet", "--own-cores");
        assertTrue(ownCores.commandLine("calibration").contains(" --duet --own-cores"), ownCores.commandLine("calibration"));
        assertEquals(Pairing.DUET_ON_OWN_CORES, ownCores.pairing());
        assertEquals(Pairing.DUET, duet.pairing());

        var inTurn = new ExperimentCommand();
        LoadOptions.commandLine(inTurn).parseArgs("calibration");
        assertFalse(inTurn.commandLine("calibration").contains("--duet"), inTurn.commandLine("calibration"));
        assertEquals(Pairing.IN_TURN, inTurn.pairing());
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

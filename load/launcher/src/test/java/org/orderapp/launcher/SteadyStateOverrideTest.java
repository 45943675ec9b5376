package org.orderapp.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orderapp.driver.settings.LoadOptions;

/** --steady-min and --steady-max override the definition's warm-up, and the command an experiment records says so. */
class SteadyStateOverrideTest {

    @TempDir
    Path dir;

    @Test
    void theWarmUpsBoundsComeFromTheCommandOverTheFile() throws Exception {
        Path file = Files.writeString(dir.resolve("long.yaml"), "varies: nothing\nload:\n  steady-min: 15m\n  steady-max: 16m\n"
                + "variants:\n  - name: a\n  - name: b\n");
        var command = new ExperimentCommand();
        LoadOptions.commandLine(command).parseArgs("long", "--steady-min", "120s", "--steady-max", "900s");
        var steady = command.definition(file).loadConfig().steadyState();
        assertEquals(Duration.ofSeconds(120), steady.min());
        assertEquals(Duration.ofSeconds(900), steady.max());
        String recorded = command.commandLine("long", command.definition(file));
        assertTrue(recorded.contains(" --steady-min 120s --steady-max 900s"), recorded);

        var asFiled = new ExperimentCommand();
        LoadOptions.commandLine(asFiled).parseArgs("long");
        assertEquals(Duration.ofMinutes(15), asFiled.definition(file).loadConfig().steadyState().min());
    }
}
